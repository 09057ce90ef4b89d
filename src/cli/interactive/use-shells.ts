// `!cmd` in the session (§10): the command runs through the host's bash tool and shows as a bash call; its
// output waits to be put before the next message. Ctrl-C or Esc stops every one still running.
import { useCallback, useRef, useState, type Dispatch } from "react";
import { previewText } from "./format.js";
import type { SessionHost } from "./host.js";
import type { TranscriptAction } from "./transcript.js";
import { shellContext } from "./user-input.js";

export interface Shells {
  /** Whether a command is running. */
  busy: boolean;
  run: (command: string) => void;
  /** Stops every running command; whether there was one. */
  stop: () => boolean;
  /** The finished commands' context for the next message, once (then forgotten). */
  take: () => string[];
  /** Forgets the finished commands' context (`/clear`). */
  forget: () => void;
}

export function useShells(
  host: SessionHost,
  dispatch: Dispatch<TranscriptAction>,
  note: (level: "info" | "warning" | "error", text: string) => void,
): Shells {
  const finishedRuns = useRef<string[]>([]);
  const count = useRef(0);
  const running = useRef(new Set<AbortController>());
  const [busy, setBusy] = useState(false);

  const stop = useCallback(() => {
    const now = [...running.current];
    for (const c of now) c.abort(new Error("cancelled by the user"));
    return now.length > 0;
  }, []);

  const run = useCallback(
    (command: string) => {
      const callId = `shell-${++count.current}`;
      dispatch({ type: "add", items: [{ kind: "user", text: `!${command}` }] });
      if (host.runShell === undefined) return note("error", "shell commands are not available here");
      dispatch({ type: "agent", event: { type: "tool-call", id: callId, name: "bash", args: { command } } });
      // The bash tool ends the whole process tree when this aborts, as it does for the model's commands.
      const abort = new AbortController();
      running.current.add(abort);
      setBusy(true);
      const finished = () => {
        running.current.delete(abort);
        setBusy(running.current.size > 0);
      };
      void host.runShell(command, abort.signal).then((r) => {
        finished();
        const result = { text: r.text, isError: r.denied || r.isError, media: [], truncated: false };
        dispatch({
          type: "agent",
          event: { type: "tool-result", id: callId, name: "bash", result, denied: r.denied },
        });
        finishedRuns.current.push(
          r.denied
            ? shellContext(command, "", `not run: ${r.text}`)
            : shellContext(command, previewText(r.text, 400, 2000).lines.join("\n")),
        );
      }, finished);
    },
    [host, note, dispatch],
  );

  const take = useCallback(() => {
    const out = finishedRuns.current;
    finishedRuns.current = [];
    return out;
  }, []);
  const forget = useCallback(() => void (finishedRuns.current = []), []);

  return { busy, run, stop, take, forget };
}
