// Verbs as people say them in a request, not as tool authors name them (§15.1). Irregular forms ("got",
// "sent", "wrote") do not stem to their verb, and a phrasal verb means something its words do not: "put the
// changes aside" is a stash, "push the standup to 10:30" a reschedule, "take her off the list" a removal. The
// object can sit between the verb and its particle, so each pattern allows a few words there. Each entry is
// a class of phrasing, never one request's words. The fixed phrases ("who am i", "tell me") are here too.
import { intentMeaning } from "./intents.js";

/** Irregular past forms whose verb is a tool verb; ambiguous ones ("left", "found",
 * "saw", "read", "done") and verbs no tool is named by ("went", "knew") are out. */
const IRREGULAR: Record<string, string> = {
  got: "get",
  gotten: "get",
  sent: "send",
  wrote: "write",
  written: "write",
  took: "take",
  taken: "take",
  made: "make",
  ran: "run",
  broke: "break",
  broken: "break",
  built: "build",
  rebuilt: "rebuild",
  gave: "give",
  given: "give",
  kept: "keep",
  lost: "lose",
  paid: "pay",
  sold: "sell",
  bought: "buy",
  told: "tell",
  spent: "spend",
  began: "begin",
  begun: "begin",
  chose: "choose",
  chosen: "choose",
  drew: "draw",
  drawn: "draw",
  froze: "freeze",
  frozen: "freeze",
  forgot: "forget",
  forgotten: "forget",
  hid: "hide",
  hidden: "hide",
  brought: "bring",
  caught: "catch",
  held: "hold",
  threw: "throw",
  thrown: "throw",
  undid: "undo",
  undone: "undo",
  overwrote: "overwrite",
  overwritten: "overwrite",
  rewrote: "rewrite",
  rewritten: "rewrite",
  reran: "rerun",
  struck: "strike",
  stuck: "stick",
  shook: "shake",
  spoke: "speak",
  spoken: "speak",
  stole: "steal",
  stolen: "steal",
  woke: "wake",
  won: "win",
  flew: "fly",
  grew: "grow",
  shut: "shut",
};

/** Up to `n` words between a verb and its particle ("take jane off", "put my half-done changes aside"). */
const gap = (n: number) => String.raw`(?:\s+\S+){0,${n}}?\s+`;
const GAP = gap(4);
/** A verb and its inflections ("push", "pushes", "pushed", "pushing"). */
const v = (verbs: string) => String.raw`\b(?:${verbs})(?:s|es|ed|d|ing)?\b`;
/** A time or day a request moves something to (after values.ts has named times and dates). */
const WHEN = String.raw`\b(?:time|date|today|tonight|tomorrow|week|month|morning|afternoon|evening|noon|later|weekend|(?:mon|tues|wednes|thurs|fri|satur|sun)day)\b`;

/**
 * A phrasal verb's pattern, its meaning as tool words, and whether its head verb keeps its own sense: the
 * "push" of "push the standup to 10:30" is no git push, the "put" of "put it aside" no HTTP PUT.
 */
const PHRASAL: [RegExp, string, "idiom" | "literal"][] = [
  [
    new RegExp(`${v("put|set|leave|keep|tuck|stash|move")}${GAP}(?:aside|away|on\\s+hold)\\b`),
    "stash save hold",
    "idiom",
  ],
  [
    new RegExp(
      `${v("push|move|bump|shift|slide|pull|change")}${GAP}(?:to|until|till|back|forward|out|for)\\b.*${WHEN}`,
    ),
    "reschedule update move time",
    "idiom",
  ],
  [new RegExp(`${v("take|get|kick")}${GAP}(?:off|out\\s+of)\\b`), "remove unsubscribe delete", "idiom"],
  [
    new RegExp(`${v("write|get|reply|call|hear|respond")}(?:\\s+\\S+)?\\s+back\\b`),
    "reply response answer",
    "idiom",
  ],
  [new RegExp(`${v("look|dig|check")}\\s+into\\b`), "analyze investigate inspect", "idiom"],
  [new RegExp(`${v("sign")}${gap(2)}up\\b`), "subscribe register signup", "idiom"],
  [new RegExp(`${v("spin|fire|boot|start")}${gap(3)}up\\b`), "create start launch provision", "idiom"],
  [
    new RegExp(`${v("shut|spin|tear|take|wind|bring")}${gap(3)}down\\b`),
    "stop shutdown delete destroy",
    "idiom",
  ],
  [new RegExp(`${v("back")}${gap(3)}up\\b`), "backup snapshot export", "idiom"],
  [new RegExp(`${v("roll")}${gap(3)}back\\b`), "rollback", "idiom"],
  [new RegExp(`${v("pull|bring")}${gap(3)}up\\b(?!\\s+to\\s+date)`), "show get open", "idiom"],
  [new RegExp(`${v("lock")}${gap(3)}down\\b`), "protect restrict lock permission", "literal"],
  [new RegExp(`${v("fill")}${gap(3)}(?:in|out)\\b`), "fill form", "literal"],
  [new RegExp(`${v("hand|pass")}${gap(3)}(?:off|over)\\b`), "transfer assign", "idiom"],
  [new RegExp(`${v("note|jot|write")}${gap(3)}down\\b`), "note save create", "literal"],
  [/\bkeep(?:ing)?\s+(?:track\s+of|an\s+eye\s+on|tabs\s+on)\b/, "monitor watch track", "idiom"],
  [new RegExp(`${v("throw")}${gap(3)}(?:away|out)\\b|${v("wipe")}`), "delete discard clear", "idiom"],
  [new RegExp(`${v("reach")}\\s+out\\b`), "send message contact", "idiom"],
  [new RegExp(`${v("loop|bring|pull")}${gap(2)}in\\b`), "invite add member share", "idiom"],
  [new RegExp(`${v("turn|make|convert")}${GAP}into\\b`), "convert", "idiom"],
  [new RegExp(`${v("free|clear")}${gap(3)}up\\b`), "delete clean cleanup", "idiom"],
  // Goals phrased as what must not happen: a protection, a lock, a permission.
  [
    /\b(?:stop|prevent|keep|block)\s+(?:anyone|anybody|everyone|people|others|users|them|other\s+people)\s+from\b|\b(?:no\s*one|nobody|noone)\s+(?:else\s+)?can\b/,
    "protect restrict lock permission",
    "idiom",
  ],
  [/\bread[\s-]only\b/, "permission access readonly", "literal"],
  // Where a copy goes says its direction: to this machine is a download, from it an upload.
  [
    /\b(?:down\s+)?(?:to|onto)\s+(?:my|this|the|a)\s+(?:local\s+)?(?:laptop|computer|machine|desktop|disk|pc|mac|downloads)\b|\bdown\s+to\s+(?:my|local)\b|\blocally\b/,
    "download local",
    "literal",
  ],
  [
    /\bfrom\s+(?:my|this|the)\s+(?:local\s+)?(?:laptop|computer|machine|desktop|disk|pc|mac|downloads)\b/,
    "upload local",
    "literal",
  ],
  // What is left of an allowance: a quota, a limit.
  [
    /\bhow\s+(?:many|much)\b.*\b(?:still|left|remaining|remain)\b|\b(?:can|could)\s+(?:we|i)\s+still\b|\b(?:quota|allowance)\b/,
    "quota limit remaining usage",
    "literal",
  ],
  // "mark it as failed", "mark the mail as read": a state set on the thing.
  [new RegExp(`${v("mark|flag|set")}${gap(4)}as\\b`), "status state update set", "literal"],
  // The one asking as the object: "assign it to me", "make me the owner", "add me to".
  [
    /\b(?:assign|give|hand|transfer)\w*\s+(?:\S+\s+){0,3}?to\s+(?:me|myself)\b|\bmake\s+me\b(?!\s+(?:a|an|some)\b)|\badd\s+me\b|\btake\s+(?:it|this|that)\s+over\b/,
    "current user self assign",
    "literal",
  ],
  // A call, a chat or a sync to have with someone is a meeting, not an API call ("the last call with" is
  // one that was).
  [
    /\b(?:an?|another)\s+(?:\S+\s+){0,2}?(?:call|chat|sync|catch[\s-]?up|1[:\s-]on[:\s-]1|one[\s-]on[\s-]one)\s+with\b/,
    "meeting event calendar",
    "literal",
  ],
];

/** The query's verbs read as verbs: "took her off" is "take her off". */
function asVerbs(lower: string, bases: string[]): string {
  return lower.replace(/[a-z]+/g, (w) => {
    if (!Object.hasOwn(IRREGULAR, w)) return w;
    const base = IRREGULAR[w]!;
    if (base !== w) bases.push(base);
    return base;
  });
}

/** The query's irregular verb forms as their verbs, and the meaning of its phrasal verbs, as words. */
export function phrasalMeaning(lower: string): string {
  const out: string[] = [];
  const text = asVerbs(lower, out);
  for (const [re, meaning] of PHRASAL) if (re.test(text)) out.push(meaning);
  return out.join(" ");
}

/** The head verbs of the query's idioms as written ("push", "took"), whose own sense is not meant. */
export function idiomHeads(lower: string): string[] {
  const out: string[] = [];
  const words = lower.split(/\s+/);
  const text = asVerbs(lower, []);
  for (const [re, meaning, kind] of PHRASAL) {
    if (kind !== "idiom") continue;
    const m = re.exec(text);
    if (m === null) continue;
    // The head is the match's first word; the query's own word at that place is what its terms hold. A
    // head the meaning says again ("move" of a reschedule) keeps its weight.
    const verb = /^[a-z]+/.exec(m[0])?.[0] ?? "";
    if (meaning.split(" ").some((w) => verb.startsWith(w))) continue;
    const head = words[text.slice(0, m.index).split(/\s+/).length - 1];
    if (head !== undefined && !out.includes(head)) out.push(head);
  }
  return out;
}

/**
 * Verbs that tool names use as nouns: "store a fact" is no ecommerce store, "bill Acme" no billing account,
 * "book a room" no book. Leading a request, the word is its verb; its own (noun) match then weighs less,
 * while the verb's aliases ("save", "invoice", "schedule") keep theirs.
 */
const VERB_NOUNS = new Set("store book file log post note bill ship stage table map chart order".split(" "));

/** The request's leading word when it is such a verb, else null. */
export function leadingVerbNoun(request: string): string | null {
  const first = /^\s*(?:please\s+|(?:can|could)\s+you\s+)?([a-z]+)\b/i.exec(request)?.[1]?.toLowerCase();
  return first !== undefined && VERB_NOUNS.has(first) ? first : null;
}

/** Phrases whose words mean little alone ("who am i", "logged in"): their meaning is added to the query. */
const PHRASES: [RegExp, string][] = [
  [/\bwho\s+am\s+i\b/, "whoami current user self me"],
  [/\blogged\s+in\b|\bsigned\s+in\b/, "authenticated current user"],
  [/\blook\s+up\b/, "search get lookup"],
  [/\blooks?\s+like\b/, "screenshot snapshot view"],
  [/\bcheck\s+out\b/, "view get checkout"],
  [/\bkick(s|ed|ing)?\s+off\b/, "start run trigger"],
  [/\bturn(s|ed|ing)?\s+(on|off)\b|\bswitch(es|ed|ing)?\s+(on|off)\b/, "enable disable toggle update"],
  [/\bhow\s+many\b/, "count number total"],
  // "file a bug": the verb, not the noun
  [/\bfile\s+(a|an|the)\s+(bug|issue|ticket|report|work\s+item|task)\b/, "create"],
  [/\bon[\s-]call\b/, "oncall"],
  [/\bbranch(ed|ing)?\s+off\b/, "create branch"],
  [/\bgroup(ed|ing)?\s+by\b/, "aggregate"],
  [/\bschema\s+change/, "migration"],
  [/\bmake\s+sure\b/, "validate check verify"],
  [/\blet\b.*\bknow\b/, "send message notify post"],
  // "tell me" asks for something; "tell the team" sends it
  [/\btell\s+(me|us)\b/, "get describe"],
  [/\btell\s+(?!me\b|us\b)\S/, "send message notify post"],
  [/\bwhat('?s|\s+has|\s+is)?\s+(been\s+)?happen(ed|ing)\b|\bwhat\s+changed\b/, "activity events history"],
  [/\bsign(ed|s)?[\s-]+off\b/, "approve approval"],
  [/\blet\s+\S+\s+(edit|view|see|access|comment|read)\b/, "share permission access"],
  [/\b(goes|go|went|is|are)\s+down\b/, "uptime monitor alert health"],
  [/\bclean(ed|ing|s)?\s+up\b|\bget\s+rid\s+of\b/, "delete remove cleanup"],
  [
    /\b(tick|check|cross)(ed|s)?\s+off\b|\bmark(ed)?\s+(it\s+|as\s+)?(done|complete|finished)\b/,
    "complete done close",
  ],
  [/\bset(s|ting)?\s+up\b/, "create configure setup"],
  // questions that name a symptom ask for what explains it
  [
    /\bwhy\b.*\b(fail(s|ed|ing)?|crash(es|ed|ing)?|broke|broken|down|error(s|ed|ing)?)\b/,
    "logs errors status",
  ],
  [/\b(slow|slower|sluggish|laggy)\b/, "performance latency profile"],
  [/\bis\b.*\b(still\s+)?(free|available|taken)\b/, "availability check"],
  [/\bwho\s+(wrote|changed|edited|touched|last)\b/, "blame history author audit"],
  [
    /\bhow\s+(far|long)\b.*\b(drive|driving|walk|walking|travel|get|trip)\b|\bdrive\s+from\b/,
    "directions distance route",
  ],
  [/\bsign(ed|s)?[\s-]+(in|on)\b|\blog(ged)?[\s-]?in\b/, "login authentication"],
  // "what's in the bucket", "what's inside ~/config": the contents of a container, listed.
  [/\bwhat(?:'?s|\s+is|\s+are)\s+(?:in|inside)\b/, "list contents"],
  // "where's the runbook", "where is X defined": a thing to find.
  [/\bwhere(?:'?s|\s+is|\s+are|\s+did)\b/, "find search locate"],
  // Back to an earlier state of a thing: its versions or revisions.
  [
    /\bback\s+(?:to\s+)?(?:the\s+way|how)\s+it\s+was\b|\bback\s+to\s+(?:\S+\s+){0,3}?(?:version|revision|state)\b|\b(?:earlier|previous|older|last\s+good)\s+(?:version|revision)\b/,
    "restore revert revision version history",
  ],
  // A second checkout of a repository beside the first is a git worktree.
  [
    /\b(?:separate|another|second|other|new|parallel)\s+(?:folder|directory|dir|checkout|working\s+copy)\b/,
    "worktree",
  ],
  // A branch behind or onto another is rebased or merged.
  [
    /\bon\s+top\s+of\b|\bbehind\s+(?:main|master|develop|trunk|the\s+base)\b|\bup\s+to\s+date\s+with\b/,
    "rebase merge update branch",
  ],
  [/\b(?:get|got|gotten|getting)\s+done\b/, "completed"],
];

/** The query with the meaning of its known phrases appended. */
export function expandPhrases(query: string): string {
  let out = query;
  const lower = query.toLowerCase();
  for (const [re, words] of PHRASES) if (re.test(lower)) out += ` ${words}`;
  const intents = intentMeaning(lower);
  if (intents.length > 0) out += ` ${intents}`;
  const verbs = phrasalMeaning(lower);
  return verbs.length > 0 ? `${out} ${verbs}` : out;
}
