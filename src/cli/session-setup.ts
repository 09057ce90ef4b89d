// Which session a run writes to (§10): a new one, the most recent of this project (`--continue`), or a
// given one (`--resume ID`, prefix allowed). A resumed session's messages go to the agent; later ones are
// appended to the same file.
import { CodeagentError } from "../core/errors.js";
import { paths, type Env } from "../core/paths.js";
import { writeProblem } from "../core/fs/writable.js";
import { SessionStore, type LoadedSession, type SessionWriter } from "../core/session/store.js";

export interface SessionFlags {
  /** `--continue` / `-c`. */
  continue?: boolean;
  /** `--resume [ID]` / `-r`: `true` when no id was given (interactive: the picker). */
  resume?: string | boolean;
}

export interface OpenedSession {
  writer: SessionWriter;
  resumed?: LoadedSession;
  notices: string[];
}

export function sessionStore(env: Env): SessionStore {
  return new SessionStore(paths.sessionsDir(env));
}

/** `resume === true` must be settled by the caller (picker) before this is called. */
export function openSession(o: {
  store: SessionStore;
  cwd: string;
  model?: string;
  flags: SessionFlags;
}): OpenedSession {
  const opened = chooseSession(o);
  // Asked once, before the turn: an unwritable home is one warning, and the session runs unsaved.
  const problem = writeProblem(o.store.dir);
  if (problem !== undefined) {
    opened.writer.failure = problem;
    opened.notices.push(
      `cannot save to ${o.store.dir} (${problem}): this session is not saved (--continue will not find it), nor are input history, "always" permission answers, tool pins and caches under $CODEAGENT_HOME; the session itself works`,
    );
  }
  return opened;
}

function chooseSession(o: {
  store: SessionStore;
  cwd: string;
  model?: string;
  flags: SessionFlags;
}): OpenedSession {
  const { store, flags } = o;
  const fresh = (notices: string[] = []): OpenedSession => ({
    writer: store.create({ cwd: o.cwd, ...(o.model !== undefined && { model: o.model }) }),
    notices,
  });
  if (typeof flags.resume === "string") return resume(store, store.find(flags.resume));
  if (flags.resume === true)
    throw new CodeagentError("USAGE", "--resume needs a session id here; " + recentHint(store, o.cwd));
  if (flags.continue === true) {
    const latest = store.latest(o.cwd);
    if (latest === undefined) return fresh([`no earlier session in ${o.cwd} to continue; this is a new one`]);
    return resume(store, latest);
  }
  return fresh();
}

function resume(store: SessionStore, s: Parameters<SessionStore["load"]>[0]): OpenedSession {
  const loaded = store.load(s);
  const notices =
    loaded.skipped > 0
      ? [`${loaded.file}: ${loaded.skipped} unreadable line(s) skipped; the rest of the session is resumed`]
      : [];
  return { writer: store.reopen(loaded), resumed: loaded, notices };
}

function recentHint(store: SessionStore, cwd: string): string {
  const recent = store.list({ cwd }).slice(0, 5);
  if (recent.length === 0) return `this project has no saved sessions (${store.dir})`;
  return (
    "recent sessions of this project:\n" +
    recent.map((s) => `  ${s.id}  ${s.updated.slice(0, 16).replace("T", " ")}  ${s.title}`).join("\n")
  );
}
