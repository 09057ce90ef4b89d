// Common intents as people phrase them (§15.1), beside the phrases of phrasal.ts: each pattern is a class of
// wording that names a task without the words tools use for it ("A record" is DNS, "15% off" a discount,
// "only X should reach Y" a firewall rule, "what calls f" the callers of a symbol). What a pattern adds is
// the tools' words for the task. Each entry is a way of saying things, never one request's words.

const INTENTS: [RegExp, string][] = [
  // One issue held up by another: a link between them.
  [
    /\bblock(?:s|ed|ing)?\s+(?:by\s+)?(?:#|issue\b|ticket\b|story\b|task\b|card\b|issue\s+key\b)|\bblocked\s+by\b|\bdepends?\s+on\b|\bduplicates?\s+(?:of\s+)?(?:#|issue\b|ticket\b)|\b(?:can't|cannot|can\s+not)\s+start\s+(?:until|before)\b/,
    "link relation dependency",
  ],
  // What changed in a working copy.
  [/\b(?:changed|changes|edited)\s+since\b|\bwhat\s+(?:have|did)\s+(?:i|we)\s+change/, "diff status changes"],
  // Size words ask for sizes ("the huge ones", "how big is the log").
  [/\b(?:huge|big|bigger|biggest|large|larger|largest|heavy|heaviest)\b|\bhow\s+big\b/, "size"],
  // A package manager's or build tool's command is a process to run in a terminal.
  [
    /\b(?:npm|npx|yarn|pnpm|pip|cargo|gradle|mvn|dotnet|rake|docker\s+compose)\s+(?:run\s+)?[\w:.-]+/,
    "command process terminal",
  ],
  // An interactive prompt waiting for an answer.
  [
    /\by\/n\b|\[y\/n\]|\b(?:asking|prompting|waiting)\s+for\s+(?:input|a\s+password|confirmation)\b/,
    "interact input process",
  ],
  // Taking a file off a remote machine is a download; a numbered host ("prod-web-2", "db-07") is a server.
  [
    /\b(?:off|from)\s+(?:the|a|that|this)\s+(?:remote\s+)?(?:server|box|host|machine|vm|instance|droplet)\b/,
    "download remote server",
  ],
  [/\b(?:on|to|from)\s+[a-z][a-z0-9]*(?:-[a-z0-9]+)*-\d+\b/, "host server remote"],
  // Arithmetic asked outright.
  [/\badd\s+\d+\s+(?:and|to)\s+\d+\b|\b\d+\s*(?:\+|plus)\s*\d+\b/, "sum add numbers"],
  // Reminders for oneself.
  [/\b(?:ping|nudge|remind|alert)\s+me\b/, "reminder remind"],
  // What should happen on its own from now on is a rule, a filter, an automation.
  [
    /\bautomatically\b|\bfrom\s+now\s+on\b|\bwhenever\b|\b(?:any|every)(?:thing|one)?\s+from\s+\S+\s+(?:should|goes|go|gets?)\b/,
    "filter rule automation",
  ],
  [
    /\bout\s+of\s+(?:the\s+)?office\b|\bvacation\s+(?:reply|responder)\b|\bauto[\s-]?reply\b/,
    "autoreply automatic reply mailbox settings",
  ],
  // DNS, as people name its records.
  [
    /\b(?:a|aaaa|cname|mx|txt|ns|srv|caa)\s+records?\b|\bpoint\s+\S+\s+(?:at|to)\s+(?:ip\s+address|domain|\S+\.\S+)/,
    "dns record domain",
  ],
  // Who may reach a thing over the network: a firewall rule.
  [
    /\bonly\b.*\b(?:should|can|may)\s+(?:be\s+able\s+to\s+)?(?:reach|access|connect|talk\s+to)\b|\b(?:allowlist|whitelist)\b/,
    "firewall rules trusted sources allow",
  ],
  // Money off a price.
  [/\b\d+\s*%\s*off\b|\bpercent\s+off\b|\b(?:promo|coupon|discount)\s+code\b/, "discount coupon promotion"],
  // Who uses a symbol.
  [
    /\bwhat\s+calls\b|\bwho\s+calls\b|\bcallers\s+of\b|\b(?:usages?|references?|uses)\s+of\s+symbol\b/,
    "references callers incoming calls",
  ],
  // What a knowledge store holds about a thing.
  [
    /\b(?:stored|saved|remembered|recorded|noted)\s+(?:\S+\s+){0,2}?about\b|\bwhat\s+do\s+(?:we|you)\s+know\s+about\b/,
    "memory knowledge search",
  ],
  [/\ba\/b\s+tests?\b|\bsplit\s+tests?\b/, "experiment variant"],
  // Traffic a page makes.
  [/\b(?:api|http|xhr|ajax|network)\s+(?:calls?|requests?|traffic)\b/, "network requests"],
  // Data wanted in a shape: extraction.
  [/\bas\s+(?:json|structured\s+data)\b|\binto\s+json\b/, "extract structured"],
  // What a type checker or linter reports.
  [
    /\btype\s+errors?\b|\b(?:compile|compiler|lint|linter|tsc|build)\s+(?:errors?|warnings?)\b/,
    "diagnostics problems",
  ],
  // Errors a page throws are its console's.
  [
    /\b(?:javascript|js|console)\s+errors?\b|\berrors?\s+(?:on|in)\s+(?:the\s+|this\s+|my\s+)?(?:page|browser|site|tab)\b/,
    "console logs messages",
  ],
  // Errors counted and ranked: the top issues of an error tracker.
  [
    /\b(?:spik\w*|surg\w*|noisiest|worst|most\s+frequent|top)\b.*\berrors?\b|\berrors?\b.*\bspik\w*/,
    "top issues count",
  ],
  // A request that takes long to answer is slow.
  [
    /\b(?:taking|takes|took)\s+(?:\S+\s+)?(?:duration|forever|ages|long|so\s+long)\b/,
    "slow performance analyze",
  ],
  // Researched writing with sources.
  [
    /\b(?:with|cite|citing)\s+(?:sources|citations|references)\b|\bdeep\s+dive\b|\bwrite[\s-]?up\b|\bthorough\b/,
    "research report",
  ],
  // Pointing a CLI at another cluster, account or project: its context.
  [
    /\bswitch\w*\s+(?:\S+\s+){0,2}?to\s+(?:the\s+|my\s+|our\s+)?\S+\s+(?:cluster|context|account|project|subscription|workspace)\b/,
    "context use current switch",
  ],
  // Reaching a service from this machine: a port forward.
  [/\blocalhost\b|\blocal\s+port\b/, "port forward local"],
  // A page at another screen's size.
  [
    /\b(?:sized|size)\s+(?:screen|viewport|window|display)\b|\bon\s+(?:a\s+)?(?:mobile|phone|tablet)\s+(?:screen|viewport)\b/,
    "resize viewport emulate",
  ],
  // When a file last changed is its metadata.
  [
    /\bwhen\s+was\s+(?:it|this|that|the\s+\S+(?:\s+\S+)?)\s+(?:last\s+)?(?:changed|modified|updated|edited)\b/,
    "modified info metadata",
  ],
  // A value changed in a file is an edit ("change the port from 8080 to 9090 in the config").
  [/\bchange\s+(?:\S+\s+){0,3}?from\s+\S+\s+to\s+\S+/, "edit replace"],
  // Traffic to stop at the network's edge: a firewall rule.
  [
    /\bblock\w*\b.*\b(?:ip|ips|address|traffic|requests|country|range)\b|\b(?:ip|address)\b.*\bblock\w*\b|\b(?:hammered|ddos\w*|flooded)\b/,
    "firewall rule deny",
  ],
  // Mail that should arrive elsewhere: a forwarder.
  [
    /\blands?\s+in\b|\bforward\w*\b.*\bto\s+(?:my\s+)?(?:gmail|inbox|personal|email|mailbox)\b/,
    "forwarder forward mail",
  ],
  // "remember that …", "record that …": a fact for a knowledge store.
  [/\b(?:remember|record|memorize|memorise)\s+that\b/, "memory observation entity fact"],
  // Values a cell may hold: data validation.
  [
    /\bonly\s+(?:allow|accept)\w*\b|\ballowed\s+values\b|\bdrop[\s-]?down\s+(?:list|of)\b/,
    "validation data rule",
  ],
  // Colour by a condition: conditional formatting.
  [
    /\b(?:highlight|colou?r|shade)\w*\b.*\b(?:where|when|if|over|above|below|under|exceeds?|greater|less)\b/,
    "conditional format rule",
  ],
];

/** The tools' words for the intents the request phrases, in table order ("" for none). */
export function intentMeaning(lower: string): string {
  const out: string[] = [];
  for (const [re, meaning] of INTENTS) if (re.test(lower)) out.push(meaning);
  return out.join(" ");
}
