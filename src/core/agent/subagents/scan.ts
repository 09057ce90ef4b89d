// Subagents on disk (§23): `NAME.md` files from the project's and the user's agents folders, codeagent's own and
// Claude Code's. Order is precedence, as Claude Code has it for agents: a project's agent beats the user's of
// the same name (the team's reviewer is the one the project means), and within a scope `.codeagent/` beats
// `.claude/`. The losers are listed as shadowed; unreadable or invalid files are reported and skipped.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { codeagentHome, userHome, type Env } from "../../paths.js";
import { readFrontmatter } from "../../skills/frontmatter.js";
import { MAX_FILE_BYTES } from "../../skills/local.js";
import { readSubagent } from "./definition.js";
import type { AgentScope, InvalidSubagent, SubagentDefinition, SubagentScan } from "./types.js";

/** At most this many files a folder are read (a stray folder of notes must not stall start-up). */
const MAX_PER_DIR = 200;

export interface AgentDir {
  scope: AgentScope;
  dir: string;
}

/** The discovery folders, highest precedence first. */
export function agentDirs(cwd: string, env: Env = process.env): AgentDir[] {
  return [
    { scope: "project", dir: join(cwd, ".codeagent", "agents") },
    { scope: "project", dir: join(cwd, ".claude", "agents") },
    { scope: "user", dir: join(codeagentHome(env), "agents") },
    { scope: "user", dir: join(userHome(env), ".claude", "agents") },
  ];
}

export function scanSubagents(dirs: readonly AgentDir[]): SubagentScan {
  const out: SubagentScan = { agents: [], shadowed: [], invalid: [] };
  const byName = new Map<string, SubagentDefinition>();
  const seen = new Set<string>();
  for (const d of dirs) {
    // A project in $HOME, or CODEAGENT_HOME=~/.claude: one folder is read once, at its highest rank.
    if (seen.has(d.dir)) continue;
    seen.add(d.dir);
    for (const file of markdownFiles(d.dir).slice(0, MAX_PER_DIR)) {
      const r = readOne(d, file);
      if ("reason" in r) {
        out.invalid.push(r);
        continue;
      }
      const winner = byName.get(r.name);
      if (winner !== undefined) {
        out.shadowed.push({ agent: r, by: winner.file });
        continue;
      }
      byName.set(r.name, r);
      out.agents.push(r);
    }
  }
  return out;
}

function readOne(d: AgentDir, file: string): SubagentDefinition | InvalidSubagent {
  const invalid = (reason: string): InvalidSubagent => ({ scope: d.scope, dir: d.dir, file, reason });
  let text: string;
  try {
    const size = statSync(file).size;
    if (size > MAX_FILE_BYTES)
      return invalid(`the file is ${size} bytes; at most ${MAX_FILE_BYTES} are read`);
    text = readFileSync(file, "utf8");
  } catch (e) {
    return invalid(`cannot be read: ${(e as Error).message}`);
  }
  const fm = readFrontmatter(text, { required: true });
  if (!fm.ok) return invalid(fm.reason);
  const stem = file.slice(file.lastIndexOf("/") + 1, -".md".length);
  const def = readSubagent(fm.frontmatter, fm.body, stem);
  if (!def.ok) return invalid(def.reason);
  const problems = fm.note !== undefined ? [fm.note, ...def.fields.problems] : def.fields.problems;
  return { ...def.fields, problems, scope: d.scope, dir: d.dir, file };
}

function markdownFiles(dir: string): string[] {
  let names: string[];
  try {
    names = readdirSync(dir).sort((a, b) => a.localeCompare(b));
  } catch {
    return [];
  }
  return names
    .filter((n) => n.endsWith(".md") && !n.startsWith("."))
    .map((n) => join(dir, n))
    .filter((p) => {
      try {
        return statSync(p).isFile();
      } catch {
        return false;
      }
    });
}
