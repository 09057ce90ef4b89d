// Persisted "always" answers of the permission prompt: $CODEAGENT_HOME/permissions.json.
// Reads are lenient (a corrupt file counts as no rules, and `problems()` says why); writes are strict
// (`remember` on a corrupt file throws CONFIG_PARSE rather than overwrite what the user may want back).
import { CodeagentError } from "../errors.js";
import { withFileLock } from "../fs/file-lock.js";
import type { PermissionRequest, PermissionRules } from "./evaluate.js";
import { isPlainObject, readJsonFile, writeJsonFileAtomic } from "./json-file.js";

export type RememberAnswer = "always-tool" | "always-server";

type Loaded =
  { ok: true; doc: Record<string, unknown>; rules: PermissionRules } | { ok: false; message: string };

export class PermissionStore {
  constructor(readonly file: string) {}

  /** The stored rules, read fresh from disk; empty when the file is missing or corrupt. */
  rules(): PermissionRules {
    const loaded = this.load();
    return loaded.ok ? loaded.rules : { allow: [], deny: [] };
  }

  /** Why the stored rules are being ignored, if they are. */
  problems(): string[] {
    const loaded = this.load();
    return loaded.ok ? [] : [loaded.message];
  }

  /** Stores an allow rule: the tool's name, or `mcp__{server}__*` for "always this server". */
  remember(answer: RememberAnswer, req: PermissionRequest): void {
    withFileLock(this.file, () => this.rememberLocked(answer, req));
  }

  private rememberLocked(answer: RememberAnswer, req: PermissionRequest): void {
    const loaded = this.load();
    if (!loaded.ok) {
      throw new CodeagentError(
        "CONFIG_PARSE",
        `${loaded.message}; the answer was not saved. Fix or delete ${this.file}.`,
      );
    }
    const pattern = rememberedPattern(answer, req);
    if (loaded.rules.allow.includes(pattern)) return;
    loaded.doc.allow = [...loaded.rules.allow, pattern];
    loaded.doc.deny = loaded.rules.deny;
    writeJsonFileAtomic(this.file, loaded.doc);
  }

  private load(): Loaded {
    const read = readJsonFile(this.file);
    if (read.kind === "missing") return { ok: true, doc: {}, rules: { allow: [], deny: [] } };
    if (read.kind === "corrupt") return { ok: false, message: read.message };
    const doc = read.value;
    if (!isPlainObject(doc)) return { ok: false, message: `${this.file}: expected a JSON object` };
    const allow = stringList(doc.allow);
    const deny = stringList(doc.deny);
    if (allow === undefined || deny === undefined) {
      return { ok: false, message: `${this.file}: "allow" and "deny" must be arrays of strings` };
    }
    return { ok: true, doc, rules: { allow, deny } };
  }
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
