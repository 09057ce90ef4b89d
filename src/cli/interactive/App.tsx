// The interactive session (§10): printed transcript, the live part of the running turn, the prompt (or a
// permission / approval question), and the status line. A consumer of core events only.
import { Box, Static, Text, useInput } from "ink";
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from "react";
import { pinNotice } from "../../core/pinning/notice.js";
import type { ToolChange } from "../../core/pinning/review.js";
import type { ElicitQueue } from "./elicit-queue.js";
import type { SessionHost } from "./host.js";
import { Input } from "./Input.js";
import type { PermissionQueue } from "./permission-queue.js";
import { Spinner } from "./Spinner.js";
import { StatusLine } from "./StatusLine.js";
import { statusCost } from "./cost-text.js";
import { replayTranscript } from "./resume-transcript.js";
import { finalCount, initialTranscript, transcriptReducer, type NewItem } from "./transcript.js";
import { TranscriptItem } from "./TranscriptItem.js";
import { useApprovals } from "./use-approvals.js";
import { useColumns } from "./use-columns.js";
import { useElicitation } from "./use-elicitation.js";
import { useServers } from "./use-servers.js";
import { useShells } from "./use-shells.js";
import { useTurns } from "./use-turn.js";
import { completePath, listDir } from "./file-mentions.js";
import { useQueueHead } from "./use-queue-head.js";
import type { UserQueue } from "./user-queue.js";
import { useRewind } from "./use-rewind.js";
import { useGitLabel } from "./use-git.js";
import { useSubmit } from "./use-submit.js";
import { useCompletions } from "./completions.js";
import { Prompts } from "./Prompts.js";

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
  /** ask_user questions and plan approvals from the model. */
  questions?: UserQueue;
  /** Servers' elicitation requests (forms, URLs) for the person to answer. */
  elicitations?: ElicitQueue;
}

const WELCOME: NewItem = {
  kind: "notice",
  level: "info",
  text: "codeagent — type a message, or /help for commands. MCP servers start in the background.",
};

export function App(props: AppProps) {
  const { host, permissions, notices = [], onExit, clearScreen, exitWindowMs = 2000, questions } = props;
  const { elicitations } = props;
  const [transcript, dispatch] = useReducer(transcriptReducer, undefined, () => {
    const first = transcriptReducer(initialTranscript, {
      type: "add",
      items: [
        WELCOME,
        ...notices.map((text): NewItem => ({ kind: "notice", level: "warning", text })),
        // The first screen says why there is no model, before anything is typed.
        ...(host.agent === undefined && host.modelProblem !== undefined
          ? [{ kind: "notice" as const, level: "warning" as const, text: host.modelProblem }]
          : []),
      ],
    });
    return host.resumed === undefined ? first : replayTranscript(first, host.resumed);
  });
  const [mode, setMode] = useState(() => host.permissionMode?.get() ?? "default");
  useEffect(() => {
    const view = host.permissionMode;
    if (view === undefined) return;
    return view.subscribe(() => setMode(view.get()));
  }, [host]);
  const question = useQueueHead(questions);
  const [history, setHistory] = useState<readonly string[]>(() => host.inputHistory?.load() ?? []);
  const [context, setContext] = useState(() => contextOf(host));
  const [exitArmed, setExitArmedState] = useState(false);
  // What the input handler reads: ink subscribes the handler again only after a render, so a second Ctrl-C
  // that arrives first would see the state of before the first one and never exit.
  const exitArmedNow = useRef(false);
  const setExitArmed = useCallback((armed: boolean) => {
    exitArmedNow.current = armed;
    setExitArmedState(armed);
  }, []);
  const [clearToken, setClearToken] = useState(0);
  const inputEmpty = useRef(true);
  const exited = useRef(false);
  const servers = useServers(host.manager);
  const columns = useColumns();
  const pending = useQueueHead(permissions);
  const approvals = useApprovals(host, servers, dispatch);
  const turns = useTurns(host.agent, host.modelProblem, permissions, dispatch);

  const note = useCallback(
    (level: "info" | "warning" | "error", text: string) =>
      dispatch({ type: "add", items: [{ kind: "notice", level, text }] }),
    [],
  );
  const elicitation = useElicitation(elicitations, note);
  const {
    busy: shellBusy,
    run: runShell,
    stop: stopShells,
    take: takeShells,
    forget: forgetShells,
  } = useShells(host, dispatch, note);

  const rewind = useRewind(host, {
    dispatch,
    note,
    ...(clearScreen !== undefined && { clearScreen }),
    running: turns.running,
  });
  const git = useGitLabel(host, turns.running || shellBusy);
  const asking =
    rewind.points !== undefined ||
    pending !== undefined ||
    approvals.request !== undefined ||
    question !== undefined ||
    elicitation !== undefined;
  // Recomputed when servers change (their tools come and go) and when a turn ends (used tools stay loaded).
  const toolStats = useMemo(() => host.agent?.toolStats?.(), [host.agent, servers, turns.running]);

  // The status line's token figure is the provider's report of the last request, read after each turn.
  useEffect(() => {
    if (!turns.running) setContext(contextOf(host));
  }, [turns.running, host]);
  // The session's cost, read with it (§23).
  const cost = useMemo(
    () => statusCost(host.agent?.contextStats?.().session, host.model, host.prices),
    [context, host.model, host.prices],
  );

  const exit = useCallback(() => {
    if (exited.current) return;
    exited.current = true;
    turns.cancel();
    stopShells();
    onExit();
  }, [turns, onExit, stopShells]);

  useEffect(() => {
    if (!exitArmed) return;
    const t = setTimeout(() => setExitArmed(false), exitWindowMs);
    return () => clearTimeout(t);
  }, [exitArmed, exitWindowMs, setExitArmed]);

  // Changed tool definitions are withheld (§16): say so when the session starts and whenever a server changes.
  useEffect(() => {
    const pins = host.pins;
    if (pins === undefined) return;
    const onChanges = (server: string, changes: ToolChange[]) => {
      const text = pinNotice(server, changes, { where: "session" });
      if (text !== undefined) note("warning", text);
    };
    for (const s of host.manager.snapshots()) onChanges(s.name, pins.changes(s.name));
    pins.on("changes", onChanges);
    return () => void pins.off("changes", onChanges);
  }, [host, note]);

  const submit = useSubmit({
    host,
    turns,
    shells: { run: runShell, take: takeShells, forget: forgetShells },
    openRewind: rewind.open,
    dispatch,
    note,
    setHistory,
    clearScreen,
    exit,
  });

  const cancel = useCallback(() => {
    questions?.dismissAll();
    elicitations?.cancelAll();
    const stopped = stopShells();
    if (!turns.running) return turns.cancel() || stopped;
    dispatch({ type: "cancel" });
    return turns.cancel();
  }, [turns, questions, elicitations, stopShells]);

  // `codeagent "PROMPT"`: the first message, sent once the screen is up.
  const sentInitial = useRef(false);
  useEffect(() => {
    if (sentInitial.current || host.initialPrompt === undefined || host.initialPrompt.trim() === "") return;
    sentInitial.current = true;
    submit(host.initialPrompt);
  }, [host.initialPrompt, submit]);

  useInput((input, key) => {
    if (key.tab && key.shift && !asking && host.permissionMode !== undefined) {
      const next = host.permissionMode.get() === "plan" ? "default" : "plan";
      host.permissionMode.set(next);
      return note(
        "info",
        next === "plan"
          ? "plan mode: only read-only tools run until you approve a plan (Shift+Tab leaves it)"
          : "plan mode off: tools ask as usual",
      );
    }
    if (key.ctrl && input === "c") {
      if (cancel()) return setExitArmed(false);
      if (!inputEmpty.current) return setClearToken((t) => t + 1);
      if (exitArmedNow.current) return exit();
      return setExitArmed(true);
    }
    if (key.ctrl && input === "d" && inputEmpty.current) return exit();
    if (key.escape && !asking && !cancel() && inputEmpty.current) rewind.escape();
  });

  const completions = useCompletions(host, servers);

  const done = finalCount(transcript.items);
  const printed = transcript.items.slice(0, done);
  const live = transcript.items.slice(done);
  const hint = exitArmed
    ? "Press Ctrl-C again to exit"
    : turns.running || shellBusy
      ? "Esc or Ctrl-C cancels"
      : undefined;
  const pathCompletion = useCallback(
    (value: string, cursor: number) =>
      host.cwd === undefined ? undefined : completePath(value, cursor, host.cwd, listDir),
    [host],
  );

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
      <Prompts
        permissions={permissions}
        pending={pending}
        elicitations={elicitations}
        elicitation={elicitation}
        questions={questions}
        question={question}
        rewind={rewind}
        approvals={approvals}
      />
      {/* Hidden, not unmounted, while a question is asked: a half-typed line survives it. */}
      <Box marginTop={1} display={asking ? "none" : "flex"}>
        <Input
          history={history}
          onSubmit={submit}
          completions={completions}
          completePath={pathCompletion}
          isActive={!asking}
          clearToken={clearToken}
          onEmptyChange={(empty) => (inputEmpty.current = empty)}
        />
      </Box>
      <StatusLine
        servers={servers}
        model={host.agent === undefined ? undefined : host.model}
        hint={hint}
        {...(toolStats !== undefined && { tools: toolStats })}
        {...(mode === "plan" && { mode: "plan mode" })}
        {...(context !== undefined && { context })}
        {...(git !== undefined && { branch: git })}
        {...(cost !== undefined && { cost })}
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
