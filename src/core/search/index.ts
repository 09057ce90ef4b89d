// Tool search (§15.1): a pure, local index over every registered tool. BM25F over the tool's name words,
// server, parameter names, description and parameter descriptions; query words also match their aliases
// and, for longer words, index words they begin; the sum is weighed by how much of the query's information
// the tool covers, how much of its name the query asked for, whether its name says the asked action, and
// whether it belongs to the server the query names (signals.ts); a query that is a registered name (or its
// start) wins.
// No I/O; the same tools and query always give the same ordered hits.
import { isAction, isStrongAction } from "./actions.js";
import { oppositeFit, oppositesOf } from "./opposites.js";
import { askedQuery } from "./asked.js";
import { aliasesOf } from "./aliases.js";
import { asksHttp, methodTools } from "./http-verbs.js";
import { finishBm25, type Bm25 } from "./bm25.js";
import { buildIndexPiece } from "./piece.js";
import { compounds } from "./compounds.js";
import {
  actionFit,
  coordination,
  groupServers,
  idf,
  mentionedServers,
  nameFit,
  readFit,
  serverFit,
} from "./signals.js";
import { terms, words } from "./tokenize.js";
import type { AskedQuery, SearchableTool, ToolIndex, ToolSearchHit } from "./types.js";

export type { AskedQuery, SearchableTool, ToolIndex, ToolSearchHit } from "./types.js";
export { askedQuery, selectedNames } from "./asked.js";
export { buildIndexPiece } from "./piece.js";

const DEFAULT_LIMIT = 10;
/** A query that is exactly a registered or original tool name. */
const EXACT_BOOST = 1000;
/** An identifier-like query that a registered or original name starts with (`mcp__github__`, `browser_`). */
const PREFIX_BOOST = 50;
/** A query whose words are the name's words (`create issue` for `create_issue`). */
const PHRASE_BOOST = 10;
const PREFIX_WEIGHT = 0.35;
const MAX_PREFIX_TERMS = 20;
/** The share of a server's score for a query word that each of its tools gets (cluster smoothing). */
const SERVER_SMOOTH = 0.3;
/**
 * Each further copy of the same tool (same original name and description, on another server: one server
 * configured twice, a fork) scores this much of the copy before it, so copies do not crowd out the other
 * candidates of a short result list.
 */
const COPY_DECAY = 0.5;
/** The weight left to the head verb of an idiom ("push" in "push the standup to 10:30"). */
const IDIOM_HEAD = 0.3;
/** What a phrase means, added to the query, weighs less than what it says ("tell me" → describe). */
const PHRASE_WEIGHT = 0.7;
/** What the literal word keeps of a request's leading verb that tools use as a noun (phrasal.ts). */
const LEADING_VERB = 0.5;
/** What a tool named by a false-friend HTTP method keeps when the query does not mean HTTP (http-verbs.ts). */
const METHOD_TOOL = 0.5;

export function buildToolIndex(tools: readonly SearchableTool[]): ToolIndex {
  return toolIndexFrom(tools, buildIndexData(tools));
}

/** The costly part of an index, the BM25F postings of every tool's text. */
export function buildIndexData(tools: readonly SearchableTool[]): Bm25 {
  return finishBm25([{ piece: buildIndexPiece(tools) }]);
}

/** An index over `tools` from postings built for exactly these tools, in this order. */
export function toolIndexFrom(tools: readonly SearchableTool[], postings: Bm25): ToolIndex {
  // A name's terms and phrase are wanted only for the tools a query scores: made then, once.
  const nameOf = (i: number) => tools[i]!.tool ?? tools[i]!.name;
  const nameTerms = perDoc(tools.length, (i) => terms(nameOf(i)));
  const nameActions = perDoc(tools.length, (i) => nameTerms(i).filter(isAction));
  const phraseOf = perDoc(tools.length, (i) => words(nameOf(i)).join(" "));
  // Copies of one tool (same original name and description, on another server: one server configured
  // twice, a fork) share a group: the first of them. Made per tool on first ask and kept for every query.
  let byName: Map<string, number[]> | undefined;
  const copyOf = perDoc(tools.length, (i) => {
    byName ??= docsByName(tools.length, nameOf);
    for (const j of byName.get(nameOf(i))!) if (tools[j]!.description === tools[i]!.description) return j;
    return i;
  });
  const names = tools.map((t) => t.name.toLowerCase());
  const originals = tools.map((t) => (t.tool ?? t.name).toLowerCase());
  const servers = groupServers(tools, terms);
  const { serverOf, members } = servers;
  /** Per name term, of how many of each server's tools the name holds it. */
  const nameCounts = new Map<string, Map<number, number>>();
  const isMethodTool = methodTools(
    nameTerms,
    (g) => terms(tools[members[g]![0]!]!.server ?? ""),
    members,
    serverOf,
    (g, t) => {
      let by = nameCounts.get(t);
      if (by === undefined) {
        by = new Map();
        for (const d of postings.inField(t, "name")) by.set(serverOf[d]!, (by.get(serverOf[d]!) ?? 0) + 1);
        nameCounts.set(t, by);
      }
      return by.get(g) ?? 0;
    },
  );

  function search(query: string | AskedQuery, opts?: { limit?: number }): ToolSearchHit[] {
    const limit = Math.floor(opts?.limit ?? DEFAULT_LIMIT);
    const a = typeof query === "string" ? askedQuery(query) : query;
    const { q } = a;
    if (q.length === 0 || limit <= 0) return [];
    if (a.selected !== undefined) return select(a.selected, limit);
    const weightOf = new Map<string, number>();
    for (const part of a.parts) {
      for (const t of [...part.terms, ...compounds(part.words, (t) => postings.has(t))])
        if (!weightOf.has(t)) weightOf.set(t, part.weight);
      for (const t of part.phraseTerms) if (!weightOf.has(t)) weightOf.set(t, part.weight * PHRASE_WEIGHT);
      for (const t of part.headTerms) if (weightOf.has(t)) weightOf.set(t, weightOf.get(t)! * IDIOM_HEAD);
    }
    const qTerms = [...weightOf.keys()];
    const { verbNoun } = a;
    const total = new Float64Array(tools.length);
    const smooth = new Float64Array(tools.length);
    const covered = new Float64Array(tools.length);
    let information = 0;
    // Per query word: each doc's best candidate score and its weight, and the docs that have one.
    const bestV = new Float64Array(tools.length);
    const bestW = new Float64Array(tools.length);
    const touched: number[] = [];
    const close = new Set<string>();
    const asked = new Set<string>();
    const opposed = new Set<string>();
    for (const qt of qTerms) {
      const qw = weightOf.get(qt)!;
      const candidates = new Map<string, number>([[qt, qw * (verbNoun === qt ? LEADING_VERB : 1)]]);
      for (const a of aliasesOf(qt))
        candidates.set(a.term, Math.max(candidates.get(a.term) ?? 0, qw * a.weight));
      for (const c of candidates.keys()) close.add(c);
      if (isStrongAction(qt)) for (const c of candidates.keys()) asked.add(c);
      for (const o of oppositesOf(qt)) opposed.add(o);
      if (qt.length >= 4) {
        for (const p of postings.withPrefix(qt, MAX_PREFIX_TERMS))
          if (!candidates.has(p)) candidates.set(p, qw * PREFIX_WEIGHT);
      }
      // A doc scores the best of the term's candidates, so one query word is never counted twice.
      let info = 0;
      for (const [term, weight] of candidates) {
        const p = postings.get(term);
        if (p === undefined) continue;
        info = Math.max(info, weight * idf(tools.length, p.docs.length));
        for (let i = 0; i < p.docs.length; i++) {
          const d = p.docs[i]!;
          const v = weight * p.scores[i]!;
          if (!(v > 0)) continue;
          if (bestV[d] === 0) touched.push(d);
          if (v > bestV[d]!) {
            bestV[d] = v;
            bestW[d] = weight;
          }
        }
      }
      information += info;
      const perServer = new Map<number, number>();
      for (const d of touched) {
        const v = bestV[d]!;
        total[d] = total[d]! + v;
        covered[d] = covered[d]! + bestW[d]! * info;
        const g = serverOf[d]!;
        if (g >= 0) perServer.set(g, (perServer.get(g) ?? 0) + v);
        bestV[d] = 0;
      }
      touched.length = 0;
      // Cluster smoothing: every tool of a server shares a little of the server's score for the word, so
      // "onedrive upload" reaches the upload tool of the server whose other tools say "OneDrive".
      for (const [g, sum] of perServer) {
        const m = members[g]!;
        if (m.length < 2) continue;
        const add = (SERVER_SMOOTH * sum) / m.length;
        for (const d of m) smooth[d] = smooth[d]! + add;
      }
    }
    const mentioned = mentionedServers(qTerms, servers, postings);
    const { phraseWords } = a;
    const phrase = phraseWords.join(" ");
    // A name's words are pieces of the lower-cased name: one without the query's longest word is no match.
    const longest = phraseWords.reduce((a, w) => (w.length > a.length ? w : a), "");
    const isPhrase = (i: number) =>
      phrase.length > 0 && originals[i]!.includes(longest) && phraseOf(i) === phrase;
    const http = asksHttp(qTerms);
    const reading = asked.size === 0 && a.reading;
    const identifier = /^[\w-]{3,}$/.test(q) && /[_-]/.test(q);
    const scored: { i: number; score: number }[] = [];
    for (let i = 0; i < tools.length; i++) {
      let score = 0;
      if (total[i]! > 0) {
        score =
          (total[i]! + smooth[i]!) *
          coordination(covered[i]!, information) *
          nameFit(nameTerms(i), close) *
          actionFit(nameActions(i), asked) *
          oppositeFit(nameActions(i), opposed, asked) *
          readFit(nameActions(i), reading) *
          serverFit(serverOf[i]!, mentioned) *
          (!http && isMethodTool(i) ? METHOD_TOOL : 1);
      }
      if (q === names[i] || q === originals[i]) score += EXACT_BOOST;
      else if (identifier && (names[i]!.startsWith(q) || originals[i]!.startsWith(q))) score += PREFIX_BOOST;
      else if (isPhrase(i)) score += PHRASE_BOOST;
      if (score > 0) scored.push({ i, score: Math.round(score * 1000) / 1000 });
    }
    const order = (a: { i: number; score: number }, b: { i: number; score: number }) =>
      b.score - a.score || cmp(tools[a.i]!.name, tools[b.i]!.name) || a.i - b.i;
    scored.sort(order);
    const copies = new Map<number, number>();
    let decayed = false;
    scored.forEach((h) => {
      const g = copyOf(h.i);
      const n = copies.get(g) ?? 0;
      copies.set(g, n + 1);
      if (n > 0) {
        h.score = Math.round(h.score * COPY_DECAY ** n * 1000) / 1000;
        decayed = true;
      }
    });
    if (decayed) scored.sort(order);
    return scored.slice(0, limit).map(({ i, score }) => hit(tools[i]!, score));
  }

  /** The tools named by a `select:` query, in the order named (a registered name, or an original one). */
  function select(wanted: readonly string[], limit: number): ToolSearchHit[] {
    const out: ToolSearchHit[] = [];
    const seen = new Set<number>();
    for (const n of wanted) {
      for (let i = 0; i < tools.length; i++) {
        if (seen.has(i) || (names[i] !== n && originals[i] !== n)) continue;
        seen.add(i);
        out.push(hit(tools[i]!, EXACT_BOOST));
      }
    }
    return out.slice(0, limit);
  }

  return { search, size: tools.length };
}

/** `make(i)` for doc `i`, made the first time it is asked for. */
function perDoc<T>(n: number, make: (i: number) => T): (i: number) => T {
  const made = new Array<T | undefined>(n);
  return (i) => (made[i] ??= make(i));
}

/** Each name's docs, ascending. */
function docsByName(n: number, nameOf: (i: number) => string): Map<string, number[]> {
  const by = new Map<string, number[]>();
  for (let i = 0; i < n; i++) {
    const name = nameOf(i);
    const docs = by.get(name);
    if (docs === undefined) by.set(name, [i]);
    else docs.push(i);
  }
  return by;
}

function hit(t: SearchableTool, score: number): ToolSearchHit {
  return {
    name: t.name,
    ...(t.server !== undefined && { server: t.server }),
    ...(t.tool !== undefined && { tool: t.tool }),
    description: t.description,
    score,
  };
}

/** Code-unit order: the same in every locale. */
function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
