// The pin file, $CODEAGENT_HOME/tool-pins.json: `{ "servers": { "<identity key>": { "name", "tools": {…} } } }`.
// Read fresh on every review (another process may have accepted); written atomically under the file's lock, and a
// recorded pin is never replaced except by `accept`. A file that cannot be read fails closed: nothing is trusted.
// "Fresh" is checked, not assumed: the parsed file is kept (while memory allows) with its inode, size and times,
// and parsed again only when those changed. Every writer replaces the file by rename, so any change is seen; with
// 10 servers of 500 tools, parsing the whole file again for each server's review was a third of a start.
import { closeSync, fstatSync, openSync, readFileSync, statSync, type Stats } from "node:fs";
import { CodeagentError } from "../errors.js";
import { withFileLock } from "../fs/file-lock.js";
import { writeFileAtomic } from "../fs/atomic-write.js";
import { isPlainObject, setOwn } from "../permissions/json-file.js";
import type { ServerIdentity } from "./identity.js";
import type { Pending } from "./pending.js";
import type { Pin, ServerPins } from "./review.js";
import { pinFileChunks, type EntryTexts } from "./pin-file-text.js";

export type PinRead = { ok: true; pins: ServerPins | undefined } | { ok: false; message: string };

type Loaded =
  | { ok: true; doc: Record<string, unknown>; servers: Record<string, unknown> }
  | { ok: false; message: string };

export class PinStore {
  /** The file as last parsed or written, and what its stat said then. */
  private parsed: { stamp: string; doc: WeakRef<Record<string, unknown>> } | undefined;
  /** Each server entry's JSON as last written, for as long as the entry object lives (pin-file-text.ts). */
  private readonly texts: EntryTexts = new WeakMap();

  constructor(readonly file: string) {}

  read(id: ServerIdentity): PinRead {
    const loaded = this.load();
    if (!loaded.ok) return loaded;
    return { ok: true, pins: pinsOf(own(loaded.servers, id.key)) };
  }

  /** Adds pins for tools that have none (and the server's entry on first sight); existing pins stay. */
  record(id: ServerIdentity, pins: readonly Pin[]): void {
    withFileLock(this.file, () => {
      const { doc, servers } = this.loadForWrite();
      const entry = serverEntry(servers, id);
      const tools = entry.tools as Record<string, unknown>;
      let added = !Object.hasOwn(servers, id.key);
      for (const p of pins) {
        if (Object.hasOwn(tools, p.definition.name)) continue;
        setOwn(tools, p.definition.name, p);
        added = true;
      }
      if (!added) return;
      setOwn(servers, id.key, entry);
      this.write(doc, entry);
    });
  }

  /**
   * Keeps what the server changed and waits to be accepted (or clears it, with `undefined`), so `mcp accept` can
   * accept it without the server. Written only when it differs from what the file holds.
   */
  setPending(id: ServerIdentity, pending: Pending | undefined): void {
    const loaded = this.load();
    const entry = loaded.ok ? own(loaded.servers, id.key) : undefined;
    const now = isPlainObject(entry) ? own(entry, "pending") : undefined;
    if (JSON.stringify(now) === JSON.stringify(pending)) return;
    if (!isPlainObject(entry) && pending === undefined) return;
    withFileLock(this.file, () => {
      const { doc, servers } = this.loadForWrite();
      const e = serverEntry(servers, id);
      if (pending === undefined) Reflect.deleteProperty(e, "pending");
      else e.pending = pending;
      setOwn(servers, id.key, e);
      this.write(doc, e);
    });
  }

  /** The servers called `name` whose changes wait to be accepted, with their identities. */
  pendingNamed(name: string): { id: ServerIdentity; pending: Pending }[] {
    const loaded = this.load();
    if (!loaded.ok) throw new CodeagentError("CONFIG_PARSE", loaded.message);
    const out: { id: ServerIdentity; pending: Pending }[] = [];
    for (const [key, e] of Object.entries(loaded.servers)) {
      if (!isPlainObject(e) || e.name !== name) continue;
      const pending = pendingOf(own(e, "pending"));
      if (pending !== undefined) out.push({ id: { key, name }, pending });
    }
    return out;
  }

  /** Replaces one server's pins with what `update` makes of the current ones (read under the lock). */
  update<T>(
    id: ServerIdentity,
    update: (pins: ServerPins | undefined) => { pins: ServerPins; result: T },
  ): T {
    return withFileLock(this.file, () => {
      const { doc, servers } = this.loadForWrite();
      const out = update(pinsOf(own(servers, id.key)));
      // What was pending is settled by an acceptance; the next review records what is still changed.
      const entry = { name: id.name, tools: out.pins };
      setOwn(servers, id.key, entry);
      this.write(doc, entry);
      return out.result;
    });
  }

  private load(): Loaded {
    const read = this.readDoc();
    if (read.kind === "missing") {
      const servers = {};
      return { ok: true, doc: { version: 1, servers }, servers };
    }
    if (read.kind === "corrupt") return { ok: false, message: read.message };
    const doc = read.value;
    const servers = isPlainObject(doc) ? own(doc, "servers") : undefined;
    if (!isPlainObject(doc) || !isPlainObject(servers)) {
      return { ok: false, message: `${this.file}: expected {"servers": {…}}` };
    }
    return { ok: true, doc, servers };
  }

  /** The file parsed, or the one parsed before when its stat did not change since. */
  private readDoc():
    { kind: "missing" } | { kind: "ok"; value: unknown } | { kind: "corrupt"; message: string } {
    let fd: number;
    try {
      fd = openSync(this.file, "r");
    } catch (e) {
      this.parsed = undefined;
      const code = (e as NodeJS.ErrnoException).code;
      if (code === "ENOENT" || code === "ENOTDIR") return { kind: "missing" };
      return { kind: "corrupt", message: `${this.file}: cannot be read (${(e as Error).message})` };
    }
    let text: string;
    let stamp: string;
    try {
      stamp = stampOf(fstatSync(fd));
      const known = this.parsed?.stamp === stamp ? this.parsed.doc.deref() : undefined;
      if (known !== undefined) return { kind: "ok", value: known };
      text = readFileSync(fd, "utf8");
    } catch (e) {
      this.parsed = undefined;
      return { kind: "corrupt", message: `${this.file}: cannot be read (${(e as Error).message})` };
    } finally {
      closeSync(fd);
    }
    try {
      const value: unknown = JSON.parse(text);
      this.parsed = isPlainObject(value) ? { stamp, doc: new WeakRef(value) } : undefined;
      return { kind: "ok", value };
    } catch (e) {
      this.parsed = undefined;
      return { kind: "corrupt", message: `${this.file}: not valid JSON (${(e as Error).message})` };
    }
  }

  private loadForWrite(): { doc: Record<string, unknown>; servers: Record<string, unknown> } {
    const loaded = this.load();
    if (!loaded.ok) {
      throw new CodeagentError(
        "CONFIG_PARSE",
        `${loaded.message}; tool pins were not changed. Fix or delete ${this.file} (every tool is then trusted anew).`,
      );
    }
    // The caller changes this document: until it is written, it is not what the file holds.
    this.parsed = undefined;
    return loaded;
  }

  /**
   * Writes `doc`, where only the server entry `changed` differs from what was last written or read (under the
   * file's lock, so nobody replaces it before its stat is taken), and keeps it.
   */
  private write(doc: Record<string, unknown>, changed: object): void {
    this.texts.delete(changed);
    // One line: deeply nested schemas would multiply the file's size with indentation.
    writeFileAtomic(this.file, pinFileChunks(doc, this.texts), { secret: true });
    try {
      this.parsed = { stamp: stampOf(statSync(this.file)), doc: new WeakRef(doc) };
    } catch {
      this.parsed = undefined;
    }
  }
}

/** What changes whenever the file is replaced or written: its inode, size, and modification and change times. */
function stampOf(st: Stats): string {
  return `${st.dev}:${st.ino}:${st.size}:${st.mtimeMs}:${st.ctimeMs}`;
}

function own(obj: Record<string, unknown>, key: string): unknown {
  return Object.hasOwn(obj, key) ? obj[key] : undefined;
}

function serverEntry(servers: Record<string, unknown>, id: ServerIdentity): Record<string, unknown> {
  const e = own(servers, id.key);
  if (isPlainObject(e) && isPlainObject(e.tools)) return e;
  return { name: id.name, tools: {} };
}

/** A server's pins as stored; entries that are not pins are dropped (they pin nothing, so they change nothing). */
function pinsOf(entry: unknown): ServerPins | undefined {
  if (!isPlainObject(entry) || !isPlainObject(entry.tools)) return undefined;
  const out: ServerPins = {};
  for (const [name, v] of Object.entries(entry.tools)) {
    if (!isPlainObject(v) || typeof v.hash !== "string" || !isPlainObject(v.definition)) continue;
    const definition = { ...v.definition, name } as Pin["definition"];
    const seenWith = Array.isArray(v.seenWith) ? v.seenWith.filter((k) => typeof k === "string") : undefined;
    setOwn(out, name, {
      hash: v.hash,
      definition,
      accepted: v.accepted !== false,
      ...(seenWith !== undefined && { seenWith }),
    });
  }
  return out;
}

function pendingOf(v: unknown): Pending | undefined {
  if (!isPlainObject(v) || !isPlainObject(v.tools) || !Array.isArray(v.removed)) return undefined;
  const tools: Pending["tools"] = {};
  for (const [name, d] of Object.entries(v.tools)) if (isPlainObject(d)) setOwn(tools, name, { ...d, name });
  return { tools, removed: v.removed.filter((n): n is string => typeof n === "string") };
}
