// A caller's tool call made on the upstream connection (§22): the gateway forwards the server's own result as
// it came, under a size cap, instead of the model view the agent renders (text for a model, large outputs saved
// to files, media notes). A caller is a client with its own rendering; the model view was most of a call's cost.
import type { CallToolResult as WireResult } from "@modelcontextprotocol/server";
import { CodeagentError } from "../errors.js";
import { stripControlLine } from "../text/strip.js";
import type { ToolProgress } from "../tools/types.js";
import type { CallerTool, GatewayHost } from "./catalog.js";

/** How long a call waits for a server that is (re)starting, as the agent's calls do. */
export const START_WAIT_MS = 30_000;

/** The largest result a caller is sent, in characters of text and base64 data. */
export const MAX_RESULT_CHARS = 32 * 1024 * 1024;

export interface UpstreamCallOptions {
  signal: AbortSignal;
  onProgress?: (p: ToolProgress) => void;
  /**
   * What a 2026-07-28 upstream's task handle becomes for the caller (its own task, relayed there) instead of
   * the host running the task to its end.
   */
  onTaskHandle?: (handle: Record<string, unknown>) => WireResult;
}

const len = (v: unknown) => (typeof v === "string" ? v.length : 0);

/**
 * The size of a result's payload: the text and base64 data of its blocks (embedded resources too) and its
 * structured content. Counted without serialising: the cap is checked on every call.
 */
export function resultChars(r: { content?: unknown; structuredContent?: unknown }): number {
  let n = 0;
  if (Array.isArray(r.content)) {
    for (const b of r.content as Record<string, unknown>[]) {
      if (b === null || typeof b !== "object") continue;
      n += len(b.text) + len(b.data);
      const res = b.resource as Record<string, unknown> | undefined;
      if (res !== null && typeof res === "object") n += len(res.text) + len(res.blob);
    }
  }
  // Structured content is usually small; its real size is only known serialised.
  if (r.structuredContent !== undefined) n += JSON.stringify(r.structuredContent)?.length ?? 0;
  return n;
}

/** The upstream result as a caller gets it: content, structured content and the error flag, as they came. */
export function forwardResult(raw: Record<string, unknown>, max = MAX_RESULT_CHARS): WireResult {
  const size = resultChars(raw);
  if (size > max)
    throw new CodeagentError(
      "MESSAGE_TOO_LARGE",
      `the result has ${size} characters, over the gateway's limit of ${max}`,
    );
  return {
    content: (Array.isArray(raw.content) ? raw.content : []) as WireResult["content"],
    ...(raw.structuredContent !== undefined && {
      structuredContent: raw.structuredContent,
    }),
    ...(raw.isError === true && { isError: true }),
  };
}

/** Calls `tool` on its server's connection, waiting (bounded) for a server that is starting. */
export async function callUpstream(
  host: Pick<GatewayHost, "manager">,
  tool: CallerTool,
  args: Record<string, unknown>,
  o: UpstreamCallOptions,
): Promise<WireResult> {
  const { manager } = host;
  if (manager.snapshot(tool.server).state.status === "starting")
    await manager.waitForServer(tool.server, START_WAIT_MS);
  const { onProgress, onTaskHandle } = o;
  let handed: WireResult | undefined;
  const raw = await manager.callTool(tool.server, tool.upstreamName, args, {
    signal: o.signal,
    ...(onTaskHandle !== undefined && {
      onTaskHandle: (handle) => {
        handed = onTaskHandle(handle);
        return {};
      },
    }),
    ...(onProgress !== undefined && {
      onProgress: (p) =>
        onProgress({
          progress: p.progress,
          ...(p.total !== undefined && { total: p.total }),
          // A server's progress message is its text: cleaned before it leaves, as the agent does.
          ...(p.message !== undefined && { message: stripControlLine(p.message) }),
        }),
    }),
  });
  return handed ?? forwardResult(raw);
}
