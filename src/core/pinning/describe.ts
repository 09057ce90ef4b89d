// Text lines saying what changed in a tool's definition, for `mcp get`, `mcp accept` and `/mcp`: descriptions
// and titles as line diffs, schemas and annotations as diffs of their pretty JSON.
import { diffView } from "../diff/line-diff.js";
import { stripControl } from "../text/strip.js";
import { isOmitted, type PinnedField, type ToolDefinition } from "./definition.js";
import type { ToolChangeDetail } from "./pins.js";

export interface DescribeOptions {
  /** Lines per field diff (default 12); a cut says how many were left out. */
  maxLines?: number;
}

/** Plain lines (`- old`, `+ new`), indented by the caller; server text is cleaned of control characters. */
export function describeChange(d: ToolChangeDetail, o: DescribeOptions = {}): string[] {
  if (d.change === "new") return ["new tool, not accepted yet", ...summary(d.after)];
  if (d.change === "removed") return ["no longer listed by the server"];
  const out: string[] = [];
  for (const f of d.fields) {
    out.push(`${f}:`);
    const view = diffView(fieldText(d.before, f), fieldText(d.after, f), {
      context: 1,
      maxLines: o.maxLines ?? 12,
    });
    for (const l of view.lines) {
      if (l.kind === "skip")
        out.push(
          l.reason === "cut"
            ? `  … ${l.count} more changed line${l.count === 1 ? "" : "s"}`
            : `  ⋯ ${l.count} unchanged line${l.count === 1 ? "" : "s"}`,
        );
      else out.push(`  ${l.kind === "add" ? "+" : l.kind === "del" ? "-" : " "} ${l.text}`);
    }
  }
  return out;
}

function summary(d: ToolDefinition | undefined): string[] {
  const text = d?.description ?? d?.title;
  if (text === undefined || text === "") return [];
  const first = stripControl(text).split("\n")[0] ?? "";
  return [`description: ${first.length > 200 ? `${first.slice(0, 199)}…` : first}`];
}

function fieldText(d: ToolDefinition | undefined, f: PinnedField): string {
  const v = d?.[f];
  if (v === undefined) return "";
  if (isOmitted(v)) return `(${v.$omitted.chars} characters; only a hash of it was kept)`;
  const text = typeof v === "string" ? v : JSON.stringify(v, null, 2);
  return stripControl(text);
}
