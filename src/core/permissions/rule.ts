// Permission rules in Claude Code's syntax (§19), so users can copy theirs: `Bash(npm run test:*)` (prefix),
// `Bash(git diff)` (exact), `Read(~/.ssh/**)`, `Edit(src/**)`, `WebFetch(domain:example.com)`,
// `mcp__server__tool`, `mcp__server__*`, `mcp__server`; and codeagent's registered names and globs
// (`read_file`, `mcp__*`). Pure: a rule's text in, what it covers out, or a message naming what to change.

/** What the Claude Code tool names stand for among codeagent's tools. */
const READ_TOOLS = ["read_file", "list_directory", "glob", "grep"];
const EDIT_TOOLS = ["write_file", "edit_file", "multi_edit", "notebook_edit"];
export const CLAUDE_TOOLS: Readonly<Record<string, readonly string[]>> = {
  Bash: ["bash"],
  Read: READ_TOOLS,
  Edit: EDIT_TOOLS,
  Write: ["write_file"],
  MultiEdit: ["multi_edit"],
  NotebookEdit: ["notebook_edit"],
  Glob: ["glob"],
  Grep: ["grep"],
  LS: ["list_directory"],
  WebFetch: ["web_fetch"],
  TodoWrite: ["todo_write"],
  Task: ["task"],
};

/** Which tools a path rule of that name covers: Read for reads, the edit tools for writes. */
const PATH_RULES: Readonly<Record<string, "read" | "edit">> = {
  Read: "read",
  Edit: "edit",
  Write: "edit",
  MultiEdit: "edit",
  NotebookEdit: "edit",
  Glob: "read",
  Grep: "read",
  LS: "read",
};

export type CommandSpec =
  { kind: "any" } | { kind: "prefix"; words: string } | { kind: "exact"; words: string };

export type Rule =
  /** A registered name or glob over names (`read_file`, `mcp__srv__*`, `*`): the §8.1 patterns. */
  | { kind: "name"; text: string; pattern: string }
  /** A Claude Code tool name without a specifier: every call of those tools. */
  | { kind: "tools"; text: string; tools: readonly string[] }
  /** `Bash(…)`: the words of the command, to be split like a command line when matched. */
  | { kind: "command"; text: string; spec: CommandSpec }
  /** `Read(…)`, `Edit(…)`: a gitignore-style path pattern. */
  | { kind: "path"; text: string; tools: readonly string[]; access: "read" | "edit"; pattern: string }
  /** `WebFetch(domain:…)`: a host name, `*.example.com` for its subdomains. */
  | { kind: "domain"; text: string; host: string };

export type ParsedRule = { ok: true; rule: Rule } | { ok: false; message: string };

const KNOWN = Object.keys(CLAUDE_TOOLS).join(", ");

export function parseRule(raw: string): ParsedRule {
  const text = raw.trim();
  if (text === "") return { ok: false, message: "a rule is empty" };
  const open = text.indexOf("(");
  if (open === -1) {
    if (/[()]/.test(text)) return bad(text, "has a stray parenthesis");
    const tools = Object.hasOwn(CLAUDE_TOOLS, text) ? CLAUDE_TOOLS[text] : undefined;
    if (tools !== undefined) return { ok: true, rule: { kind: "tools", text, tools } };
    // `mcp__server` alone is Claude Code's "every tool of the server".
    const server = /^mcp__([A-Za-z0-9-]+(?:_[A-Za-z0-9-]+)*_?)$/.exec(text)?.[1];
    if (server !== undefined && !server.includes("__"))
      return { ok: true, rule: { kind: "name", text, pattern: `mcp__${server}__*` } };
    return { ok: true, rule: { kind: "name", text, pattern: text } };
  }
  if (!text.endsWith(")")) return bad(text, 'must end with ")"');
  const tool = text.slice(0, open);
  const spec = text.slice(open + 1, -1).trim();
  if (!Object.hasOwn(CLAUDE_TOOLS, tool)) {
    return bad(text, `names no tool that takes a specifier; use one of ${KNOWN}`);
  }
  if (spec === "") return bad(text, `has an empty specifier; write ${tool} alone for every call`);
  if (tool === "Bash") return command(text, spec);
  if (tool === "WebFetch") {
    const host = /^domain:(\*\.)?([A-Za-z0-9.-]+)$/.exec(spec);
    if (host === null)
      return bad(text, "must be WebFetch(domain:example.com) or WebFetch(domain:*.example.com)");
    return { ok: true, rule: { kind: "domain", text, host: `${host[1] ?? ""}${host[2]!.toLowerCase()}` } };
  }
  const access = PATH_RULES[tool];
  if (access === undefined) return bad(text, `${tool} takes no specifier; write ${tool} alone`);
  return { ok: true, rule: { kind: "path", text, tools: CLAUDE_TOOLS[tool]!, access, pattern: spec } };
}

function command(text: string, spec: string): ParsedRule {
  if (spec === "*") return { ok: true, rule: { kind: "command", text, spec: { kind: "any" } } };
  const prefix = /^(.*?)(?::\*| \*)$/.exec(spec);
  const words = (prefix?.[1] ?? spec).trim();
  if (words === "" || (words.includes("*") && !/["']/.test(words))) {
    return bad(text, '"*" may only end a command rule, as in Bash(npm run test:*)');
  }
  return {
    ok: true,
    rule: { kind: "command", text, spec: { kind: prefix !== null ? "prefix" : "exact", words } },
  };
}

function bad(text: string, why: string): ParsedRule {
  return { ok: false, message: `rule "${text}" ${why}` };
}

/** Every problem of a list of rules, each naming where it was given (`permissions.allow[2] in FILE`). */
export function ruleProblems(rules: readonly string[], where: (index: number) => string): string[] {
  return rules.flatMap((r, i) => {
    const parsed = parseRule(r);
    return parsed.ok ? [] : [`${where(i)}: ${parsed.message}`];
  });
}
