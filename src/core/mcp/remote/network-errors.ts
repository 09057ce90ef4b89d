// What a failed fetch means, in the user's terms. Node's fetch throws `TypeError: fetch failed` with the real
// cause (ECONNREFUSED, ENOTFOUND, "bad port"…) one or two levels down, and the SDK's SSE transport flattens it
// into a string ("SSE error: TypeError: fetch failed: connect ECONNREFUSED 127.0.0.1:4000"), so both the cause
// chain and the text are read.

interface Rule {
  /** Matches an error `code`, or a word in the message text. */
  test: RegExp;
  say: (where: Where) => string;
}

interface Where {
  host: string;
  port: string;
  /** The url without its query or credentials (they may hold secrets). */
  shown: string;
}

// First match wins: the specific causes come before the generic ones.
const RULES: Rule[] = [
  {
    test: /\bbad port\b/i,
    say: (w) =>
      `port ${w.port} is one that fetch refuses to connect to (reserved for another protocol, e.g. 6000 for X11 or 6665-6669 for IRC); run the server on another port and change "url"`,
  },
  {
    test: /\bECONNREFUSED\b/,
    say: (w) =>
      `connection refused: nothing is listening on ${w.host}:${w.port} (is the server running? check the host and port in "url")`,
  },
  {
    test: /\bENOTFOUND\b/,
    say: (w) => `host "${w.host}" not found (check the host name in "url")`,
  },
  {
    test: /\bEAI_AGAIN\b/,
    say: (w) =>
      `looking up host "${w.host}" failed for now (is the network up? check the host name in "url")`,
  },
  {
    test: /\b(EHOSTUNREACH|ENETUNREACH)\b/,
    say: (w) => `no route to ${w.host} (is the network up? check "url")`,
  },
  {
    test: /\b(ETIMEDOUT|UND_ERR_CONNECT_TIMEOUT)\b/,
    say: (w) => `connecting to ${w.host}:${w.port} timed out (is the server up? check "url")`,
  },
  {
    test: /CERT_|_CERT\b|SELF_SIGNED|UNABLE_TO_(GET|VERIFY)|ERR_TLS_/,
    say: (w) =>
      `the TLS certificate of ${w.host} was not accepted (for a private CA set NODE_EXTRA_CA_CERTS; check "url")`,
  },
  {
    test: /\b(ECONNRESET|EPIPE|UND_ERR_SOCKET|other side closed)\b/i,
    say: (w) => `${w.host}:${w.port} closed the connection`,
  },
];

/** A sentence saying why `url` could not be reached, or undefined when `e` is no network failure. */
export function describeNetworkFailure(e: unknown, url: string): string | undefined {
  const facts = collect(e);
  if (facts.length === 0) return undefined;
  const text = facts.join("\n");
  const rule = RULES.find((r) => r.test.test(text));
  if (rule !== undefined) return rule.say(where(url));
  // Known to be a failed fetch, but no cause we can name: say so, with whatever detail there is.
  if (/\bfetch failed\b/i.test(text)) {
    const detail = facts.find((f) => !/^(TypeError: )?fetch failed$/i.test(f) && !/^SSE error/.test(f));
    return `the request failed${detail === undefined ? "" : ` (${detail})`} (check "url")`;
  }
  return undefined;
}

/** Codes and messages along the cause chain (and AggregateError members), when it looks like a fetch failure. */
function collect(e: unknown): string[] {
  const out: string[] = [];
  const seen = new Set<unknown>();
  const visit = (v: unknown, depth: number) => {
    if (!(v instanceof Error) || depth > 5 || seen.has(v)) return;
    seen.add(v);
    const code = (v as { code?: unknown }).code;
    if (typeof code === "string") out.push(code);
    out.push(v.message);
    if (v instanceof AggregateError) for (const m of v.errors as unknown[]) visit(m, depth + 1);
    visit(v.cause, depth + 1);
  };
  visit(e, 0);
  const text = out.join("\n");
  const networky = /fetch failed|bad port|\bE[A-Z_]{3,}\b|UND_ERR|CERT|other side closed/i.test(text);
  return networky ? out : [];
}

function where(url: string): Where {
  try {
    const u = new URL(url);
    const port = u.port !== "" ? u.port : u.protocol === "https:" ? "443" : "80";
    return { host: u.hostname, port, shown: `${u.origin}${u.pathname}` };
  } catch {
    return { host: url, port: "?", shown: url };
  }
}

/** The url as it may be shown: no query string, no credentials. */
export function shownUrl(url: string): string {
  return where(url).shown;
}
