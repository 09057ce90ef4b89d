// Persisted "always" answers of the permission prompt: $CODEAGENT_HOME/permissions.json. Answers are kept per
// project (§8.5) under `projects["<real project path>"].allow`, and in the top-level `allow` only when the user
// says "in every project". They live under the home, never in the project directory: a cloned repository must not
// be able to ship its own "always allow bash". Reads are lenient (a corrupt file counts as no rules, and
// `problems()` says why); writes are strict (`remember` on a corrupt file throws CONFIG_PARSE rather than
// overwrite what the user may want back).
// An MCP server's answers are kept by the server's identity (its scope and name), under `scoped["<scope>"]`:
// "always allow" said to the user's own `github` server does not pass to a project's server named `github`.
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

  /**
   * The stored rules, read fresh from disk: the global ones plus `projectDir`'s, and those answered for servers
   * of `serverScope`; empty when corrupt. A project server never gets unscoped `mcp__` answers (older files kept
   * answers by name only, which a project could take over by naming its server alike).
   */
  rules(projectDir?: string, serverScope?: string): PermissionRules {
    const loaded = this.load();
    if (!loaded.ok) return { allow: [], deny: [] };
    const entries: unknown[] = [loaded.doc];
    if (projectDir !== undefined) {
      const key = normalizeProjectDir(projectDir);
      if (Object.hasOwn(loaded.projects, key)) entries.push(loaded.projects[key]);
    }
    const sets = entries.flatMap((e) => {
      if (!isPlainObject(e)) return [];
      const plain = { allow: stringList(e.allow) ?? [], deny: stringList(e.deny) ?? [] };
      if (serverScope === "project") plain.allow = plain.allow.filter((r) => !r.startsWith("mcp__"));
      return [plain, { allow: serverScope === undefined ? [] : scopedList(e, serverScope), deny: [] }];
    });
    return mergeRules(...sets);
  }

  /** Why the stored rules are being ignored, if they are. */
  problems(): string[] {
    const loaded = this.load();
    return loaded.ok ? [] : [loaded.message];
  }

  /** Stores an allow rule: the tool's name, or `mcp__{server}__*` for "always this server". */
  remember(answer: RememberAnswer, req: PermissionRequest, projectDir?: string): void {
    const where = answer === "always-tool-global" ? undefined : projectDir;
    this.rememberRules([rememberedPattern(answer, req)], where, req.serverScope);
  }

  /** Stores allow rules (a command's prefixes), for one project or every one, for one server scope or none. */
  rememberRules(rules: readonly string[], projectDir?: string, serverScope?: string): void {
    withFileLock(this.file, () => this.rememberLocked(rules, projectDir, serverScope));
  }

  private rememberLocked(rules: readonly string[], projectDir?: string, serverScope?: string): void {
    const loaded = this.load();
    if (!loaded.ok) {
      throw new CodeagentError(
        "CONFIG_PARSE",
        `${loaded.message}; the answer was not saved. Fix or delete ${this.file}.`,
      );
    }
    let target: Record<string, unknown> = loaded.doc;
    if (projectDir !== undefined) {
      const key = normalizeProjectDir(projectDir);
      const entry = Object.hasOwn(loaded.projects, key) ? loaded.projects[key] : undefined;
      target = isPlainObject(entry) ? entry : {};
      setOwn(loaded.projects, key, target);
      setOwn(loaded.doc, "projects", loaded.projects);
    } else {
      target.deny = loaded.rules.deny;
    }
    const current =
      serverScope === undefined ? (stringList(target.allow) ?? []) : scopedList(target, serverScope);
    const added = rules.filter((r) => !current.includes(r));
    if (added.length === 0) return;
    if (serverScope === undefined) target.allow = [...current, ...added];
    else {
      const scoped = isPlainObject(target.scoped) ? target.scoped : {};
      setOwn(scoped, serverScope, [...current, ...added]);
      target.scoped = scoped;
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

/** The answers kept for servers of one scope (`scoped["project"]`). */
function scopedList(entry: Record<string, unknown>, scope: string): string[] {
  const scoped = entry.scoped;
  if (!isPlainObject(scoped) || !Object.hasOwn(scoped, scope)) return [];
  return stringList(scoped[scope]) ?? [];
}

/** The allow rule an "always" answer stands for. */
export function rememberedPattern(answer: RememberAnswer, req: PermissionRequest): string {
  if (answer === "always-server" && req.server !== undefined && req.server !== "") {
    return `mcp__${req.server}__*`;
  }
  return req.tool;
}

/** Concatenates rule sets, dropping duplicates and keeping first-seen order (`ask` only when some set has it). */
export function mergeRules(...sets: PermissionRules[]): PermissionRules {
  const ask = [...new Set(sets.flatMap((r) => r.ask ?? []))];
  return {
    allow: [...new Set(sets.flatMap((r) => r.allow))],
    ...(ask.length > 0 && { ask }),
    deny: [...new Set(sets.flatMap((r) => r.deny))],
  };
}

function stringList(v: unknown): string[] | undefined {
  if (v === undefined) return [];
  if (!Array.isArray(v) || !v.every((x) => typeof x === "string")) return undefined;
  return v;
}
