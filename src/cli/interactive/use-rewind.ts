// /rewind and Esc Esc in the session: opens the list of messages, applies the choice through the host, and
// draws the outcome — the transcript as it was before the chosen message, and what happened to the files.
import { useCallback, useRef, useState, type Dispatch } from "react";
import type { RewindPoint, RewindScope } from "../../core/checkpoints/plan.js";
import type { RestoreReport } from "../../core/checkpoints/apply.js";
import { titleOf } from "../../core/session/records.js";
import { messageText } from "../../core/session/store.js";
import { displayPath } from "../../core/tools/builtin/display-path.js";
import type { SessionHost } from "./host.js";
import { replayTranscript } from "./resume-transcript.js";
import type { TranscriptAction } from "./transcript.js";

/** Two Esc presses closer together than this open /rewind. */
export const DOUBLE_ESC_MS = 800;

type Note = (level: "info" | "warning" | "error", text: string) => void;

export function useRewind(
  host: SessionHost,
  o: { dispatch: Dispatch<TranscriptAction>; note: Note; clearScreen?: () => void; running: boolean },
) {
  const { dispatch, note, clearScreen, running } = o;
  const [points, setPoints] = useState<RewindPoint[] | undefined>(undefined);
  const lastEsc = useRef(0);

  const open = useCallback(() => {
    if (host.rewind === undefined) return note("warning", "rewinding is not available in this session");
    if (running) return note("warning", "a turn is running; cancel it first (Esc), then /rewind");
    setPoints(host.rewind.points());
  }, [host, note, running]);

  const done = useCallback(
    (choice: { index: number; scope: RewindScope } | undefined) => {
      const chosen = points?.find((p) => p.index === choice?.index);
      setPoints(undefined);
      if (choice === undefined || host.rewind === undefined) return;
      const r = host.rewind.apply(choice.index, choice.scope);
      if (!r.ok) return note("error", r.message);
      if (r.session !== undefined) {
        const { session } = r;
        const text = chosen?.text ?? messageText(session.log[choice.index] ?? { role: "user", content: "" });
        clearScreen?.();
        dispatch({
          type: "rebuild",
          build: (empty) =>
            replayTranscript(empty, {
              id: session.meta.id,
              title: session.meta.title,
              log: session.log,
              compactions: session.compactions,
              heading: `rewound the conversation to before: ${titleOf(text)}`,
            }),
        });
      }
      if (r.files !== undefined) filesNote(r.files, host.cwd ?? process.cwd(), note);
    },
    [host, points, note, dispatch, clearScreen],
  );

  /** Esc on an empty prompt with nothing to cancel: the second within DOUBLE_ESC_MS opens the list. */
  const escape = useCallback(
    (now = Date.now()) => {
      if (now - lastEsc.current < DOUBLE_ESC_MS) {
        lastEsc.current = 0;
        return open();
      }
      lastEsc.current = now;
    },
    [open],
  );

  return { points, open, done, escape };
}

function filesNote(r: RestoreReport, cwd: string, note: Note): void {
  const list = (paths: string[]) => paths.map((p) => displayPath(cwd, p)).join(", ");
  const parts = [
    r.restored.length > 0 && `restored ${list(r.restored)}`,
    r.removed.length > 0 && `removed ${list(r.removed)} (created after that message)`,
  ].filter((p): p is string => typeof p === "string");
  note("info", parts.length > 0 ? `files: ${parts.join("; ")}` : "files: nothing to restore");
  for (const f of r.failed) note("error", `could not restore ${displayPath(cwd, f.path)}: ${f.error}`);
}
