// Which parts of the status line fit the terminal's width (issue 30 item 7): parts are dropped, least
// useful first, until the line fits; the context gauge is never dropped or cut. Pure, for table tests.

export type StatusKey = "mcp" | "tools" | "branch" | "model" | "mode" | "context" | "cost" | "hint";

export interface StatusPart {
  key: StatusKey;
  /** The text as shown (its width is what counts). */
  text: string;
}

export const SEPARATOR = "  │  ";

/** Dropped first to last; `context` is not in the list: it always stays. */
const DROP_ORDER: readonly StatusKey[] = ["hint", "tools", "mcp", "branch", "cost", "model", "mode"];

export function lineWidth(parts: readonly StatusPart[]): number {
  return parts.reduce((n, p) => n + [...p.text].length, 0) + SEPARATOR.length * Math.max(0, parts.length - 1);
}

/** The parts that fit in `width` columns, in their order. */
export function fitStatus(parts: readonly StatusPart[], width: number): StatusPart[] {
  let shown = [...parts];
  for (const key of DROP_ORDER) {
    if (lineWidth(shown) <= width) break;
    shown = shown.filter((p) => p.key !== key);
  }
  return shown;
}
