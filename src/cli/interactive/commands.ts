// Slash commands of the interactive session, parsed purely from one input line (§10). MCP prompts are
// `/mcp__server__prompt [args…]`; `//text` sends `/text` as an ordinary message.
import { shellWords } from "../../core/text/shell-words.js";

export type SlashCommand =
  | { type: "mcp-status" }
  | { type: "mcp-logs"; server: string }
  | { type: "mcp-refresh"; server?: string }
  | { type: "mcp-enable"; server: string }
  | { type: "mcp-disable"; server: string }
  | { type: "mcp-accept"; server: string; tools: string[] }
  | { type: "tools" }
  | { type: "skills" }
  | { type: "hooks" }
  | { type: "agents" }
  | { type: "model"; spec?: string }
  | { type: "help" }
  | { type: "clear" }
  | { type: "exit" }
  | { type: "compact"; focus?: string }
  | { type: "context" }
  | { type: "cost" }
  | { type: "init" }
  | { type: "rewind" }
  | { type: "diff" }
  | { type: "prompt"; server: string; prompt: string; args: string[] }
  | { type: "usage"; message: string }
  | { type: "unknown"; name: string; suggestion?: string };

export interface CommandHelp {
  usage: string;
  description: string;
}

export const COMMANDS: CommandHelp[] = [
  { usage: "/mcp", description: "MCP servers: scope, status, tools, errors" },
  { usage: "/mcp logs NAME", description: "the last lines of a server's log" },
  { usage: "/mcp refresh [NAME]", description: "restart one server (or all) with fresh caches" },
  { usage: "/mcp enable NAME", description: "start a disabled server for this session" },
  { usage: "/mcp disable NAME", description: "stop a server for this session" },
  {
    usage: "/mcp accept NAME [TOOL…]",
    description: "accept a server's changed tool definitions (shown by /mcp) so they are offered again",
  },
  { usage: "/tools", description: "registered tools, grouped by server; loaded and deferred" },
  { usage: "/skills", description: "skills and custom commands: origin, status, description" },
  { usage: "/hooks", description: "hooks: event, matcher, source, whether it runs (or needs approval)" },
  { usage: "/NAME [ARGS]", description: "run a skill or custom command (listed below and by /skills)" },
  {
    usage: "/agents",
    description: "subagents for the task tool (agents/*.md): source, tools, model, problems",
  },
  {
    usage: "/model [provider:model]",
    description: "switch the model (without argument: list the known ones)",
  },
  { usage: "/mcp__SERVER__PROMPT [args…]", description: "send an MCP prompt (args positional or k=v)" },
  { usage: "/context", description: "context window use: last request, breakdown, compaction point" },
  { usage: "/cost", description: "the session's tokens by kind (input, cache, output) and their cost" },
  { usage: "/compact [FOCUS]", description: "summarise the older turns now (optionally: what to keep)" },
  { usage: "/init", description: "ask the model to draft an AGENTS.md for this project" },
  {
    usage: "/rewind",
    description:
      "go back to before an earlier message: the files the tools changed, the conversation, or both (also Esc Esc)",
  },
  { usage: "/diff", description: "the working tree's changes (git diff against HEAD) and untracked files" },
  { usage: "/clear", description: "clear the transcript and start a new session" },
  { usage: "/help", description: "this help" },
  { usage: "/exit", description: "end the session (also Ctrl-D, or Ctrl-C twice)" },
  {
    usage: "!COMMAND",
    description:
      "run a shell command yourself, without asking (sandboxed where commands are); output joins the context",
  },
  {
    usage: "@path",
    description:
      "attach a file to the message (Tab completes paths; an image goes as an image); @server:uri attaches a resource",
  },
];

/** The keys of the session, for /help and the README. */
export const KEYS: CommandHelp[] = [
  { usage: "Enter", description: "send the message" },
  {
    usage: "Shift+Enter, Alt+Enter, \\ Enter",
    description: "new line (Shift+Enter where the terminal reports it)",
  },
  { usage: "Tab", description: "complete a /command or an @path" },
  { usage: "Shift+Tab", description: "plan mode on/off (read-only tools until you approve a plan)" },
  { usage: "↑ / ↓", description: "input history" },
  {
    usage: "Ctrl-R",
    description: "search the input history (type to narrow, Ctrl-R older, Enter takes it, Esc cancels)",
  },
  { usage: "Esc", description: "cancel the running turn" },
  { usage: "Esc Esc", description: "on an empty prompt: /rewind (files changed by shell commands stay)" },
  { usage: "Ctrl-C", description: "cancel the turn, clear the line, or (twice) exit" },
  { usage: "Ctrl-D", description: "exit (on an empty line)" },
  { usage: "Ctrl-A/E, Ctrl-U/K/W", description: "line start/end, delete to start/end/word" },
];

const NAMES = [
  "mcp",
  "tools",
  "skills",
  "hooks",
  "agents",
  "model",
  "help",
  "clear",
  "exit",
  "quit",
  "compact",
  "context",
  "cost",
  "init",
  "rewind",
  "diff",
];
const MCP_SUBCOMMANDS = ["logs", "refresh", "enable", "disable", "accept"];

/** The command on this line, or undefined when the line is a message for the model. */
export function parseSlash(line: string): SlashCommand | undefined {
  const text = line.trim();
  if (!text.startsWith("/") || text.startsWith("//")) return undefined;
  const [head = "", ...rest] = splitArgs(text.slice(1));
  const name = head.toLowerCase();
  if (head.startsWith("mcp__")) return parsePrompt(head, rest);
  switch (name) {
    case "mcp":
      return parseMcp(rest);
    case "tools":
      return { type: "tools" };
    case "skills":
      return { type: "skills" };
    case "hooks":
      return { type: "hooks" };
    case "agents":
      return { type: "agents" };
    case "model": {
      if (rest.length > 1) return usage("/model [provider:model]");
      return rest[0] === undefined ? { type: "model" } : { type: "model", spec: rest[0] };
    }
    case "help":
    case "?":
      return { type: "help" };
    case "clear":
      return { type: "clear" };
    case "exit":
    case "quit":
      return { type: "exit" };
    case "compact": {
      const focus = text.slice(1 + head.length).trim();
      return focus === "" ? { type: "compact" } : { type: "compact", focus };
    }
    case "context":
      return { type: "context" };
    case "cost":
      return { type: "cost" };
    case "init":
      return { type: "init" };
    case "diff":
      return rest.length > 0 ? usage("/diff (the whole working tree)") : { type: "diff" };
    case "rewind":
      return rest.length > 0 ? usage("/rewind (then pick the message)") : { type: "rewind" };
    default: {
      const suggestion = closest(name, NAMES);
      return {
        type: "unknown",
        name: head,
        ...(suggestion !== undefined && { suggestion: `/${suggestion}` }),
      };
    }
  }
}

/** A line that starts with `//` is sent as a message beginning with `/`. */
export function messageText(line: string): string {
  const text = line.trim();
  return text.startsWith("//") ? text.slice(1) : text;
}

function parseMcp(args: string[]): SlashCommand {
  const [sub, name, ...extra] = args;
  if (sub === undefined) return { type: "mcp-status" };
  const s = sub.toLowerCase();
  if (s === "refresh") {
    if (extra.length > 0) return usage("/mcp refresh [NAME]");
    return name === undefined ? { type: "mcp-refresh" } : { type: "mcp-refresh", server: name };
  }
  if (s === "accept") {
    if (name === undefined) return usage("/mcp accept NAME [TOOL…]");
    return { type: "mcp-accept", server: name, tools: extra };
  }
  if (s === "logs" || s === "enable" || s === "disable") {
    if (name === undefined || extra.length > 0) return usage(`/mcp ${s} NAME`);
    return { type: `mcp-${s}`, server: name };
  }
  const suggestion = closest(s, MCP_SUBCOMMANDS);
  return {
    type: "usage",
    message:
      `unknown /mcp subcommand "${sub}"` +
      (suggestion !== undefined ? ` (did you mean /mcp ${suggestion}?)` : "") +
      `; try /mcp, /mcp logs NAME, /mcp refresh [NAME], /mcp enable NAME, /mcp disable NAME, /mcp accept NAME`,
  };
}

function parsePrompt(head: string, args: string[]): SlashCommand {
  // Server names never contain "__" (§3.2), so the first "__" after the prefix ends the server name.
  const rest = head.slice("mcp__".length);
  const i = rest.indexOf("__");
  if (i <= 0 || i + 2 >= rest.length) return usage("/mcp__SERVER__PROMPT [args…]");
  return { type: "prompt", server: rest.slice(0, i), prompt: rest.slice(i + 2), args };
}

function usage(u: string): SlashCommand {
  return { type: "usage", message: `usage: ${u}` };
}

/** Shell-like words: whitespace separates, single and double quotes group, backslash escapes. */
export function splitArgs(s: string): string[] {
  return shellWords(s, { doubleQuoteEscapes: true }).words;
}

/** The candidate that starts with `word`, or is within two edits of it. */
function closest(word: string, candidates: string[]): string | undefined {
  if (word === "") return undefined;
  const prefixed = candidates.find((c) => c.startsWith(word) || word.startsWith(c));
  if (prefixed !== undefined) return prefixed;
  let best: { c: string; d: number } | undefined;
  for (const c of candidates) {
    const d = distance(word, c);
    if (d <= 2 && (best === undefined || d < best.d)) best = { c, d };
  }
  return best?.c;
}

function distance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a.charAt(i - 1) === b.charAt(j - 1) ? 0 : 1;
      row.push(Math.min((prev[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, (prev[j - 1] ?? 0) + cost));
    }
    prev = row;
  }
  return prev[b.length] ?? 0;
}

/** The session's own command names: a skill or command file cannot take them. */
export const BUILTIN_NAMES: ReadonlySet<string> = new Set([...NAMES, "?"]);
