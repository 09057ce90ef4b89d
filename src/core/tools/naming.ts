// Model-facing names of MCP tools (§5): `mcp__{server}__{tool}`, only [A-Za-z0-9_-], at most 64 characters
// (OpenAI, Anthropic and Gemini all accept that), collisions resolved by a hash suffix independent of the
// order in which the server lists its tools. Names are never split back: the registry keeps the map.
import { createHash } from "node:crypto";

export const MAX_TOOL_NAME = 64;
const HASH_CHARS = 8;
const SUFFIX_LENGTH = 1 + HASH_CHARS;

export function sanitizeNamePart(s: string): string {
  const out = s.replace(/[^A-Za-z0-9_-]/gu, "_");
  return out === "" ? "_" : out;
}

/**
 * The plain name when it fits in 64 characters and reads one way only; otherwise cut and suffixed with a hash
 * (see below). A server ending in `_` or a tool starting with `_` puts three or more underscores at the seam:
 * server `a_` with tool `b` and server `a` with tool `_b` would both be `mcp__a___b`, and which one kept it
 * would depend on which server started first. Such names are always hashed, so both stay reachable, each
 * under a name of its own whatever the start order.
 */
export function mcpToolName(server: string, tool: string): string {
  const part = sanitizeNamePart(tool);
  const plain = `${prefix(server)}${part}`;
  const ambiguous = sanitizeNamePart(server).endsWith("_") || part.startsWith("_");
  return plain.length <= MAX_TOOL_NAME && !ambiguous ? plain : hashedToolName(server, tool);
}

/**
 * `mcp__{server}__{tool cut}_{8 hex}`, exactly ≤ 64 characters. The hash is of the raw server and tool
 * names (so two raw names that sanitize alike differ); `salt` only serves to escape a hash collision.
 * The `mcp__{server}__` prefix is kept whole whenever it leaves room, so `mcp__srv__*` rules still match.
 */
export function hashedToolName(server: string, tool: string, salt = 0): string {
  const hash = createHash("sha256")
    .update(`${server}\u0000${tool}${salt === 0 ? "" : `\u0000${salt}`}`)
    .digest("hex")
    .slice(0, HASH_CHARS);
  const head = prefix(server);
  const room = MAX_TOOL_NAME - SUFFIX_LENGTH - head.length;
  const body =
    room >= 1 ? head + sanitizeNamePart(tool).slice(0, room) : head.slice(0, MAX_TOOL_NAME - SUFFIX_LENGTH);
  return `${body}_${hash}`;
}

/**
 * Registered name for each distinct raw tool name of one server. Raw names that would get the same name
 * all get hashed names (none keeps the plain one, so the list's order does not matter); `reserved` names
 * (built-ins, virtual tools, other servers' tools) are never produced.
 */
export function assignToolNames(
  server: string,
  rawToolNames: string[],
  reserved: ReadonlySet<string> = new Set(),
): Map<string, string> {
  const raws = [...new Set(rawToolNames)].sort();
  const plain = new Map(raws.map((r) => [r, mcpToolName(server, r)]));
  const count = new Map<string, number>();
  for (const name of plain.values()) count.set(name, (count.get(name) ?? 0) + 1);
  const taken = new Set(reserved);
  const result = new Map<string, string>();
  for (const raw of raws) {
    const base = plain.get(raw) ?? mcpToolName(server, raw);
    let name = count.get(base) === 1 && !reserved.has(base) ? base : hashedToolName(server, raw);
    // Only a hash collision, or a raw name that looks like another's hashed name, gets here.
    for (let salt = 1; taken.has(name); salt++) name = hashedToolName(server, raw, salt);
    taken.add(name);
    result.set(raw, name);
  }
  return result;
}

/**
 * The servers whose names could have produced `name` (its start matches what mcpToolName writes for them).
 * Not a split: a one-shot command uses it to choose which servers to start, and the registry then says which
 * server and tool the name really is. Several servers may match (`a` and `a_` both for `mcp__a___echo`).
 */
export function candidateServers(name: string, servers: readonly string[]): string[] {
  return servers.filter((s) => name.startsWith(prefix(s).slice(0, MAX_TOOL_NAME - SUFFIX_LENGTH)));
}

function prefix(server: string): string {
  return `mcp__${sanitizeNamePart(server)}__`;
}
