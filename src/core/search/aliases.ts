// How people describe a task vs how tool authors name it. A query word also matches its aliases, at a
// lower weight than the word itself. The table is about phrasing in general (verbs of CRUD, the nouns of
// code hosting, browsers, files, chat, data), not about particular servers.
import { attributeWords } from "./attributes.js";
import { kindWords } from "./categories.js";
import { stem } from "./stem.js";
import { words } from "./tokenize.js";

/** Words that mean the same thing in a tool request; every word of a group matches the others. */
const GROUPS: string[] = [
  // verbs
  "delete remove erase destroy drop purge trash unlink discard forget",
  "create make add new generate insert",
  "get fetch retrieve read show view display obtain load describe grab",
  "search find query lookup locate seek discover",
  "list enumerate browse all",
  "update edit modify change patch alter amend",
  "rename move relocate",
  "copy duplicate clone",
  "run execute exec invoke trigger launch perform",
  "sync synchronize reconcile",
  "undo revert reset rollback",
  "upsert insert",
  "start begin launch",
  "stop halt cancel abort terminate kill end",
  "write save store persist put record",
  "send post publish deliver",
  "upload push attach",
  "download export pull",
  "close resolve finish complete",
  "navigate goto visit browse go",
  "click press tap",
  "type fill enter input",
  "enable disable toggle activate deactivate",
  "dialog modal popup prompt confirm",
  "hover mouseover",
  "scroll swipe",
  "wait sleep pause",
  "approve accept",
  "reject decline deny",
  "assign assignee allocate owner",
  "reschedule postpone defer delay",
  "mute silence snooze",
  "reply answer respond",
  "compare diff difference changes",
  "install add",
  "scrape crawl extract harvest",
  "analyze analyse inspect examine diagnose",
  "summarize summary digest",
  "schedule plan book",
  "remember memorize memory recall",
  "think reason reflect",
  "count total number",
  "translate convert",
  "subscribe watch follow",
  "sort order rank",
  "restart reboot bounce",
  "newsletter broadcast campaign",
  "forward forwarder redirect",
  "validate verify lint valid",
  "highlight emphasize",
  // nouns: code hosting
  "repository repo project codebase",
  "issue ticket bug defect task incident story",
  "pull merge mr pr",
  "review reviewer approval",
  "commit revision changeset",
  "branch ref",
  "tag release version",
  "pipeline ci build workflow job",
  "comment note reply discussion",
  "label tag category",
  "milestone sprint iteration cycle",
  "wiki documentation docs",
  "fork clone",
  "star favorite bookmark",
  "user member person people account profile",
  "group team organization org",
  "permission access role grant privilege",
  "column field attribute",
  "seed sample fake dummy",
  "secret credential token key",
  // nouns: files, documents, pages
  "file document doc",
  "folder directory dir",
  "page tab document",
  "content text body",
  "image picture photo screenshot media illustration artwork drawing graphic",
  "screenshot capture snapshot",
  "url link address website site",
  "web internet online",
  "element selector node",
  "form field input box textbox",
  "console log",
  "log logs event",
  "error exception failure crash",
  "message chat conversation dm",
  "channel room",
  "email mail inbox",
  "spreadsheet sheet workbook worksheet excel",
  "notification alert",
  "calendar event meeting appointment",
  "availability available free busy freebusy",
  "database db sql",
  "table collection",
  "row record entry",
  "schema structure definition",
  "tree layout hierarchy structure outline",
  "migration migrate",
  "query sql",
  "cluster kubernetes k8s",
  "pod container",
  "deployment deploy rollout",
  "namespace project",
  "server host machine instance",
  "environment env",
  "config configuration settings setting options preferences",
  "key value",
  "cache redis",
  "library package dependency module",
  "payment charge",
  "customer client buyer",
  "invoice bill",
  "subscription plan",
  "product item",
  "price pricing cost",
  "function method symbol definition",
  "snippet code script",
  "diagram chart flowchart plot visualize visualise visualization",
  "embedding vector",
  "app application apk",
  "device phone mobile emulator simulator",
  "trace tracing profile profiling",
  "metric metrics measurement",
  "entity node",
  "relation relationship edge link connect",
  "observation fact",
  "location map place",
  "direction route",
  "weather forecast",
  "news article",
  "video movie",
  "audio sound",
  "time date clock timezone",
];

/** One-way expansions: abbreviations and phrasings whose meaning is several index words (`word:weight`
 * for a weaker reading). */
const EXPANSIONS: Record<string, string[]> = {
  pr: ["pull", "request", "merge:0.5"],
  mr: ["merge", "request", "pull:0.5"],
  prs: ["pull", "request", "merge:0.5"],
  mrs: ["merge", "request", "pull:0.5"],
  open: ["create", "new", "navigate", "read"],
  k8s: ["kubernetes"],
  repo: ["repository", "project"],
  repos: ["repository", "project"],
  dir: ["directory"],
  ls: ["list", "directory"],
  rm: ["delete", "remove"],
  mkdir: ["create", "directory"],
  rmdir: ["delete", "directory"],
  pwd: ["current", "directory"],
  mv: ["move"],
  cp: ["copy"],
  cat: ["read", "file"],
  grep: ["search", "content"],
  look: ["search", "get", "find"],
  check: ["get", "status", "view"],
  see: ["get", "view", "list"],
  describe: ["get", "description"],
  info: ["get", "details", "information"],
  details: ["get"],
  show: ["get", "list"],
  ticket: ["issue", "work", "item"],
  tickets: ["issue", "work", "item"],
  bug: ["issue", "work", "item"],
  task: ["issue", "work", "item"],
  workitem: ["work", "item"],
  screenshot: ["screenshot", "snapshot", "capture"],
  webpage: ["page", "web", "url"],
  website: ["page", "web", "url", "site"],
  google: ["search", "web"],
  sentence: ["text"],
  words: ["text"],
  tree: ["directory", "tree"],
  contents: ["content", "read"],
  newest: ["latest", "recent"],
  latest: ["recent", "newest"],
  recent: ["latest", "newest"],
  edit: ["edit", "update", "replace"],
  replace: ["edit", "update"],
  ping: ["health", "status", "echo"],
  // "where is X defined", "find the function": code search
  defined: ["code", "search", "definition"],
  function: ["code"],
  class: ["code"],
  method: ["code"],
  symbol: ["code"],
  // closing or reopening is usually an update of a state
  close: ["update:0.5", "state:0.5"],
  reopen: ["update:0.5", "state:0.5", "open"],
  env: ["environment", "variable"],
  toggle: ["update", "enable", "disable"],
  enable: ["update:0.5", "toggle"],
  disable: ["update:0.5", "toggle"],
  write: ["create:0.5", "add:0.5"],
  background: ["process"],
  raise: ["create"],
  readme: ["file", "content"],
  javascript: ["script", "evaluate", "js"],
  js: ["javascript", "script", "evaluate"],
  default: ["config:0.5", "setting:0.5"],
  sum: ["aggregate", "total"],
  draw: ["generate", "create", "diagram"],
  redeploy: ["deploy", "sync", "restart"],
  share: ["permission:0.5", "share"],
  oncall: ["schedule:0.5"],
  vars: ["variable"],
  // Money owed and money spent, as people say it and as accounting tools name it.
  owe: ["receivable:0.5", "outstanding:0.5", "unpaid:0.5", "invoice:0.5"],
  owed: ["receivable:0.5", "outstanding:0.5", "unpaid:0.5", "invoice:0.5"],
  owes: ["receivable:0.5", "outstanding:0.5", "unpaid:0.5", "invoice:0.5"],
  overdue: ["outstanding:0.5", "unpaid:0.5", "due"],
  spend: ["cost", "billing", "invoice:0.5", "usage:0.5"],
  spent: ["cost", "billing", "invoice:0.5", "usage:0.5"],
  spending: ["cost", "billing", "invoice:0.5", "usage:0.5"],
  // A working copy's states, as git names what shows or removes them.
  untracked: ["clean:0.5", "status:0.5"],
  uncommitted: ["status", "diff"],
  unstaged: ["status", "diff"],
  highlight: ["format:0.5", "color:0.5"],
  illustration: ["generate:0.5"],
  swap: ["replace"],
  substitute: ["replace"],
  bin: ["delete:0.5", "trash:0.5"],
  tail: ["log:0.5", "read:0.5"],
  restart: ["rollout:0.5"],
  bounce: ["rollout:0.5"],
  latency: ["metric:0.5", "performance:0.5"],
  degraded: ["health", "status:0.5"],
  outage: ["health", "status:0.5", "incident:0.5"],
  unhealthy: ["health", "status:0.5"],
  sell: ["product:0.5", "catalog:0.5"],
  selling: ["product:0.5", "catalog:0.5"],
  sells: ["product:0.5", "catalog:0.5"],
  columns: ["schema:0.5", "describe:0.5"],
  shot: ["image:0.5", "photo:0.5"],
  saying: ["message:0.5"],
};

export interface Alias {
  term: string;
  weight: number;
}

const GROUP_WEIGHT = 0.6;
const EXPANSION_WEIGHT = 0.7;
/** A value's attribute ("landscape" → orientation): evidence, but weaker than the value said. */
const ATTRIBUTE_WEIGHT = 0.5;
/** A kind of product ("the CRM") → its products' names: likely, not certain. */
const KIND_WEIGHT = 0.5;

function build(): Map<string, Alias[]> {
  const out = new Map<string, Map<string, number>>();
  const add = (from: string, to: string, weight: number) => {
    if (from === to) return;
    const m = out.get(from) ?? new Map<string, number>();
    m.set(to, Math.max(m.get(to) ?? 0, weight));
    out.set(from, m);
  };
  for (const g of GROUPS) {
    const stems = [...new Set(words(g).map(stem))];
    for (const a of stems) for (const b of stems) add(a, b, GROUP_WEIGHT);
  }
  for (const [from, tos] of Object.entries(EXPANSIONS)) {
    for (const to of tos) {
      const [word = "", weight] = to.split(":");
      add(stem(from), stem(word), weight === undefined ? EXPANSION_WEIGHT : Number(weight));
    }
  }
  for (const [kind, products] of kindWords())
    for (const word of products) add(stem(kind), stem(word), KIND_WEIGHT);
  for (const [value, attribute] of attributeWords())
    for (const word of attribute) add(stem(value), stem(word), ATTRIBUTE_WEIGHT);
  const table = new Map<string, Alias[]>();
  for (const [from, m] of out) {
    const list = [...m].map(([term, weight]) => ({ term, weight }));
    list.sort((x, y) => y.weight - x.weight || (x.term < y.term ? -1 : 1));
    table.set(from, list);
  }
  return table;
}

let table: Map<string, Alias[]> | undefined; // built by the first search: a host that never searches never holds it

/** Aliases of an index term (already stemmed), strongest first; never the term itself. */
export function aliasesOf(term: string): readonly Alias[] {
  return (table ??= build()).get(term) ?? [];
}
