// One line per server saying what changed in its tools since they were accepted (§16), for `-p` (stderr) and the
// interactive transcript. Changed tools are withheld; new ones are usable unless pinning is strict.
import type { ToolChange } from "./review.js";

export interface NoticeOptions {
  /** New tools are withheld too (`pinning: "strict"`). */
  strict?: boolean;
  /** Where the user is: the command line (`codeagent mcp …`, default) or the interactive session (`/mcp …`). */
  where?: "cli" | "session";
}

export function pinNotice(
  server: string,
  changes: readonly ToolChange[],
  o: NoticeOptions = {},
): string | undefined {
  const strict = o.strict === true;
  if (changes.length === 0) return undefined;
  const of = (kind: ToolChange["change"]) => changes.filter((c) => c.change === kind);
  const list = (cs: ToolChange[], fields: boolean) =>
    cs.map((c) => (fields && c.fields.length > 0 ? `${c.name} (${c.fields.join(", ")})` : c.name)).join(", ");
  const parts: string[] = [];
  const changed = of("changed");
  const added = of("new");
  const removed = of("removed");
  if (changed.length > 0) parts.push(`changed since accepted, withheld: ${list(changed, true)}`);
  if (added.length > 0) parts.push(`new${strict ? ", withheld" : ""}: ${list(added, false)}`);
  if (removed.length > 0) parts.push(`no longer listed: ${list(removed, false)}`);
  const how =
    o.where === "session"
      ? `Review with /mcp, accept with /mcp accept ${server}.`
      : `Review with codeagent mcp get ${server}, accept with codeagent mcp accept ${server}.`;
  return `MCP server "${server}" tool definitions — ${parts.join("; ")}. ${how}`;
}
