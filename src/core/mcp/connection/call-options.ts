// The per-call rules of §7 in the SDK's terms: the call timeout, reset by progress, under a hard total cap,
// and the caller's signal passed on so that a cancel reaches the server.
import type { RequestOptions, Tool } from "@modelcontextprotocol/client";
import { CallClock, SDK_TIMEOUT_OFF_MS, type PersonWaits } from "./call-clock.js";
import type { CallOptions } from "./types.js";

export function requestOptions(
  o: CallOptions | undefined,
  defaultTimeout: number,
  maxTotalTimeoutMs: number,
): RequestOptions {
  return {
    ...(o?.signal !== undefined && { signal: o.signal }),
    timeout: o?.timeoutMs ?? defaultTimeout,
    resetTimeoutOnProgress: true,
    maxTotalTimeout: o?.maxTotalTimeoutMs ?? maxTotalTimeoutMs,
    ...(o?.onProgress !== undefined && { onprogress: o.onProgress }),
  };
}

/**
 * The same rules for a call that may wait on a person (tools/call, resources/read, prompts/get): our clock
 * (call-clock.ts) instead of the SDK's, stopped while `waits` has a request waiting for the person.
 * `dispose` once the request settled.
 */
export function clockedRequestOptions(
  o: CallOptions | undefined,
  timeoutMs: number,
  maxTotalTimeoutMs: number,
  waits: PersonWaits,
): { options: RequestOptions; dispose: () => void } {
  const clock = new CallClock({
    timeoutMs,
    maxTotalMs: o?.maxTotalTimeoutMs ?? maxTotalTimeoutMs,
    waits,
    signal: o?.signal,
  });
  const onProgress = o?.onProgress;
  return {
    options: {
      signal: clock.signal,
      timeout: SDK_TIMEOUT_OFF_MS,
      ...(onProgress !== undefined && {
        onprogress: (p) => {
          clock.progress();
          onProgress(p);
        },
      }),
    },
    dispose: () => clock.dispose(),
  };
}

/** Whether a tool declares `x-mcp-header` parameters (only the SDK's callTool() mirrors them into headers). */
export function hasHeaderMarks(tool: Tool | undefined): tool is Tool {
  return tool !== undefined && JSON.stringify(tool.inputSchema ?? {}).includes('"x-mcp-header"');
}
