// Plain-text tables for terminal output; cells are single-line and cut to a width.

export function renderTable(headers: string[], rows: string[][], opts: { maxCell?: number } = {}): string {
  const max = opts.maxCell ?? 80;
  const clean = (s: string) => {
    const one = s.replace(/\s+/g, " ").trim();
    return one.length > max ? `${one.slice(0, max - 1)}…` : one;
  };
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
