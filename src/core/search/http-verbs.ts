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
 * and the words most of the server's tool names hold (`nameCount`: of how many of server g's tools the name
 * holds a term; the index's name field says). Worked out for a tool when it is asked about, so building an
 * index costs nothing and a query never reads every name of a 5 000-tool server.
 */
export function methodTools(
  nameTerms: (doc: number) => readonly string[],
  serverTerms: (server: number) => readonly string[],
  members: readonly (readonly number[])[],
  serverOf: Int32Array,
  nameCount: (server: number, term: string) => number,
): (d: number) => boolean {
  const ownTerms = new Map<number, ReadonlySet<string>>();
  return (d) => {
    const g = serverOf[d]!;
    const words = nameTerms(d);
    if (g < 0 || !words.some((t) => FALSE_FRIENDS.has(t))) return false;
    let own = ownTerms.get(g);
    if (own === undefined) ownTerms.set(g, (own = new Set(serverTerms(g))));
    const size = members[g]!.length;
    const prefix = (t: string) => size >= 4 && nameCount(g, t) >= PREFIX_SHARE * size;
    const rest = words.filter((t) => !own.has(t) && !prefix(t));
    return rest.length === 1 && FALSE_FRIENDS.has(rest[0]!);
  };
}

/** The query (its terms) means an HTTP request. */
export function asksHttp(queryTerms: readonly string[]): boolean {
  return queryTerms.some((t) => HTTP_WORDS.has(t));
}
