// Persisted "always" answers of the permission prompt: $CODEAGENT_HOME/permissions.json. Answers are kept per
// project (§8.5) under `projects["<real project path>"].allow`, and in the top-level `allow` only when the user
// says "in every project". They live under the home, never in the project directory: a cloned repository must not
// be able to ship its own "always allow bash". Reads are lenient (a corrupt file counts as no rules, and
// `problems()` says why); writes are strict (`remember` on a corrupt file throws CONFIG_PARSE rather than
// overwrite what the user may want back).
import { CodeagentError } from "../errors.js";
import { withFileLock } from "../fs/file-lock.js";
import { normalizeProjectDir } from "./approvals.js";
import type { PermissionRequest, PermissionRules } from "./evaluate.js";
import { isPlainObject, readJsonFile, setOwn, writeJsonFileAtomic } from "./json-file.js";

/** `always-tool` / `always-server`: in this project (or everywhere when no project is given); `-global`: everywhere. */
export type RememberAnswer = "always-tool" | "always-server" | "always-tool-global";

type Loaded =
  | { ok: true; doc: Record<string, unknown>; rules: PermissionRules; projects: Record<string, unknown> }
  | { ok: false; message: string };

export class PermissionStore {
  constructor(readonly file: string) {}

  /** The stored rules, read fresh from disk: the global ones plus `projectDir`'s; empty when corrupt. */
  rules(projectDir?: string): PermissionRules {
    const loaded = this.load();
    if (!loaded.ok) return { allow: [], deny: [] };
    if (projectDir === undefined) return loaded.rules;
    const project = projectRules(loaded.projects, normalizeProjectDir(projectDir));
    return mergeRules(loaded.rules, project ?? { allow: [], deny: [] });
  }

  /** Why the stored rules are being ignored, if they are. */
  problems(): string[] {
    const loaded = this.load();
    return loaded.ok ? [] : [loaded.message];
  }

  /** Stores an allow rule: the tool's name, or `mcp__{server}__*` for "always this server". */
  remember(answer: RememberAnswer, req: PermissionRequest, projectDir?: string): void {
    withFileLock(this.file, () => this.rememberLocked(answer, req, projectDir));
  }

  private rememberLocked(answer: RememberAnswer, req: PermissionRequest, projectDir?: string): void {
    const loaded = this.load();
    if (!loaded.ok) {
      throw new CodeagentError(
        "CONFIG_PARSE",
        `${loaded.message}; the answer was not saved. Fix or delete ${this.file}.`,
      );
    }
    const pattern = rememberedPattern(answer, req);
    if (answer === "always-tool-global" || projectDir === undefined) {
      if (loaded.rules.allow.includes(pattern)) return;
      loaded.doc.allow = [...loaded.rules.allow, pattern];
      loaded.doc.deny = loaded.rules.deny;
    } else {
      const key = normalizeProjectDir(projectDir);
      const current = projectRules(loaded.projects, key) ?? { allow: [], deny: [] };
      if (current.allow.includes(pattern)) return;
      const entry = Object.hasOwn(loaded.projects, key) ? loaded.projects[key] : undefined;
      const project = isPlainObject(entry) ? entry : {};
      project.allow = [...current.allow, pattern];
      setOwn(loaded.projects, key, project);
      setOwn(loaded.doc, "projects", loaded.projects);
    }
    writeJsonFileAtomic(this.file, loaded.doc);
  }

  private load(): Loaded {
    const read = readJsonFile(this.file);
    if (read.kind === "missing") return { ok: true, doc: {}, rules: { allow: [], deny: [] }, projects: {} };
    if (read.kind === "corrupt") return { ok: false, message: read.message };
    const doc = read.value;
    if (!isPlainObject(doc)) return { ok: false, message: `${this.file}: expected a JSON object` };
    const allow = stringList(doc.allow);
    const deny = stringList(doc.deny);
    if (allow === undefined || deny === undefined) {
      return { ok: false, message: `${this.file}: "allow" and "deny" must be arrays of strings` };
    }
    const projects = Object.hasOwn(doc, "projects") ? doc.projects : {};
    const valid =
      isPlainObject(projects) &&
      Object.values(projects).every(
        (p) => isPlainObject(p) && stringList(p.allow) !== undefined && stringList(p.deny) !== undefined,
      );
    if (!valid) {
      return {
        ok: false,
        message: `${this.file}: "projects" must map project paths to {"allow": [...], "deny": [...]}`,
      };
    }
    return { ok: true, doc, rules: { allow, deny }, projects };
  }
}

function projectRules(projects: Record<string, unknown>, key: string): PermissionRules | undefined {
  const p = Object.hasOwn(projects, key) ? projects[key] : undefined;
  if (!isPlainObject(p)) return undefined;
  return { allow: stringList(p.allow) ?? [], deny: stringList(p.deny) ?? [] };
}

/** The allow rule an "always" answer stands for. */
export function rememberedPattern(answer: RememberAnswer, req: PermissionRequest): string {
  if (answer === "always-server" && req.server !== undefined && req.server !== "") {
    return `mcp__${req.server}__*`;
  }
  return req.tool;
}

/** Concatenates rule sets, dropping duplicates and keeping first-seen order. */
export function mergeRules(...sets: PermissionRules[]): PermissionRules {
  return {
    allow: [...new Set(sets.flatMap((r) => r.allow))],
    deny: [...new Set(sets.flatMap((r) => r.deny))],
  };
}

function stringList(v: unknown): string[] | undefined {
  if (v === undefined) return [];
  if (!Array.isArray(v) || !v.every((x) => typeof x === "string")) return undefined;
  return v;
}
