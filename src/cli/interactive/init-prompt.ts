// `/init`: the message that asks the model to draft the project's AGENTS.md. It goes through the normal
// loop, so the model looks at the project with its tools and the write is asked for like any other.
import { existsSync } from "node:fs";
import { join } from "node:path";

export function initPrompt(cwd: string): string {
  const file = join(cwd, "AGENTS.md");
  const has = existsSync(file);
  const claude = existsSync(join(cwd, "CLAUDE.md"));
  return [
    has
      ? `Improve the AGENTS.md of this project (${file}): read it, look at the project, and update it where it is wrong, missing or stale.`
      : `Draft an AGENTS.md for this project at ${file}.`,
    "It is read by coding agents at the start of every session, so write what an agent needs and cannot guess " +
      "quickly: what the project is; how to build, run, test and lint it (the exact commands); the layout " +
      "(where things live); the conventions to follow (style, naming, errors, tests); and pitfalls.",
    "Look before you write: list the root, read the README and the build files (package.json, pyproject.toml, " +
      "Cargo.toml, Makefile, CI config), and skim the main source folders" +
      (claude ? " and the existing CLAUDE.md" : "") +
      ". Keep it short (under about 150 lines), concrete, and true to what you saw; do not invent commands. " +
      "Then write the file with write_file (or edit_file if it exists) and say in one line what it covers.",
  ].join("\n\n");
}
