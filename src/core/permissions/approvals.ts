// Project-server approval (§8.2): a project's servers run only once the user approved that exact definition.
// The store is keyed by the real project path and a hash of the entry as written, so edits ask again.
import { createHash } from "node:crypto";
import { realpathSync } from "node:fs";
import { resolve } from "node:path";
import { CodeagentError } from "../errors.js";
import { withFileLock } from "../fs/file-lock.js";
import { isPlainObject, readJsonFile, setOwn, writeJsonFileAtomic } from "./json-file.js";

/** JSON with object keys sorted at every level; array order kept; `undefined` members dropped as JSON does. */
export function canonicalJson(value: unknown): string {
  // Built by concatenation, which V8 keeps as a rope until the text is read (hashed, written) and flattens once;
  // keys sorted in place. A list of pieces joined at the end and `Array#sort` allocated ~55 MB to canonicalize
  // 20 servers' 1 040 tools (2.3 MB of JSON); this allocates ~24 MB, in less time.
  if (value === null || typeof value !== "object") {
    const s = JSON.stringify(value) as string | undefined;
    return s ?? "null";
  }
  if (Array.isArray(value)) {
    let out = "[";
    for (let i = 0; i < value.length; i++) {
      if (i > 0) out += ",";
      out += canonicalJson(value[i]);
    }
    return `${out}]`;
  }
  let out = "{";
  let first = true;
  for (const key of sortKeys(Object.keys(value))) {
    const v = (value as Record<string, unknown>)[key];
    if (v === undefined || typeof v === "function" || typeof v === "symbol") continue;
    if (!first) out += ",";
    first = false;
    out += JSON.stringify(key);
    out += ":";
    out += canonicalJson(v);
  }
  return `${out}}`;
}

/** `keys.sort()`, in place; an insertion sort for the few keys an object usually has allocates nothing. */
function sortKeys(keys: string[]): string[] {
  if (keys.length > 24) return keys.sort();
  for (let i = 1; i < keys.length; i++) {
    const k = keys[i] as string;
    let j = i - 1;
    for (; j >= 0 && (keys[j] as string) > k; j--) keys[j + 1] = keys[j] as string;
    keys[j + 1] = k;
  }
  return keys;
}

/** sha256 (hex) of the server entry's canonical JSON: any change to command/args/env/url/headers changes it. */
export function definitionHash(raw: unknown): string {
  return createHash("sha256").update(canonicalJson(raw)).digest("hex");
}

/**
 * What in a project server's entry widens what runs unasked (`"trust": true`), worded for the approval prompt.
 * The approval's hash covers the entry whole, so such a key takes effect only once the person approving has
 * been shown it — every place that approves shows this.
 */
export function wideningNotes(raw: unknown): string[] {
  const trust = (raw as { trust?: unknown } | null)?.trust;
  return trust === true ? ['"trust": true — every tool of this server would run without asking'] : [];
}

/** The key a project is stored under: absolute, and symlinks resolved when the directory exists. */
export function normalizeProjectDir(projectDir: string): string {
  const abs = resolve(projectDir);
  try {
    return realpathSync(abs);
  } catch {
    return abs;
  }
}

export interface Approval {
  name: string;
  hash: string;
  approvedAt: string;
}

type Projects = Record<string, Record<string, unknown>>;
type Loaded = { ok: true; doc: Record<string, unknown>; projects: Projects } | { ok: false; message: string };

export class ApprovalStore {
  private readonly now: () => Date;

  constructor(
    readonly file: string,
    opts: { now?: () => Date } = {},
  ) {
    this.now = opts.now ?? (() => new Date());
  }

  isApproved(projectDir: string, name: string, raw: unknown): boolean {
    const entry = this.entry(projectDir, name);
    return entry !== undefined && entry.hash === definitionHash(raw);
  }

  approve(projectDir: string, name: string, raw: unknown): void {
    withFileLock(this.file, () => this.approveLocked(projectDir, name, raw));
  }

  private approveLocked(projectDir: string, name: string, raw: unknown): void {
    const { doc, projects } = this.loadForWrite();
    const key = normalizeProjectDir(projectDir);
    const servers = ownValue(projects, key);
    const project = isPlainObject(servers) ? servers : {};
    setOwn(project, name, { hash: definitionHash(raw), approvedAt: this.now().toISOString() });
    setOwn(projects, key, project);
    writeJsonFileAtomic(this.file, doc);
  }

  /** Removes one approval; false when there was none. */
  revoke(projectDir: string, name: string): boolean {
    return this.remove(projectDir, (n) => n === name).length > 0;
  }

  /** Removes every approval of the project; returns the names that were approved. */
  revokeAll(projectDir: string): string[] {
    return this.remove(projectDir, () => true);
  }

  /** Approvals of one project, sorted by name; empty when the file is missing or corrupt. */
  list(projectDir: string): Approval[] {
    const loaded = this.load();
    if (!loaded.ok) return [];
    const servers = ownValue(loaded.projects, normalizeProjectDir(projectDir));
    if (!isPlainObject(servers)) return [];
    const out: Approval[] = [];
    for (const [name, v] of Object.entries(servers)) {
      const a = asApproval(name, v);
      if (a) out.push(a);
    }
    return out.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  }

  /** Why the file is being ignored (fail closed: nothing counts as approved), if it is. */
  problems(): string[] {
    const loaded = this.load();
    return loaded.ok ? [] : [loaded.message];
  }

  private entry(projectDir: string, name: string): Approval | undefined {
    const loaded = this.load();
    if (!loaded.ok) return undefined;
    const servers = ownValue(loaded.projects, normalizeProjectDir(projectDir));
    return isPlainObject(servers) ? asApproval(name, ownValue(servers, name)) : undefined;
  }

  private remove(projectDir: string, which: (name: string) => boolean): string[] {
    return withFileLock(this.file, () => this.removeLocked(projectDir, which));
  }

  private removeLocked(projectDir: string, which: (name: string) => boolean): string[] {
    const loaded = this.load();
    // A corrupt file already approves nothing; refusing to rewrite it keeps it for the user to inspect.
    if (!loaded.ok) throw this.parseError(loaded.message);
    const key = normalizeProjectDir(projectDir);
    const servers = ownValue(loaded.projects, key);
    if (!isPlainObject(servers)) return [];
    const removed = Object.keys(servers).filter(which).sort();
    if (removed.length === 0) return [];
    for (const name of removed) delete servers[name];
    if (Object.keys(servers).length === 0) delete loaded.projects[key];
    writeJsonFileAtomic(this.file, loaded.doc);
    return removed;
  }

  private load(): Loaded {
    const read = readJsonFile(this.file);
    if (read.kind === "missing") {
      const projects: Projects = {};
      return { ok: true, doc: { projects }, projects };
    }
    if (read.kind === "corrupt") return { ok: false, message: read.message };
    const doc = read.value;
    if (!isPlainObject(doc)) return { ok: false, message: `${this.file}: expected a JSON object` };
    const projects = ownValue(doc, "projects") ?? {};
    if (!isPlainObject(projects) || !Object.values(projects).every(isPlainObject)) {
      return { ok: false, message: `${this.file}: "projects" must map project paths to objects` };
    }
    setOwn(doc, "projects", projects);
    return { ok: true, doc, projects: projects as Projects };
  }

  private loadForWrite(): { doc: Record<string, unknown>; projects: Projects } {
    const loaded = this.load();
    if (!loaded.ok) throw this.parseError(loaded.message);
    return loaded;
  }

  private parseError(message: string): CodeagentError {
    return new CodeagentError(
      "CONFIG_PARSE",
      `${message}; approvals were not changed. Fix or delete ${this.file} and approve again.`,
    );
  }
}

function ownValue(obj: Record<string, unknown>, key: string): unknown {
  return Object.hasOwn(obj, key) ? obj[key] : undefined;
}

function asApproval(name: string, v: unknown): Approval | undefined {
  if (!isPlainObject(v) || typeof v.hash !== "string") return undefined;
  return { name, hash: v.hash, approvedAt: typeof v.approvedAt === "string" ? v.approvedAt : "" };
}
