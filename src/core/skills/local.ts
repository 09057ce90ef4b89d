// Skills and commands on disk (§21.1): SKILL.md folders and command markdown files from the user's and the
// project's folders, codeagent's own and Claude Code's. Order is precedence: when two definitions share a
// name, the first found wins and the others are listed as shadowed. The user's own folders come first (a
// cloned repository cannot replace a procedure the user wrote, as Claude Code's personal skills beat project
// ones); within a scope codeagent's folders beat Claude Code's, and skills beat commands.
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, statSync, type Dirent } from "node:fs";
import { join, relative, sep } from "node:path";
import { codeagentHome, userHome, type Env } from "../paths.js";
import { readDefinition } from "./definition.js";
import { readFrontmatter } from "./frontmatter.js";
import type { InvalidDefinition, LocalSkill, SkillKind } from "./types.js";

/** A file larger than this is not a skill anyone wrote by hand; it is reported, not read. */
export const MAX_FILE_BYTES = 256 * 1024;
/** Command folders are walked this deep (Claude Code's namespaces: `commands/frontend/component.md`). */
const MAX_DEPTH = 3;
/** At most this many definitions a folder (a stray `node_modules` must not stall start-up). */
const MAX_PER_DIR = 500;

export interface SkillDir {
  kind: SkillKind;
  scope: "user" | "project";
  dir: string;
}

/** The discovery folders, highest precedence first. */
export function skillDirs(cwd: string, env: Env = process.env): SkillDir[] {
  const home = codeagentHome(env);
  const claude = join(userHome(env), ".claude");
  return [
    { kind: "skill", scope: "user", dir: join(home, "skills") },
    { kind: "skill", scope: "user", dir: join(claude, "skills") },
    { kind: "command", scope: "user", dir: join(home, "commands") },
    { kind: "command", scope: "user", dir: join(claude, "commands") },
    { kind: "skill", scope: "project", dir: join(cwd, ".codeagent", "skills") },
    { kind: "skill", scope: "project", dir: join(cwd, ".claude", "skills") },
    { kind: "command", scope: "project", dir: join(cwd, ".codeagent", "commands") },
    { kind: "command", scope: "project", dir: join(cwd, ".claude", "commands") },
  ];
}

export interface LocalScan {
  /** Every valid definition in precedence order (shadowed ones included; see `shadowedBy`). */
  found: LocalSkill[];
  invalid: InvalidDefinition[];
  /** Notes on definitions read leniently. */
  notes: string[];
}

export function scanLocalSkills(dirs: readonly SkillDir[]): LocalScan {
  const out: LocalScan = { found: [], invalid: [], notes: [] };
  const seenDirs = new Set<string>();
  for (const d of dirs) {
    // `CODEAGENT_HOME=~/.claude` or a project in $HOME: one folder is read once, at its highest rank.
    if (seenDirs.has(d.dir)) continue;
    seenDirs.add(d.dir);
    const files = d.kind === "skill" ? skillFiles(d.dir) : commandFiles(d.dir);
    for (const { file, name, root } of files.slice(0, MAX_PER_DIR)) {
      const r = readOne(d, file, name, root);
      if ("reason" in r) out.invalid.push(r);
      else {
        out.found.push(r.skill);
        if (r.note !== undefined) out.notes.push(`${file}: ${r.note}`);
      }
    }
  }
  return out;
}

function readOne(
  d: SkillDir,
  file: string,
  fallbackName: string,
  root: string | undefined,
): InvalidDefinition | { skill: LocalSkill; note?: string } {
  const invalid = (reason: string): InvalidDefinition => ({
    kind: d.kind,
    scope: d.scope,
    dir: d.dir,
    file,
    name: fallbackName,
    reason,
  });
  let bytes: Buffer;
  try {
    const size = statSync(file).size;
    if (size > MAX_FILE_BYTES)
      return invalid(`the file is ${size} bytes; at most ${MAX_FILE_BYTES} are read`);
    bytes = readFileSync(file);
  } catch (e) {
    return invalid(`cannot be read: ${(e as Error).message}`);
  }
  const text = bytes.toString("utf8");
  const fm = readFrontmatter(text, { required: d.kind === "skill" });
  if (!fm.ok) return invalid(fm.reason);
  const def = readDefinition(d.kind, fm.frontmatter, fm.body, fallbackName);
  if (!def.ok) return invalid(def.reason);
  const skill: LocalSkill = {
    kind: d.kind,
    ...def.fields,
    scope: d.scope,
    dir: d.dir,
    file,
    ...(root !== undefined && { root }),
    body: fm.body,
    hash: createHash("sha256").update(bytes).digest("hex"),
  };
  return { skill, ...(fm.note !== undefined && { note: fm.note }) };
}

function entries(dir: string): Dirent[] {
  try {
    return readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name));
  } catch {
    return [];
  }
}

/** `DIR/NAME/SKILL.md` (folders that are links to folders too: users link shared skill sets in). */
function skillFiles(dir: string): { file: string; name: string; root: string }[] {
  const out: { file: string; name: string; root: string }[] = [];
  for (const e of entries(dir)) {
    if (e.name.startsWith(".")) continue;
    const root = join(dir, e.name);
    if (!isDirectory(e, root)) continue;
    const file = join(root, "SKILL.md");
    if (isFile(file)) out.push({ file, name: e.name, root });
  }
  return out;
}

/** `DIR/**.md`, named by their path: `frontend/component.md` is `frontend:component`. */
function commandFiles(
  dir: string,
  base = dir,
  depth = 0,
): { file: string; name: string; root?: undefined }[] {
  const out: { file: string; name: string }[] = [];
  for (const e of entries(dir)) {
    if (e.name.startsWith(".")) continue;
    const path = join(dir, e.name);
    if (isDirectory(e, path)) {
      if (depth + 1 < MAX_DEPTH) out.push(...commandFiles(path, base, depth + 1));
    } else if (e.name.endsWith(".md") && isFile(path)) {
      out.push({ file: path, name: relative(base, path).slice(0, -3).split(sep).join(":") });
    }
  }
  return out;
}

function isDirectory(e: Dirent, path: string): boolean {
  if (e.isDirectory()) return true;
  if (!e.isSymbolicLink()) return false;
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}
