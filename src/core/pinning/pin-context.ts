// The session facts a review of one server's listing is judged with (§16): its tools in their pinned form
// (session paths taken out), the hashes they had as listed, and the capabilities declared to that server.
import type { ClientCapabilities } from "@modelcontextprotocol/client";
import type { ServerDefinition } from "../config/types.js";
import { capabilityProfile } from "./capability-profile.js";
import { toolHash, type ToolDefinition } from "./definition.js";
import type { ReviewContext } from "./review.js";
import { withoutSessionPaths, type SessionPath } from "./session-paths.js";

export type { SessionPath };

export function reviewContext(
  def: ServerDefinition,
  tools: readonly ToolDefinition[],
  o: { sessionPaths?: readonly SessionPath[]; capabilities?: ClientCapabilities },
): { listed: ToolDefinition[]; context: ReviewContext } {
  const listedHashes = new Map<string, string>();
  const listed = tools.map((t) => {
    const pinned = withoutSessionPaths(t, o.sessionPaths ?? []);
    if (pinned !== t) listedHashes.set(t.name, toolHash(t));
    return pinned;
  });
  return { listed, context: { listedHashes, ...profileContext(def, o.capabilities) } };
}

/** The capabilities declared to this server, as a review judges them (none known: judged without). */
export function profileContext(
  def: ServerDefinition,
  capabilities: ClientCapabilities | undefined,
): Pick<ReviewContext, "profile"> {
  if (capabilities === undefined) return {};
  // `"roots": false` takes roots out of what this server is told (open-server.ts).
  const declared = def.config?.roots === false ? { ...capabilities, roots: undefined } : capabilities;
  return { profile: capabilityProfile(declared) };
}
