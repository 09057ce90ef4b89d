// Values in a request (§15.1). People name the thing a tool acts on by its value: an address, a path, a
// time, an IP. The value's own characters are no tool words ("10:30", "notes/todo.md", "203.0.113.7"), and
// some are worse than none: "next Monday" names the monday server, "mydomain" nothing. Each value is
// replaced by the words of its kind ("time", "file", "ip address"), which tools do use. Some values are also
// names whose words say something ("gitlab-ci.yml", "parseConfig"): those words are kept aside, as payload.

/**
 * In the order applied: a URL holds a domain and a path, an email a domain. A third entry `true` keeps the
 * value's own words as payload.
 */
const VALUES: [RegExp, string, boolean?][] = [
  [/\bhttps?:\/\/\S+/gi, "url"],
  [/\b[\w.+-]+@[\w-]+(\.[\w-]+)+\b/g, "email"],
  [/\b\d{1,3}(\.\d{1,3}){3}(\/\d{1,2})?\b/g, "ip address"],
  // Handles of communities, channels and people: "r/selfhosted", "#deploys", "@sam".
  [/(^|\s)r\/\w+/gi, " subreddit reddit"],
  [/(^|\s)#[a-z][\w-]*/gi, " channel"],
  [/(^|\s)@[a-z][\w.-]*/gi, " user"],
  // An absolute or home path (`/etc/nginx/nginx.conf`, `~/.ssh/config`, `./src`); `feature/login` is more
  // often a branch than a path, and a file name is found by its extension below.
  [/(^|\s)(~|\.{1,2})?\/[\w.-]+(\/[\w.-]*)*/g, " file path"],
  // A file name by its extension; not a framework named like one ("next.js", "node.js").
  [
    /\b(?!(next|node|nuxt|vue|three|express|d3|chart|ember|angular|socket|moment|deno|nest|react)\.js\b)[\w-]+\.(png|jpe?g|gif|svg|webp|pdf|md|txt|csv|tsv|json|ya?ml|toml|ini|conf|env|xml|html?|css|log|zip|tar|gz|docx?|xlsx?|pptx?|ts|js|mjs|py|go|rs|java|rb|sh|sql)\b/gi,
    "file",
    true,
  ],
  [
    /\b[a-z0-9-]+(\.[a-z0-9-]+)*\.(com|io|org|net|dev|app|co|ai|de|fr|uk|us|eu|info|biz|me|sh|xyz|cloud|site|tech)\b/gi,
    "domain",
  ],
  // Times of day and days named in a date ("at 10:30", "3pm", "next Monday", "Friday morning").
  [/\b\d{1,2}:\d{2}(\s*[ap]\.?m\.?)?\b|\b\d{1,2}\s*[ap]\.?m\.?\b/gi, "time"],
  [
    /\b(next|last|this|coming|every|by|until|till|before|after|since)\s+(mon|tues|wednes|thurs|fri|satur|sun)day\b|\b(mon|tues|wednes|thurs|fri|satur|sun)day\s+(morning|afternoon|evening|night)\b/gi,
    "date",
  ],
  // A day or span named relative to now ("this morning", "yesterday's", "last month", "tonight").
  [
    /\b(?:(?:this|yesterday|tomorrow)\s+(?:morning|afternoon|evening|night)|(?:last|next|this|past)\s+(?:hour|night|week|month|quarter|year)|yesterday|tomorrow|tonight|today)(?:'s)?\b/gi,
    "date",
  ],
  // A span of time ("two hours", "40 min", "3 days"): what a time log or a range is given.
  [
    /\b(\d+(\.\d+)?|an?|one|two|three|four|five|six|seven|eight|nine|ten|half\s+an?)\s+(seconds?|secs?|minutes?|mins?|hours?|hrs?|h|days?|weeks?)\b/gi,
    "duration",
  ],
  // A percentile is a metric's ("p95 latency").
  [/\bp(50|75|90|95|99|999)\b/gi, "metric percentile"],
  // A commit id: seven or more hex digits with a letter and a digit.
  [/\b(?=[0-9a-f]*\d)(?=[0-9a-f]*[a-f])[0-9a-f]{7,40}\b/g, "commit sha"],
  // A dotfile (".env.example", ".gitignore") is a file whose name says what it is.
  [/(^|\s)\.[a-z][\w-]*(\.[\w-]+)*(?=$|[\s,;:!?])/gi, " file", true],
  // An error code ("ERR_OSSL_EVP_UNSUPPORTED", "ECONNREFUSED") is text to look up, not a kind of tool.
  [/\bERR_[A-Z0-9_]+\b|\bE(?:NOENT|ACCES|CONNREFUSED|CONNRESET|ADDRINUSE|TIMEDOUT|PERM|EXIST)\b/g, "", true],
  // A version ("v2.4.0", "1.2.3") is a tag or a release's.
  [/\bv?\d+\.\d+\.\d+(?:-[\w.]+)?\b|\bv\d+(?:\.\d+)?\b/g, "version"],
  // An upper-case snake name ("STRIPE_KEY", "DATABASE_URL") is an environment variable or a secret.
  [/\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\b/g, "environment variable", true],
  // A SQL statement is a query; its tables and columns are the payload's business.
  [/\b(?:SELECT|WITH)\b[^?]*?\bFROM\b[^?]*/g, "sql query"],
  // A local address ("localhost:3000") is a port on this machine.
  [/\blocalhost:\d+\b|\b127\.0\.0\.1:\d+\b/gi, "localhost port"],
  // A numbered machine ("db-07", "prod-web-2", "web-2 box") is a host; its name's words are kept.
  [/\b[a-z]+(?:-[a-z]+)*-\d{1,3}\b(?!\.\d|-)/g, "host", true],
  // A tracker's key ("ENG-412", "PROJ-9") names an issue; "INV-0042" is an invoice's number.
  [/\bINV-\d+\b/g, "invoice number"],
  [/\b[A-Z][A-Z0-9]{1,9}-\d+\b/g, "issue key"],
  // A code symbol ("parseConfig", "fetchUser"): camelCase of six or more characters, not a brand ("iPhone",
  // "arXiv", "eBay").
  [/\b(?=[a-zA-Z0-9]{6})[a-z]{2,}(?:[A-Z][a-z0-9]+)+\b(?=\(|\s|$|[,.;:!?])/g, "symbol", true],
  // A call expression ("print(sum(range(10)))", "histogram_quantile(0.99, …)") is code.
  [/\b[a-z_][\w.]*\((?:[^()]|\((?:[^()]|\([^()]*\))*\))*\)/gi, "code expression"],
];

/**
 * The text with each value replaced by its kind (spaced, so words around it stay apart). The values whose
 * words are kept go to `kept`, when given.
 */
export function replaceValues(text: string, kept?: string[]): string {
  let out = text;
  for (const [re, kind, keep] of VALUES)
    out = out.replace(re, (m) => {
      if (keep === true) kept?.push(m);
      return ` ${kind} `;
    });
  return out;
}
