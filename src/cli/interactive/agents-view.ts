// `/agents`: the subagents the `task` tool can run (§23) — name, where it came from, its tools and model, and
// what was wrong with it — then the definitions shadowed by another of the same name, and the invalid files.
import { homedir } from "node:os";
import { relative } from "node:path";
import type { SubagentScan } from "../../core/agent/subagents/types.js";
import { stripControlLine } from "../../core/text/strip.js";
import { cut } from "../../core/text/printable.js";

export const NO_AGENTS =
  "no agents: add NAME.md files (frontmatter name, description, tools, model; the body is the prompt) to " +
  ".codeagent/agents/ or .claude/agents/ (this project), or ~/.codeagent/agents/ or ~/.claude/agents/ (yours)";

export function agentsText(scan: SubagentScan, cwd: string, home: string = homedir()): string {
  const where = (file: string) => {
    const inProject = relative(cwd, file);
    if (!inProject.startsWith("..")) return inProject;
    const inHome = relative(home, file);
    return inHome.startsWith("..") ? file : `~/${inHome}`;
  };
  const one = (s: string, max = 200) => cut(stripControlLine(s), max);
  const lines: string[] = [];
  for (const a of scan.agents) {
    const tools =
      a.tools === undefined ? "all tools" : a.tools.length === 0 ? "no tools" : a.tools.join(", ");
    lines.push(
      `${one(a.name, 64)}  ${a.scope} · ${where(a.file)}  tools: ${one(tools, 160)}  model: ${one(a.model ?? "the session's", 80)}`,
    );
    lines.push(`  ${one(a.description)}`);
    for (const p of a.problems) lines.push(`  ! ${one(p, 300)}`);
  }
  for (const s of scan.shadowed) {
    lines.push(`${one(s.agent.name, 64)}  [shadowed] ${where(s.agent.file)} by ${where(s.by)}`);
  }
  for (const i of scan.invalid) lines.push(`[invalid] ${where(i.file)}: ${one(i.reason, 300)}`);
  return lines.length === 0 ? NO_AGENTS : lines.join("\n");
}
