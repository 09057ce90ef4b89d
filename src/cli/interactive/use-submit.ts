// What Enter does with the prompt's line (§10): `!cmd` runs in the shell, a slash command is dispatched and its
// outcome drawn, anything else goes to the model (@mentions attached, the finished `!cmd` output before it);
// `/model` lists the models or switches to one.
import { useCallback, useEffect, useRef, useState, type Dispatch, type SetStateAction } from "react";
import { messageText, parseSlash } from "./commands.js";
import { runCommand } from "./dispatch.js";
import type { SessionHost } from "./host.js";
import { withEntry } from "./line-editor.js";
import type { TranscriptAction } from "./transcript.js";
import type { Shells } from "./use-shells.js";
import type { Turns } from "./use-turn.js";
import { prepareMessage, shellCommand } from "./user-input.js";

type Note = (level: "info" | "warning" | "error", text: string) => void;

export interface SubmitParts {
  host: SessionHost;
  turns: Turns;
  shells: Pick<Shells, "run" | "take" | "forget">;
  openRewind: () => void;
  dispatch: Dispatch<TranscriptAction>;
  note: Note;
  setHistory: Dispatch<SetStateAction<readonly string[]>>;
  clearScreen?: (() => void) | undefined;
  exit: () => void;
}

export function useSubmit(p: SubmitParts): (line: string, shown?: string) => void {
  const { host, turns, shells, openRewind, dispatch, note, setHistory, clearScreen, exit } = p;
  const { run: runShell, take: takeShells, forget: forgetShells } = shells;
  // Bumped when /model changes host.agent, so the turn runner picks up the new one.
  const [, setModelTick] = useState(0);
  // A skill's grants and model hold until the turns now queued have run.
  const releases = useRef<(() => void)[]>([]);
  useEffect(() => {
    if (turns.running || turns.queued.length > 0) return;
    for (const release of releases.current.splice(0)) release();
  }, [turns.running, turns.queued.length]);

  const sendMessage = useCallback(
    (text: string, shown: string) => {
      const m = prepareMessage(text, host.cwd, takeShells());
      turns.send(m.text, shown);
      for (const n of m.notices) note("info", n);
      for (const w of m.warnings) note("warning", w);
    },
    [host, turns, note, takeShells],
  );

  const switchModel = useCallback(
    (spec: string | undefined) => {
      if (spec === undefined) {
        const known = host.modelChoices?.() ?? [];
        const now = host.model !== undefined && host.agent !== undefined ? host.model : undefined;
        const text =
          (now !== undefined ? `model: ${now}` : "no model is configured") +
          (known.length > 0 ? `\nknown: ${known.join(", ")}` : "") +
          "\nswitch with /model provider:model, e.g. /model anthropic:claude-sonnet-4-5, /model openai:gpt-5, " +
          "/model openai-compatible:NAME (with CODEAGENT_BASE_URL), /model ollama:NAME";
        return note("info", text);
      }
      if (turns.running) return note("warning", "a turn is running; cancel it first (Esc), then /model");
      const r = host.switchModel?.(spec) ?? {
        ok: false as const,
        message: "switching models is not available here",
      };
      if (!r.ok) return note("error", r.message.replace("(from --model)", "(from /model)"));
      setModelTick((t) => t + 1);
      note("info", `model: ${r.id} (the conversation continues with it)`);
    },
    [host, turns, note],
  );

  return useCallback(
    (line: string, shown = line) => {
      setHistory((h) => withEntry(h, shown));
      if (line.trim() === "") return;
      host.inputHistory?.add(shown);
      const shell = shellCommand(line);
      if (shell !== undefined) return runShell(shell);
      const cmd = parseSlash(line);
      if (cmd === undefined) return sendMessage(messageText(line), messageText(shown));
      if (cmd.type === "clear" && turns.running) {
        const text = "a turn is running; cancel it first (Esc or Ctrl-C), then /clear";
        return dispatch({ type: "add", items: [{ kind: "notice", level: "warning", text }] });
      }
      const deps = {
        manager: host.manager,
        registry: host.registry,
        ...(host.agent !== undefined && { agent: host.agent }),
        ...(host.model !== undefined && { model: host.model }),
        ...(host.modelProblem !== undefined && { modelProblem: host.modelProblem }),
        ...(host.cwd !== undefined && { cwd: host.cwd }),
        ...(host.pins !== undefined && { pins: host.pins }),
        ...(host.sandboxOf !== undefined && { sandboxOf: host.sandboxOf }),
        ...(host.skills !== undefined && { skills: host.skills }),
        ...(host.hooks !== undefined && { hooks: host.hooks }),
        ...(host.subagents !== undefined && { subagents: host.subagents }),
        ...(host.prices !== undefined && { prices: host.prices }),
        line,
      };
      void runCommand(cmd, deps).then((out) => {
        switch (out.kind) {
          case "items":
            return dispatch({ type: "add", items: [{ kind: "user", text: line.trim() }, ...out.items] });
          case "send":
            if (out.release !== undefined) releases.current.push(out.release);
            for (const text of out.notes ?? []) note("warning", text);
            return turns.send(out.text, line.trim());
          case "model":
            dispatch({ type: "add", items: [{ kind: "user", text: line.trim() }] });
            return switchModel(out.spec);
          case "compact":
            return turns.compact(line.trim(), out.focus);
          case "rewind":
            return openRewind();
          case "clear":
            forgetShells();
            host.agent?.clear();
            host.newSession?.();
            clearScreen?.();
            return dispatch({ type: "clear" });
          case "exit":
            return exit();
        }
      });
    },
    [turns, host, clearScreen, exit, runShell, forgetShells, sendMessage, switchModel, note, openRewind],
  );
}
