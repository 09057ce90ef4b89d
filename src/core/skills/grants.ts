// `allowed-tools` as permission rules (§21.1): Claude Code writes tool names its own way (`Read`, `Bash(git
// add:*)`); a bare Claude name becomes codeagent's tool name, a pattern with an argument is kept as written
// for the rule syntax (§19) to match, and MCP names pass through. Pure.

const CLAUDE_NAMES: Record<string, string> = {
  Read: "read_file",
  Write: "write_file",
  Edit: "edit_file",
  MultiEdit: "multi_edit",
  Glob: "glob",
  Grep: "grep",
  LS: "list_directory",
  Bash: "bash",
  WebFetch: "web_fetch",
  NotebookEdit: "notebook_edit",
  TodoWrite: "todo_write",
  Task: "task",
};

export function grantPatterns(allowedTools: readonly string[]): string[] {
  const out = allowedTools.map((p) => (Object.hasOwn(CLAUDE_NAMES, p) ? CLAUDE_NAMES[p]! : p));
  return [...new Set(out.filter((p) => p !== "" && p !== "*"))];
}
