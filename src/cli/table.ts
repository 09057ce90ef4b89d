// Plain-text tables for terminal output; cells (often server text) are made printable: one line, no
// control sequences, cut to a width.
import { printable } from "../core/text/printable.js";

export function renderTable(headers: string[], rows: string[][], opts: { maxCell?: number } = {}): string {
  const max = opts.maxCell ?? 80;
  const clean = (s: string) => printable(s, max);
  const all = [headers, ...rows].map((r) => r.map(clean));
  const widths = headers.map((_, i) => Math.max(...all.map((r) => (r[i] ?? "").length)));
  return all
    .map((r) =>
      r
        .map((c, i) => (i === r.length - 1 ? c : c.padEnd(widths[i] ?? 0)))
        .join("  ")
        .trimEnd(),
    )
    .join("\n");
}
