// Follows `nextCursor` to the end of a list, with a cap on pages and a stop on a repeated cursor, so a
// server that loops (A→B→A, or the same cursor forever) cannot hang or exhaust the host.

export interface Page<T> {
  items: T[];
  nextCursor?: string | undefined;
}

export interface PaginateResult<T> {
  items: T[];
  pages: number;
  /** Why listing stopped early, when it did. */
  stopped?: string;
}

export async function paginate<T>(
  fetchPage: (cursor: string | undefined) => Promise<Page<T>>,
  opts: { maxPages?: number } = {},
): Promise<PaginateResult<T>> {
  const maxPages = opts.maxPages ?? 100;
  const seen = new Set<string>();
  const items: T[] = [];
  let cursor: string | undefined;
  for (let pages = 1; ; pages++) {
    const page = await fetchPage(cursor);
    items.push(...page.items);
    const next = page.nextCursor;
    if (next === undefined || next === "") return { items, pages };
    if (seen.has(next)) return { items, pages, stopped: `server repeated cursor "${next.slice(0, 40)}"` };
    if (pages >= maxPages) return { items, pages, stopped: `stopped after ${maxPages} pages` };
    seen.add(next);
    cursor = next;
  }
}
