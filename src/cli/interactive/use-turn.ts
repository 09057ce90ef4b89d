// Runs agent turns: one at a time, messages typed meanwhile wait in a queue, and a cancel aborts the
// turn's signal (model stream and MCP calls) and denies any permission question it left open.
import { useCallback, useEffect, useRef, useState, type Dispatch } from "react";
import { errorMessage } from "../../core/errors.js";
import type { AgentEvent, AgentView } from "./host.js";
import type { PermissionQueue } from "./permission-queue.js";
import type { TranscriptAction } from "./transcript.js";

export interface Turns {
  running: boolean;
  queued: readonly Message[];
  /** Sends a message to the model now, or after the running turn; `shown` is what the transcript shows. */
  send(text: string, shown?: string): void;
  /** `/compact [FOCUS]`: runs like a turn (one at a time, cancellable). */
  compact(shown: string, focus?: string): void;
  /** Cancels the running turn and drops queued messages; false when nothing was running. */
  cancel(): boolean;
}

export interface Message {
  text: string;
  shown: string;
  /** A compaction rather than a message; `text` is its focus. */
  compact?: boolean;
}

export function useTurns(
  agent: AgentView | undefined,
  modelProblem: string | undefined,
  permissions: PermissionQueue,
  dispatch: Dispatch<TranscriptAction>,
): Turns {
  const [running, setRunning] = useState(false);
  const [queued, setQueued] = useState<readonly Message[]>([]);
  const current = useRef<AbortController | undefined>(undefined);

  const start = useCallback(
    ({ text, shown, compact }: Message) => {
      dispatch({ type: "add", items: [{ kind: "user", text: shown }] });
      if (compact === true && agent?.compact !== undefined) {
        const ac = new AbortController();
        current.current = ac;
        setRunning(true);
        const onEvent = (event: AgentEvent) => dispatch({ type: "agent", event });
        agent
          .compact({ ...(text !== "" && { focus: text }), signal: ac.signal, onEvent })
          .then((r) => {
            if (!r.ok) {
              const why = ac.signal.aborted ? "compaction cancelled" : `not compacted: ${r.message}`;
              dispatch({ type: "add", items: [{ kind: "notice", level: "warning", text: why }] });
            }
          })
          .catch((e: unknown) => {
            dispatch({ type: "add", items: [{ kind: "notice", level: "error", text: errorMessage(e) }] });
          })
          .finally(() => {
            if (current.current === ac) current.current = undefined;
            setRunning(false);
          });
        return;
      }
      if (agent === undefined) {
        const why = modelProblem ?? "No model provider is configured.";
        dispatch({ type: "add", items: [{ kind: "notice", level: "warning", text: why }] });
        return;
      }
      const ac = new AbortController();
      current.current = ac;
      setRunning(true);
      // Events that straggle in after the turn ended (a late stream chunk) must not reopen it.
      let over = false;
      const onEvent = (event: AgentEvent) => {
        if (!over) dispatch({ type: "agent", event });
      };
      agent
        .run(text, { signal: ac.signal, onEvent })
        .catch((e: unknown) => {
          const items = ac.signal.aborted
            ? [{ kind: "notice" as const, level: "warning" as const, text: "cancelled" }]
            : [{ kind: "notice" as const, level: "error" as const, text: errorMessage(e) }];
          dispatch({ type: "add", items });
        })
        .finally(() => {
          over = true;
          dispatch({ type: "end-turn" });
          if (current.current === ac) current.current = undefined;
          setRunning(false);
        });
    },
    [agent, modelProblem, dispatch],
  );

  // The next queued message starts once the running turn is over.
  useEffect(() => {
    if (running || queued.length === 0) return;
    const [next, ...rest] = queued;
    setQueued(rest);
    if (next !== undefined) start(next);
  }, [running, queued, start]);

  const send = useCallback(
    (text: string, shown = text) => {
      if (current.current !== undefined) setQueued((q) => [...q, { text, shown }]);
      else start({ text, shown });
    },
    [start],
  );

  const compact = useCallback(
    (shown: string, focus?: string) => {
      const m: Message = { text: focus ?? "", shown, compact: true };
      if (current.current !== undefined) setQueued((q) => [...q, m]);
      else start(m);
    },
    [start],
  );

  const cancel = useCallback(() => {
    const ac = current.current;
    setQueued([]);
    permissions.denyAll();
    if (ac === undefined) return false;
    ac.abort(new Error("cancelled by the user"));
    return true;
  }, [permissions]);

  return { running, queued, send, compact, cancel };
}
