// The signals the ranking multiplies BM25F by (§15.1), as pure functions with table tests: how much of the
// query's information a tool covers, how much of its name the query asked for, whether its action is the
// asked one, and which servers a query names.
import { isStrongAction } from "./actions.js";
import type { Postings } from "./bm25.js";
import type { SearchableTool } from "./types.js";

/** The share of a tool's score that does not depend on how much of the query it covers. */
const COORD_BASE = 0.6;
/** How much finding every one of a tool's name words in the query adds (a concise, exact fit). */
const NAME_COVER = 0.8;
/** A tool whose name says the asked action (`merge` for "merge my MR", `share` for "share the sheet"). */
const ACTION_AGREE = 0.2;
/** A tool whose name only writes (`create_`, `update_`, `delete_`), for a request that asks to read. */
const WRITE_ON_READ = 0.7;
/** Tools of servers the query does not name, when it names one ("… in gitlab"), keep this share. */
const OTHER_SERVER = 0.6;
/** A query word names a server when at least this share of the tools that hold it are that server's. */
const MENTION_SHARE = 0.5;

/** BM25's idf of a term held by `df` of `n` documents. */
export function idf(n: number, df: number): number {
  return Math.log(1 + (n - df + 0.5) / (df + 0.5));
}

/**
 * Coordination: `covered` is the idf-weighted information of the query words a tool matches, `total` that
 * of all the query words the index knows. A rare word ("kubectl", "invoice") counts for more than a common
 * one ("list", "get"), so a tool that matches the query's distinctive words beats one that matches its filler.
 */
export function coordination(covered: number, total: number): number {
  if (total <= 0) return 1;
  return COORD_BASE + ((1 - COORD_BASE) * Math.min(covered, total)) / total;
}

/** 1 + NAME_COVER × the share of the tool's name words (or their aliases) that the query holds. */
export function nameFit(name: readonly string[], close: ReadonlySet<string>): number {
  if (name.length === 0) return 1;
  return 1 + (NAME_COVER * name.filter((t) => close.has(t)).length) / name.length;
}

/**
 * `actions`: the action words of the tool's name; `asked`: the actions the query asks for with their
 * aliases. A name that says an asked action fits better; a query or name without one says nothing.
 */
export function actionFit(actions: readonly string[], asked: ReadonlySet<string>): number {
  return asked.size > 0 && actions.some((a) => asked.has(a)) ? 1 + ACTION_AGREE : 1;
}

/**
 * The request asks to read: it starts with a reading verb ("show unread mail", "can you list …") or a
 * question ("which flags …", "what's uncommitted"). Only its start counts: "the app keeps showing errors"
 * asks nothing.
 */
export function asksToRead(request: string): boolean {
  return /^\s*(?:please\s+|(?:can|could)\s+you\s+)?(?:show|list|get|find|search|view|display|fetch|look|see|check|read|browse|give\s+me|tell\s+me|which|what|what's|whats|who|where|how\s+many|is\s+there|are\s+there)\b/i.test(
    request,
  );
}

/**
 * For a request that asks to read and names no other action, a tool whose name's actions all write
 * (`create-mail-folder` for "show unread mail") fits worse; a name without an action says nothing.
 */
export function readFit(actions: readonly string[], reading: boolean): number {
  return reading && actions.length > 0 && actions.every(isStrongAction) ? WRITE_ON_READ : 1;
}

/** 1, or OTHER_SERVER for a tool of a server the query does not name while it names some. */
export function serverFit(server: number, mentioned: ReadonlySet<number>): number {
  return mentioned.size === 0 || mentioned.has(server) ? 1 : OTHER_SERVER;
}

export interface ServerGroups {
  /** Each tool's server as a number, -1 for none (a built-in). */
  serverOf: Int32Array;
  /** The tools of each server. */
  members: number[][];
  /** Servers by the index terms of their names (`google-drive` under `googl` and `driv`). */
  named: Map<string, number[]>;
}

export function groupServers(
  tools: readonly SearchableTool[],
  termsOf: (text: string) => string[],
): ServerGroups {
  const ids = new Map<string, number>();
  const serverOf = new Int32Array(tools.length);
  const members: number[][] = [];
  const named = new Map<string, number[]>();
  tools.forEach((t, i) => {
    if (t.server === undefined) {
      serverOf[i] = -1;
      return;
    }
    let g = ids.get(t.server);
    if (g === undefined) {
      g = members.push([]) - 1;
      ids.set(t.server, g);
      for (const term of new Set(termsOf(t.server))) named.set(term, [...(named.get(term) ?? []), g]);
    }
    serverOf[i] = g;
    members[g]!.push(i);
  });
  return { serverOf, members, named };
}

/**
 * The servers a query names: a query word that is a word of a server's name and mostly found in that
 * server's tools ("gitlab", "postgres"). A server named by a word every server uses ("fetch", "time",
 * "memory") is not a mention: most tools holding the word are other servers'.
 */
export function mentionedServers(
  queryTerms: readonly string[],
  groups: ServerGroups,
  postings: { get(term: string): Postings | undefined },
): Set<number> {
  const out = new Set<number>();
  for (const qt of queryTerms) {
    const named = groups.named.get(qt);
    const p = postings.get(qt);
    if (named === undefined || p === undefined || p.docs.length === 0) continue;
    const set = new Set(named);
    let inside = 0;
    for (const d of p.docs) if (set.has(groups.serverOf[d]!)) inside++;
    if (inside / p.docs.length >= MENTION_SHARE) for (const g of named) out.add(g);
  }
  return out;
}
