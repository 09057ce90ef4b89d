// The interactive session (§10): printed transcript, the live part of the running turn, the prompt (or a
// permission / approval question), and the status line. A consumer of core events only.
import { Box, Static, Text, useInput } from "ink";
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from "react";
import { ApprovalPrompt } from "./ApprovalPrompt.js";
import { messageText, parseSlash } from "./commands.js";
import { runCommand } from "./dispatch.js";
import type { SessionHost } from "./host.js";
import { Input } from "./Input.js";
import { withEntry } from "./line-editor.js";
import type { PermissionQueue } from "./permission-queue.js";
import { PermissionPrompt } from "./PermissionPrompt.js";
import { Spinner } from "./Spinner.js";
import { StatusLine } from "./StatusLine.js";
import { replayTranscript } from "./resume-transcript.js";
import { finalCount, initialTranscript, transcriptReducer, type NewItem } from "./transcript.js";
import { TranscriptItem } from "./TranscriptItem.js";
import { useApprovals } from "./use-approvals.js";
import { useColumns } from "./use-columns.js";
import { usePermission } from "./use-permission.js";
import { useServers } from "./use-servers.js";
import { useTurns } from "./use-turn.js";

export interface AppProps {
  host: SessionHost;
  permissions: PermissionQueue;
  /** Problems found while setting up (config, settings), shown under the welcome line. */
  notices?: readonly string[];
  /** Called once when the user ends the session; the caller unmounts and shuts the host down. */
  onExit: () => void;
  /** Wipes the terminal for /clear (the printed transcript cannot be taken back otherwise). */
  clearScreen?: () => void;
  /** How long a first Ctrl-C waits for the second one. */
  exitWindowMs?: number;
}

const BASE_COMPLETIONS = [
  "/context",
  "/compact",
  "/init",
  "/mcp",
  "/mcp logs ",
  "/mcp refresh",
  "/mcp enable ",
  "/mcp disable ",
  "/tools",
  "/help",
  "/clear",
  "/exit",
];

const WELCOME: NewItem = {
  kind: "notice",
  level: "info",
  text: "codeagent — type a message, or /help for commands. MCP servers start in the background.",
};

export function App(props: AppProps) {
  const { host, permissions, notices = [], onExit, clearScreen, exitWindowMs = 2000 } = props;
  const [transcript, dispatch] = useReducer(transcriptReducer, undefined, () => {
    const first = transcriptReducer(initialTranscript, {
      type: "add",
      items: [WELCOME, ...notices.map((text): NewItem => ({ kind: "notice", level: "warning", text }))],
    });
    return host.resumed === undefined ? first : replayTranscript(first, host.resumed);
  });
  const [history, setHistory] = useState<readonly string[]>(() => host.inputHistory?.load() ?? []);
  const [context, setContext] = useState(() => contextOf(host));
  const [exitArmed, setExitArmed] = useState(false);
  const [clearToken, setClearToken] = useState(0);
  const inputEmpty = useRef(true);
  const exited = useRef(false);
  const servers = useServers(host.manager);
  const columns = useColumns();
  const pending = usePermission(permissions);
  const approvals = useApprovals(host, servers, dispatch);
  const turns = useTurns(host.agent, host.modelProblem, permissions, dispatch);

  const asking = pending !== undefined || approvals.request !== undefined;

  // The status line's token figure is the provider's report of the last request, read after each turn.
  useEffect(() => {
    if (!turns.running) setContext(contextOf(host));
  }, [turns.running, host]);

  const exit = useCallback(() => {
    if (exited.current) return;
    exited.current = true;
    turns.cancel();
    onExit();
  }, [turns, onExit]);

  useEffect(() => {
    if (!exitArmed) return;
    const t = setTimeout(() => setExitArmed(false), exitWindowMs);
    return () => clearTimeout(t);
  }, [exitArmed, exitWindowMs]);

  const submit = useCallback(
    (line: string) => {
      setHistory((h) => withEntry(h, line));
      if (line.trim() === "") return;
      host.inputHistory?.add(line);
      const cmd = parseSlash(line);
      if (cmd === undefined) return turns.send(messageText(line));
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
      };
      void runCommand(cmd, deps).then((out) => {
        switch (out.kind) {
          case "items":
            return dispatch({ type: "add", items: [{ kind: "user", text: line.trim() }, ...out.items] });
          case "send":
            return turns.send(out.text, line.trim());
          case "compact":
            return turns.compact(line.trim(), out.focus);
          case "clear":
            host.agent?.clear();
            host.newSession?.();
            clearScreen?.();
            return dispatch({ type: "clear" });
          case "exit":
            return exit();
        }
      });
    },
    [turns, host, clearScreen, exit],
  );

  // `codeagent "PROMPT"`: the first message, sent once the screen is up.
  const sentInitial = useRef(false);
  useEffect(() => {
    if (sentInitial.current || host.initialPrompt === undefined || host.initialPrompt.trim() === "") return;
    sentInitial.current = true;
    submit(host.initialPrompt);
  }, [host.initialPrompt, submit]);

  useInput((input, key) => {
    if (key.ctrl && input === "c") {
      if (turns.cancel()) return setExitArmed(false);
      if (!inputEmpty.current) return setClearToken((t) => t + 1);
      if (exitArmed) return exit();
      return setExitArmed(true);
    }
    if (key.ctrl && input === "d" && inputEmpty.current) return exit();
    if (key.escape && !asking) turns.cancel();
  });

  const completions = useMemo(
    () => [
      ...BASE_COMPLETIONS,
      // Prompt names come from servers: one with spaces or control characters could not be typed anyway.
      ...servers.flatMap((s) =>
        s.lists.prompts.filter((p) => /^[\w.-]+$/.test(p.name)).map((p) => `/mcp__${s.name}__${p.name} `),
      ),
    ],
    [servers],
  );

  const done = finalCount(transcript.items);
  const printed = transcript.items.slice(0, done);
  const live = transcript.items.slice(done);
  const hint = exitArmed ? "Press Ctrl-C again to exit" : turns.running ? "Esc or Ctrl-C cancels" : undefined;

  return (
    <Box flexDirection="column">
      <Static key={transcript.epoch} items={printed}>
        {(item) => (
          <Box key={item.id} width={columns}>
            <TranscriptItem item={item} />
          </Box>
        )}
      </Static>
      {live.map((item) => (
        <TranscriptItem key={item.id} item={item} />
      ))}
      {turns.running && live.length === 0 && pending === undefined && (
        <Box marginTop={1}>
          <Spinner />
          <Text dimColor> working…</Text>
        </Box>
      )}
      {turns.queued.map((q, i) => (
        <Text key={i} dimColor wrap="truncate-end">{`queued ❯ ${q.shown}`}</Text>
      ))}
      {pending !== undefined ? (
        <PermissionPrompt pending={pending} onAnswer={(a) => permissions.answer(pending.id, a)} />
      ) : (
        approvals.request !== undefined && (
          <ApprovalPrompt request={approvals.request} onAnswer={approvals.answer} />
        )
      )}
      {/* Hidden, not unmounted, while a question is asked: a half-typed line survives it. */}
      <Box marginTop={1} display={asking ? "none" : "flex"}>
        <Input
          history={history}
          onSubmit={submit}
          completions={completions}
          isActive={!asking}
          clearToken={clearToken}
          onEmptyChange={(empty) => (inputEmpty.current = empty)}
        />
      </Box>
      <StatusLine
        servers={servers}
        model={host.agent === undefined ? undefined : host.model}
        hint={hint}
        {...(context !== undefined && { context })}
      />
    </Box>
  );
}

/** What the status line shows of the context: nothing before the conversation has begun. */
function contextOf(host: SessionHost): { used: number; window: number } | undefined {
  const s = host.agent?.contextStats?.();
  if (s === undefined || s.messages === 0) return undefined;
  return { used: s.lastInputTokens ?? s.nextTokens, window: s.window };
}
