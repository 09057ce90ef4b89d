// Pure text shaping for the terminal: compact tool arguments, short result previews, server counts.
// Everything that came from a server or the model passes through stripControl here before display.
import type { ServerSnapshot, ServerStatus } from "../../core/mcp/servers/state.js";
import { cut } from "../../core/text/printable.js";
import { stripControl, stripControlLine } from "../../core/text/strip.js";

/** One-line JSON of the arguments, cut to `max` characters. */
export function compactArgs(args: unknown, max = 160): string {
  let json: string;
  try {
    json = JSON.stringify(args) ?? "";
  } catch {
    json = String(args);
  }
  if (json === "{}") return "";
  return cut(stripControlLine(json), max);
}

export interface Preview {
  lines: string[];
  /** Lines left out of the preview. */
  more: number;
}

/** The first `maxLines` non-empty-trailing lines of a result, each cut to `width` characters. */
export function previewText(text: string, maxLines = 4, width = 200): Preview {
  const clean = stripControl(text).replace(/\t/g, "  ").replace(/\s+$/, "");
  if (clean === "") return { lines: [], more: 0 };
  const all = clean.split("\n");
  return {
    lines: all.slice(0, maxLines).map((l) => cut(l, width)),
    more: Math.max(0, all.length - maxLines),
  };
}

export { cut };

export type StatusCounts = Record<ServerStatus, number>;

export function countStatuses(snaps: readonly Pick<ServerSnapshot, "state">[]): StatusCounts {
  const counts: StatusCounts = {
    ready: 0,
    idle: 0,
    starting: 0,
    failed: 0,
    "needs-approval": 0,
    "needs-auth": 0,
    disabled: 0,
  };
  for (const s of snaps) counts[s.state.status]++;
  return counts;
}

/** "2 ready · 1 starting · 1 failed · 1 needs approval": ready always, the other states when present. */
export function statusParts(c: StatusCounts): { text: string; status: ServerStatus }[] {
  const order: [ServerStatus, string][] = [
    ["ready", "ready"],
    ["idle", "idle"],
    ["starting", "starting"],
    ["failed", "failed"],
    ["needs-approval", "needs approval"],
    ["needs-auth", "needs auth"],
    ["disabled", "disabled"],
  ];
  return order
    .filter(([st]) => st === "ready" || c[st] > 0)
    .map(([st, label]) => ({ text: `${c[st]} ${label}`, status: st }));
}

/** What a project server would run, as the user is asked to approve it (§8.2). */
export function describeDefinition(snap: Pick<ServerSnapshot, "definition" | "transport">): string {
  const c = snap.definition.config;
  if (c === undefined) return stripControlLine(JSON.stringify(snap.definition.raw) ?? "");
  if (c.transport === "stdio") {
    const words = [c.command, ...c.args].map(shellWord).join(" ");
    const env = Object.keys(c.env);
    return (
      stripControlLine(words) +
      (c.cwd !== undefined ? `  (in ${stripControlLine(c.cwd)})` : "") +
      (env.length > 0 ? `  env: ${env.map(stripControlLine).join(", ")}` : "")
    );
  }
  const headers = Object.keys(c.headers);
  return (
    `${c.transport} ${stripControlLine(c.url)}` +
    (headers.length > 0 ? `  headers: ${headers.map(stripControlLine).join(", ")}` : "")
  );
}

function shellWord(w: string): string {
  return /^[\w@%+=:,./-]+$/.test(w) ? w : `'${w.replace(/'/g, `'\\''`)}'`;
}

/** Tokens as "850", "12.3k", "200k". */
export function tokens(n: number): string {
  if (n < 1000) return String(n);
  return n < 100_000 ? `${(n / 1000).toFixed(1)}k` : `${Math.round(n / 1000)}k`;
}

/** One line on the tool list the next request carries (§15.5): loaded and deferred, with tokens. */
export function toolStatsLine(s: {
  loaded: number;
  deferred: number;
  loadedTokens: number;
  deferredTokens: number;
  mode: string;
  search?: "local" | "native";
  searchTool?: string;
}): string {
  const loaded = `${s.loaded} tool${s.loaded === 1 ? "" : "s"} loaded (${tokens(s.loadedTokens)} tokens of definitions)`;
  if (s.deferred === 0) return `${loaded}; toolSearch: ${s.mode}`;
  // Natively deferred definitions are on the wire, flagged, but not in the model's context until found.
  if (s.search === "native")
    return `${loaded}; ${s.deferred} deferred behind the provider's ${s.searchTool ?? "tool search"} (${tokens(s.deferredTokens)} tokens sent deferred, not in context); toolSearch: ${s.mode}`;
  return `${loaded}; ${s.deferred} deferred behind search_tools (${tokens(s.deferredTokens)} tokens not sent); toolSearch: ${s.mode}`;
}
