// Tools named by an HTTP method (§15.1): `jira_put`, `bb_post`, `playwright_post` send a raw request. Their
// names hold one word, and it is an English word people use for other things ("put it on a map", "a blog
// post"), which matches the whole of such a name. A request that means the method says so ("PUT to the
// endpoint", "post JSON to the API"); without such words these tools keep a share of their score.
// `get` and `delete` mean the same in English and in HTTP, so their tools are not affected.

/** Methods whose English sense is another thing (stemmed as the index stems them). */
const FALSE_FRIENDS = new Set(["put", "post"]);
/** Words that say a request means HTTP. */
const HTTP_WORDS = new Set([
  "http",
  "https",
  "request",
  "api",
  "endpoint",
  "rest",
  "curl",
  "method",
  "header",
  "payload",
  "json",
  "url",
  "webhook",
]);
/** A name word found in at least this share of its server's tool names is the server's prefix (`bb_`). */
const PREFIX_SHARE = 0.5;

/**
 * Whether tool `d` is named by a false-friend method after its server's words: the server name's own terms
 * and the words most of the server's tool names begin with. Worked out per server the first time one of its
 * tools with a put or post in its name is asked about, so building an index costs nothing.
 */
export function methodTools(
  nameTerms: readonly (readonly string[])[],
  serverTerms: (server: number) => readonly string[],
  members: readonly (readonly number[])[],
  serverOf: Int32Array,
): (d: number) => boolean {
  const known = new Map<number, ReadonlySet<number>>();
  const ofServer = (g: number): ReadonlySet<number> => {
    const m = members[g]!;
    const count = new Map<string, number>();
    for (const d of m) for (const t of new Set(nameTerms[d])) count.set(t, (count.get(t) ?? 0) + 1);
    const own = new Set(serverTerms(g));
    for (const [t, n] of count) if (n >= PREFIX_SHARE * m.length && m.length >= 4) own.add(t);
    const out = new Set<number>();
    for (const d of m) {
      const rest = nameTerms[d]!.filter((t) => !own.has(t));
      if (rest.length === 1 && FALSE_FRIENDS.has(rest[0]!)) out.add(d);
    }
    return out;
  };
  return (d) => {
    const g = serverOf[d]!;
    if (g < 0 || !nameTerms[d]!.some((t) => FALSE_FRIENDS.has(t))) return false;
    let set = known.get(g);
    if (set === undefined) known.set(g, (set = ofServer(g)));
    return set.has(d);
  };
}

/** The query (its terms) means an HTTP request. */
export function asksHttp(queryTerms: readonly string[]): boolean {
  return queryTerms.some((t) => HTTP_WORDS.has(t));
}
