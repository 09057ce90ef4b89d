// /rewind on a saved session (§23): the session file is the one record of both the conversation and the
// checkpoints, so the points are read from it and a conversation rewind is a record appended to it (it
// survives --resume, and goes when the session file goes).
import type { LoadedSession, SessionStore, SessionWriter } from "../session/store.js";
import { applyRestore, type RestoreReport } from "./apply.js";
import { restoreTargets, rewindPoints, type RewindPoint, type RewindScope } from "./plan.js";

export type RewindOutcome =
  | {
      ok: true;
      /** The session after the rewind (conversation scopes): its messages for the agent, its log to draw. */
      session?: LoadedSession;
      /** What happened to the files (code scopes). */
      files?: RestoreReport;
    }
  | { ok: false; message: string };

export type SessionSource = Pick<SessionStore, "load">;
export type SessionTarget = Pick<SessionWriter, "file" | "saved" | "rewind">;

const NOT_SAVED =
  "nothing to rewind: this session has no saved messages yet (or its file could not be written)";

export function listRewindPoints(store: SessionSource, writer: SessionTarget): RewindPoint[] {
  if (!writer.saved) return [];
  const s = store.load({ file: writer.file });
  return rewindPoints(s.log, s.checkpoints);
}

/** Goes back to just before the user message at log index `to`: the files, the conversation, or both. */
export function rewindSession(
  store: SessionSource,
  writer: SessionTarget,
  to: number,
  scope: RewindScope,
): RewindOutcome {
  if (!writer.saved) return { ok: false, message: NOT_SAVED };
  const before = store.load({ file: writer.file });
  if (before.log[to]?.role !== "user")
    return { ok: false, message: `message ${to} is not a user message of this session; run /rewind again` };
  const files = scope === "conversation" ? undefined : applyRestore(restoreTargets(before.checkpoints, to));
  if (scope === "code") return { ok: true, ...(files !== undefined && { files }) };
  writer.rewind(to);
  return { ok: true, session: store.load({ file: writer.file }), ...(files !== undefined && { files }) };
}
