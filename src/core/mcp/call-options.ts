// The per-call rules of §7 in the SDK's terms: the call timeout, reset by progress, under a hard total cap,
// and the caller's signal passed on so that a cancel reaches the server.
import type { RequestOptions, Tool } from "@modelcontextprotocol/client";
import type { CallOptions } from "./connection-types.js";

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

/** Whether a tool declares `x-mcp-header` parameters (only the SDK's callTool() mirrors them into headers). */
export function hasHeaderMarks(tool: Tool | undefined): tool is Tool {
  return tool !== undefined && JSON.stringify(tool.inputSchema ?? {}).includes('"x-mcp-header"');
}
