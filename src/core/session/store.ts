// Sessions on disk (§10): `$CODEAGENT_HOME/sessions/<id>.jsonl`, owner-only. Each record is appended with
// one O_APPEND write as it happens, so a killed terminal loses at most the message being written, and two
// processes never interleave inside a line. No index file: the directory is the index (newest by mtime).
import { randomUUID } from "node:crypto";
import {
  appendFileSync,
  closeSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  statSync,
} from "node:fs";
import { join, resolve } from "node:path";
import type { ModelMessage } from "ai";
import { CodeagentError } from "../errors.js";
import { writeFailure } from "../fs/writable.js";
import {
  parseRecord,
  replay,
  SESSION_FORMAT,
  titleOf,
  type Replayed,
  type CheckpointRecord,
  type SessionMeta,
  type SessionRecord,
} from "./records.js";

export interface SessionSummary {
  id: string;
  cwd: string;
  title: string;
  model?: string;
  created: string;
  /** ISO time of the last write. */
  updated: string;
  file: string;
}

export interface LoadedSession extends Replayed {
  meta: SessionMeta;
  file: string;
  /** Lines that could not be read (skipped, never fatal). */
  skipped: number;
}

/** The write side the agent uses: messages and compactions as they happen. */
export interface SessionLog {
  message(m: ModelMessage): void;
  compaction(c: { summary: string; kept: number }): void;
  /** The last `count` messages leave the model's view (the log keeps them for the transcript). */
  rollback(count: number): void;
  /** The model's view is replaced whole (tool results cut to fit). */
  history(messages: readonly ModelMessage[]): void;
  /** A file before this turn's first change by a tool (§23); a log without it keeps no checkpoints. */
  checkpoint?(c: FileBefore): void;
}

/** What a checkpoint records of one file (see CheckpointRecord). */
export type FileBefore = Omit<CheckpointRecord, "type" | "time">;

const EXT = ".jsonl";
/** The metadata line is small; more than this is not a session file of ours. */
const META_READ_BYTES = 64 * 1024;

export class SessionStore {
  constructor(readonly dir: string) {}

  /** A new session; its file appears with the first message, so an idle session leaves nothing behind. */
  create(o: { cwd: string; model?: string; title?: string; now?: () => Date }): SessionWriter {
    const meta: Omit<SessionMeta, "title" | "created"> = {
      type: "meta",
      format: SESSION_FORMAT,
      id: randomUUID(),
      cwd: resolve(o.cwd),
      ...(o.model !== undefined && { model: o.model }),
    };
    return new SessionWriter(this.fileOf(meta.id), meta, false, o.title, o.now ?? (() => new Date()));
  }

  /** Appends to an existing session (resume). */
  reopen(loaded: LoadedSession, now: () => Date = () => new Date()): SessionWriter {
    return new SessionWriter(loaded.file, loaded.meta, true, loaded.meta.title, now);
  }

  /** Every readable session, newest first; `cwd` keeps those of one project. */
  list(o: { cwd?: string } = {}): SessionSummary[] {
    let names: string[];
    try {
      names = readdirSync(this.dir).filter((n) => n.endsWith(EXT));
    } catch {
      return [];
    }
    const cwd = o.cwd === undefined ? undefined : resolve(o.cwd);
    const out: SessionSummary[] = [];
    for (const name of names) {
      const file = join(this.dir, name);
      let mtime: Date;
      try {
        mtime = statSync(file).mtime;
      } catch {
        continue;
      }
      const meta = readMeta(file);
      if (meta === undefined || (cwd !== undefined && meta.cwd !== cwd)) continue;
      out.push({
        id: meta.id,
        cwd: meta.cwd,
        title: meta.title,
        ...(meta.model !== undefined && { model: meta.model }),
        created: meta.created,
        updated: mtime.toISOString(),
        file,
      });
    }
    return out.sort((a, b) => b.updated.localeCompare(a.updated) || b.created.localeCompare(a.created));
  }

  /** The most recent session of the project in `cwd` (`--continue`). */
  latest(cwd: string): SessionSummary | undefined {
    return this.list({ cwd })[0];
  }

  /** A session by id or unique id prefix (`--resume ID`). */
  find(idOrPrefix: string): SessionSummary {
    const want = idOrPrefix.trim().toLowerCase();
    if (want === "") throw new CodeagentError("USAGE", "--resume needs a session id");
    const all = this.list();
    const exact = all.find((s) => s.id === want);
    if (exact !== undefined) return exact;
    const hits = all.filter((s) => s.id.startsWith(want));
    if (hits.length === 1 && hits[0] !== undefined) return hits[0];
    if (hits.length > 1) {
      throw new CodeagentError(
        "SESSION_NOT_FOUND",
        `session id "${idOrPrefix}" is ambiguous: it starts ${hits.length} sessions (${hits
          .slice(0, 5)
          .map((s) => s.id.slice(0, 12))
          .join(", ")}…); give more of the id`,
      );
    }
    throw new CodeagentError(
      "SESSION_NOT_FOUND",
      `no session "${idOrPrefix}" in ${this.dir}` +
        (all.length > 0 ? "; codeagent --resume (no id) lists them" : "; none is saved yet"),
    );
  }

  load(s: Pick<SessionSummary, "file">): LoadedSession {
    const text = readFileSync(s.file, "utf8");
    const records: SessionRecord[] = [];
    let skipped = 0;
    let meta: SessionMeta | undefined;
    for (const line of text.split("\n")) {
      if (line.trim() === "") continue;
      const r = parseRecord(line);
      if (r === undefined) skipped++;
      else if (r.type === "meta") meta ??= r;
      else records.push(r);
    }
    if (meta === undefined)
      throw new CodeagentError("SESSION_NOT_FOUND", `${s.file}: not a session file (no metadata line)`);
    return { meta, file: s.file, skipped, ...replay(records) };
  }

  private fileOf(id: string): string {
    return join(this.dir, `${id}${EXT}`);
  }
}

export class SessionWriter implements SessionLog {
  private meta: SessionMeta | undefined;
  /** Why the file cannot be written; once set, later records are not tried (the session goes on unsaved). */
  failure: string | undefined;
  /** Told once, when the first write fails (a full disk, a read-only or misplaced $CODEAGENT_HOME). */
  onWriteError: ((message: string) => void) | undefined;

  constructor(
    readonly file: string,
    private readonly base: Omit<SessionMeta, "title" | "created"> & Partial<SessionMeta>,
    private started: boolean,
    private readonly title: string | undefined,
    private readonly now: () => Date,
  ) {
    if (started) this.meta = base as SessionMeta;
  }

  get id(): string {
    return this.base.id;
  }

  message(m: ModelMessage): void {
    this.write({ type: "message", time: this.now().toISOString(), message: m }, m);
  }

  compaction(c: { summary: string; kept: number }): void {
    this.write({ type: "compaction", time: this.now().toISOString(), ...c });
  }

  rollback(count: number): void {
    if (count > 0 && this.started) this.write({ type: "rollback", time: this.now().toISOString(), count });
  }

  history(messages: readonly ModelMessage[]): void {
    this.write({ type: "history", time: this.now().toISOString(), messages: [...messages] });
  }

  checkpoint(c: FileBefore): void {
    // A checkpoint before the first message has no turn to belong to (and would create the file untitled).
    if (this.started) this.write({ type: "checkpoint", time: this.now().toISOString(), ...c });
  }

  /** The conversation goes back to before the user message at log index `to` (/rewind). */
  rewind(to: number): void {
    if (this.started) this.write({ type: "rewind", time: this.now().toISOString(), to });
  }

  /** Whether the file holds the session so far (a session that failed to write cannot be rewound). */
  get saved(): boolean {
    return this.started && this.failure === undefined;
  }

  private write(record: SessionRecord, first?: ModelMessage): void {
    if (this.failure !== undefined) return;
    try {
      this.append(record, first);
    } catch (e) {
      // Saving is not the job: the turn goes on, and the user is told once what is not saved.
      this.failure = writeFailure(e);
      this.onWriteError?.(
        `the session is not saved to ${this.file} (${this.failure}); the answer still comes, but --continue will not find it`,
      );
    }
  }

  private append(record: SessionRecord, first?: ModelMessage): void {
    let lines = "";
    if (!this.started) {
      this.meta = {
        ...this.base,
        created: this.now().toISOString(),
        title: this.title ?? titleOf(first === undefined ? "" : messageText(first)),
      };
      lines += `${JSON.stringify(this.meta)}\n`;
    }
    lines += `${JSON.stringify(record)}\n`;
    mkdirSync(join(this.file, ".."), { recursive: true, mode: 0o700 });
    // One write per record: O_APPEND keeps concurrent writers' lines whole.
    appendFileSync(this.file, lines, { mode: 0o600 });
    this.started = true;
  }
}

/** The text of a message's text parts (titles, transcript). */
export function messageText(m: ModelMessage): string {
  if (typeof m.content === "string") return m.content;
  return m.content.map((p) => (p.type === "text" ? p.text : "")).join("");
}

function readMeta(file: string): SessionMeta | undefined {
  let fd: number | undefined;
  try {
    fd = openSync(file, "r");
    const buf = Buffer.alloc(META_READ_BYTES);
    const n = readSync(fd, buf, 0, buf.length, 0);
    const text = buf.subarray(0, n).toString("utf8");
    const nl = text.indexOf("\n");
    const r = parseRecord(nl === -1 ? text : text.slice(0, nl));
    return r?.type === "meta" ? r : undefined;
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** How many messages a session file holds (the picker shows it); counts lines, no full parse. */
export function countMessages(file: string): number {
  try {
    const text = readFileSync(file, "utf8");
    let n = 0;
    for (const line of text.split("\n")) if (line.startsWith('{"type":"message"')) n++;
    return n;
  } catch {
    return 0;
  }
}
