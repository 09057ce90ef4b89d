// What the agent takes from the MCP servers into its context: the instructions of the servers that are ready,
// and the resources a prompt @-mentions, as capped text.
import type { ServerInstructions } from "../agent/system-prompt.js";
import { errorMessage } from "../errors.js";
import type { McpManager } from "../mcp/servers/manager.js";
import { capOutput } from "../tools/cap-output.js";

/** How long a mention waits for its server to finish starting. */
const MENTION_WAIT_MS = 15_000;

/** A mentioned resource as text: text contents joined, binary ones as a placeholder, capped (§7). */
export async function readMentioned(
  manager: McpManager,
  server: string,
  uri: string,
  o: { saveDir: string; signal?: AbortSignal },
): Promise<{ text: string } | { error: string }> {
  try {
    if (manager.has(server)) await manager.waitForServer(server, MENTION_WAIT_MS);
    const raw = await manager.readResource(server, uri, {
      ...(o.signal !== undefined && { signal: o.signal }),
    });
    const contents = (Array.isArray(raw.contents) ? raw.contents : []) as {
      text?: unknown;
      blob?: unknown;
      mimeType?: unknown;
    }[];
    const parts = contents.map((c) =>
      typeof c.text === "string"
        ? c.text
        : `[binary content${typeof c.mimeType === "string" ? ` (${c.mimeType})` : ""}, ${typeof c.blob === "string" ? Math.floor((c.blob.length * 3) / 4) : 0} bytes, not attached]`,
    );
    return { text: capOutput(parts.join("\n"), { saveDir: o.saveDir, label: "resource" }).text };
  } catch (e) {
    return { error: errorMessage(e) };
  }
}

/** Instructions of the servers that are ready now (a server that starts later joins the next step). */
export function readyInstructions(manager: McpManager): ServerInstructions[] {
  return manager.snapshots().flatMap((s) => {
    // An idle (lazy) server's are those it gave when last started, kept with its cached tools (§20.1).
    const text =
      s.state.status === "ready"
        ? s.info?.instructions
        : s.state.status === "idle"
          ? s.lists.instructions
          : undefined;
    return typeof text === "string" && text.trim() !== "" ? [{ server: s.name, text }] : [];
  });
}
