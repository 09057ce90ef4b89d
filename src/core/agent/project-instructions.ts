// Project instructions (§10): the user's `$CODEAGENT_HOME/AGENTS.md`, then `AGENTS.md` and `CLAUDE.md` of
// every directory from the git root down to the project directory (no git root: the project directory
// alone), so the nearest file comes last and weighs most. Each is labelled with its path and capped.
import { existsSync, readFileSync, realpathSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";

export const INSTRUCTION_FILES = ["AGENTS.md", "CLAUDE.md"] as const;
/** Per file and in total, in characters (Codex caps its project docs at 32 KiB). */
export const FILE_MAX_CHARS = 20_000;
export const TOTAL_MAX_CHARS = 40_000;

export interface InstructionFile {
  path: string;
  text: string;
  /** The file was longer than what is kept. */
  cut: boolean;
}

/** The directories searched, in prompt order: the git root (or cwd) first, cwd last. */
export function instructionDirs(cwd: string): string[] {
  const start = resolve(cwd);
  const chain: string[] = [];
  for (let dir = start; ; dir = dirname(dir)) {
    chain.push(dir);
    if (existsSync(join(dir, ".git"))) return chain.reverse();
    if (dirname(dir) === dir) return [start];
  }
}

export function loadProjectInstructions(o: { cwd: string; userFile?: string }): InstructionFile[] {
  const candidates = [
    ...(o.userFile !== undefined ? [o.userFile] : []),
    ...instructionDirs(o.cwd).flatMap((d) => INSTRUCTION_FILES.map((f) => join(d, f))),
  ];
  const seen = new Set<string>();
  const texts = new Set<string>();
  const out: InstructionFile[] = [];
  let budget = TOTAL_MAX_CHARS;
  for (const path of candidates) {
    let real: string;
    let text: string;
    try {
      if (!statSync(path).isFile()) continue;
      real = realpathSync(path);
      text = readFileSync(path, "utf8");
    } catch {
      continue;
    }
    // CLAUDE.md is often a link to (or a copy of) AGENTS.md: one copy is enough.
    if (seen.has(real) || texts.has(text.trim()) || text.trim() === "") continue;
    seen.add(real);
    texts.add(text.trim());
    const max = Math.min(FILE_MAX_CHARS, budget);
    if (max <= 0) break;
    const cut = text.length > max;
    out.push({ path, text: cut ? text.slice(0, max) : text, cut });
    budget -= Math.min(text.length, max);
  }
  return out;
}

/** The system-prompt section; the files are the user's and the project's own words. */
export function instructionsFilesSection(files: readonly InstructionFile[]): string {
  if (files.length === 0) return "";
  const blocks = files.map((f) => {
    const body = f.text.trim().replace(/<(\s*\/?\s*project-instructions)/gi, "&lt;$1");
    const note = f.cut ? `\n[cut at ${f.text.length} characters]` : "";
    return `<project-instructions path="${f.path.replace(/"/g, "&quot;")}">\n${body}${note}\n</project-instructions>`;
  });
  return [
    "Instructions for this project from AGENTS.md / CLAUDE.md files (the user's own first, then from the " +
      "repository root down to the project directory; a later file refines an earlier one). Follow them.",
    ...blocks,
  ].join("\n\n");
}
