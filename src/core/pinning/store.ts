// The pin file, $CODEAGENT_HOME/tool-pins.json: `{ "servers": { "<identity key>": { "name", "tools": {…} } } }`.
// Read fresh on every review (another process may have accepted); written atomically under the file's lock, and a
// recorded pin is never replaced except by `accept`. A file that cannot be read fails closed: nothing is trusted.
import { CodeagentError } from "../errors.js";
import { withFileLock } from "../fs/file-lock.js";
import { writeFileAtomic } from "../fs/atomic-write.js";
import { isPlainObject, readJsonFile, setOwn } from "../permissions/json-file.js";
import type { ServerIdentity } from "./identity.js";
import type { Pin, ServerPins } from "./review.js";

export type PinRead = { ok: true; pins: ServerPins | undefined } | { ok: false; message: string };

type Loaded =
  | { ok: true; doc: Record<string, unknown>; servers: Record<string, unknown> }
  | { ok: false; message: string };

export class PinStore {
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
      writePins(this.file, doc);
    });
  }

  /** Replaces one server's pins with what `update` makes of the current ones (read under the lock). */
  update<T>(
    id: ServerIdentity,
    update: (pins: ServerPins | undefined) => { pins: ServerPins; result: T },
  ): T {
    return withFileLock(this.file, () => {
      const { doc, servers } = this.loadForWrite();
      const out = update(pinsOf(own(servers, id.key)));
      setOwn(servers, id.key, { name: id.name, tools: out.pins });
      writePins(this.file, doc);
      return out.result;
    });
  }

  private load(): Loaded {
    const read = readJsonFile(this.file);
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

  private loadForWrite(): { doc: Record<string, unknown>; servers: Record<string, unknown> } {
    const loaded = this.load();
    if (!loaded.ok) {
      throw new CodeagentError(
        "CONFIG_PARSE",
        `${loaded.message}; tool pins were not changed. Fix or delete ${this.file} (every tool is then trusted anew).`,
      );
    }
    return loaded;
  }
}

/** One line: deeply nested schemas would multiply the file's size with indentation. */
function writePins(file: string, doc: unknown): void {
  writeFileAtomic(file, `${JSON.stringify(doc)}\n`, { secret: true });
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
    setOwn(out, name, { hash: v.hash, definition, accepted: v.accepted !== false });
  }
  return out;
}
