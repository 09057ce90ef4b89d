// Permission patterns: exact tool names, or globs where `*` matches any run of characters.
// MCP names are matched segment by segment (server, then tool) so `_` in names cannot blur the boundary.

/** What a pattern is matched against: the registered name, and the server it came from when known. */
export interface ToolIdentity {
  tool: string;
  server?: string;
}

/**
 * `narrow`: a pattern whose server/tool split is ambiguous (`mcp__a___*`) is read one way only, with the
 * server taking the underscores (`a_` / `*`) — for allow rules, so they never widen.
 * `broad`: every reading counts — for deny rules, so they never narrow.
 */
export type MatchMode = "narrow" | "broad";

interface McpParts {
  server: string;
  tool: string;
}

const MCP_PREFIX = "mcp__";

/** Whole-string wildcard match (`*` only; every other character literal), linear-time, no regex. */
export function globMatch(glob: string, text: string): boolean {
  let g = 0;
  let t = 0;
  let star = -1;
  let mark = 0;
  while (t < text.length) {
    if (g < glob.length && glob[g] === "*") {
      star = g++;
      mark = t;
    } else if (g < glob.length && glob[g] === text[t]) {
      g++;
      t++;
    } else if (star !== -1) {
      g = star + 1;
      t = ++mark;
    } else {
      return false;
    }
  }
  while (g < glob.length && glob[g] === "*") g++;
  return g === glob.length;
}

/**
 * Splits a registered name `mcp__{server}__{tool}`. The given `server` is authoritative; without it the
 * first run of underscores is split with the separator at its end (server names may end in `_`).
 */
export function splitMcpName(name: string, server?: string): McpParts | undefined {
  if (!name.startsWith(MCP_PREFIX)) return undefined;
  if (server !== undefined && server !== "") {
    const prefix = `${MCP_PREFIX}${server}__`;
    if (name.startsWith(prefix) && name.length > prefix.length) {
      return { server, tool: name.slice(prefix.length) };
    }
  }
  return preferredSplit(name.slice(MCP_PREFIX.length));
}

/** True when `pattern` covers the tool. Patterns without `*` are exact registered names. */
export function matchesPattern(pattern: string, id: ToolIdentity, mode: MatchMode = "narrow"): boolean {
  if (!pattern.includes("*")) return pattern === id.tool;
  if (pattern.startsWith(MCP_PREFIX)) {
    const rest = pattern.slice(MCP_PREFIX.length);
    const readings = mode === "broad" ? allSplits(rest) : optional(preferredSplit(rest));
    if (readings.length > 0) {
      const name = splitMcpName(id.tool, id.server);
      if (name === undefined) return false;
      return readings.some((r) => globMatch(r.server, name.server) && globMatch(r.tool, name.tool));
    }
  }
  // No server/tool separator in the pattern (`*`, `mcp__*`, `read_*`): a plain glob over the whole name.
  return globMatch(pattern, id.tool);
}

/** The first pattern that covers the tool, if any. */
export function firstMatch(
  patterns: readonly string[],
  id: ToolIdentity,
  mode: MatchMode,
): string | undefined {
  return patterns.find((p) => matchesPattern(p, id, mode));
}

function preferredSplit(rest: string): McpParts | undefined {
  const start = rest.indexOf("__");
  if (start === -1) return undefined;
  let end = start + 2;
  while (rest[end] === "_") end++;
  const server = rest.slice(0, end - 2);
  const tool = rest.slice(end);
  return server !== "" && tool !== "" ? { server, tool } : undefined;
}

function allSplits(rest: string): McpParts[] {
  const out: McpParts[] = [];
  for (let i = rest.indexOf("__"); i !== -1; i = rest.indexOf("__", i + 1)) {
    const server = rest.slice(0, i);
    const tool = rest.slice(i + 2);
    if (server !== "" && tool !== "") out.push({ server, tool });
  }
  return out;
}

function optional<T>(v: T | undefined): T[] {
  return v === undefined ? [] : [v];
}
