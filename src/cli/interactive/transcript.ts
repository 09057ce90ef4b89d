// The transcript as data: items and a pure reducer over user input, command output and agent events.
// Items that can no longer change are "final"; the UI prints the final prefix once (ink <Static>) and
// redraws only the rest, so streaming stays flicker-free however long the session gets.
import { retryText } from "../../core/agent/request-step.js";
import { parseTodos, type Todo } from "../../core/tools/builtin/todo-write.js";
import type { AgentEvent } from "./host.js";
import { compactArgs, previewText, type Preview } from "./format.js";
import { splitBlocks } from "./md-blocks.js";
import type { View } from "./views.js";

export type NoticeLevel = "info" | "warning" | "error";

export type Item =
  | { id: number; kind: "user"; text: string }
  /** `cont`: a later block of the same answer (markdown blocks are committed one by one while streaming). */
  | { id: number; kind: "assistant"; text: string; cont: boolean; streaming: boolean }
  | {
      id: number;
      kind: "tool";
      callId: string;
      name: string;
      args: string;
      running: boolean;
      progress?: { progress: number; total?: number; message?: string };
      /** todo_write: the list, drawn as a checklist. */
      todos?: Todo[];
      /** execute_code: the script, drawn highlighted in place of the arguments. */
      code?: string;
      /** A call an execute_code script made: the script's call id (drawn nested under it). */
      parentId?: string;
      result?: { preview: Preview; isError: boolean; denied: boolean; cancelled?: boolean };
    }
  | { id: number; kind: "notice"; level: NoticeLevel; text: string }
  | { id: number; kind: "view"; view: View };

type NewItem = Item extends infer I ? (I extends Item ? Omit<I, "id"> : never) : never;
export type { NewItem };

export interface TranscriptState {
  items: Item[];
  nextId: number;
  /** The user cancelled the running turn: tool results that still arrive are drawn as cancelled. */
  cancelling?: boolean;
  /** Bumped by /clear so the printed part starts over. */
  epoch: number;
}

export type TranscriptAction =
  | { type: "add"; items: NewItem[] }
  | { type: "agent"; event: AgentEvent }
  | { type: "end-turn" }
  | { type: "cancel" }
  | { type: "clear" }
  /** Starts over like /clear, with the items `build` adds to the empty transcript (a rewound conversation). */
  | { type: "rebuild"; build: (empty: TranscriptState) => TranscriptState };

export const initialTranscript: TranscriptState = { items: [], nextId: 1, epoch: 0 };

export function isFinal(item: Item): boolean {
  if (item.kind === "assistant") return !item.streaming;
  if (item.kind === "tool") return !item.running;
  return true;
}

/** How many leading items are final (and can be printed once). */
export function finalCount(items: readonly Item[]): number {
  const i = items.findIndex((it) => !isFinal(it));
  return i === -1 ? items.length : i;
}

export function transcriptReducer(state: TranscriptState, action: TranscriptAction): TranscriptState {
  switch (action.type) {
    case "add":
      return append(state, action.items);
    case "clear":
      return { items: [], nextId: state.nextId, epoch: state.epoch + 1 };
    case "rebuild":
      return action.build({ items: [], nextId: state.nextId, epoch: state.epoch + 1 });
    case "end-turn": {
      const { cancelling: _, ...rest } = endTurn(state);
      return rest;
    }
    case "cancel":
      return { ...state, cancelling: true };
    case "agent":
      return applyEvent(state, action.event);
  }
}

function append(state: TranscriptState, items: NewItem[]): TranscriptState {
  let nextId = state.nextId;
  const added = items.map((it): Item => ({ ...it, id: nextId++ }));
  return { ...state, items: [...state.items, ...added], nextId };
}

function applyEvent(state: TranscriptState, e: AgentEvent): TranscriptState {
  switch (e.type) {
    case "text-delta":
      return streamText(state, e.text);
    case "tool-call":
      return append(settleText(state), [
        {
          kind: "tool",
          callId: e.id,
          name: e.name,
          args: compactArgs(e.args),
          running: true,
          ...todosOf(e.name, e.args),
          ...codeOf(e.name, e.args),
          ...(e.parentId !== undefined && { parentId: e.parentId }),
        },
      ]);
    case "tool-progress":
      return updateTool(state, e.id, (t) => ({
        ...t,
        progress: {
          progress: e.progress,
          ...(e.total !== undefined && { total: e.total }),
          ...(e.message !== undefined && { message: e.message }),
        },
      }));
    case "tool-result":
      return updateTool(state, e.id, (t) => ({
        ...t,
        running: false,
        result:
          state.cancelling === true && e.result.isError && !e.denied
            ? { preview: { lines: [], more: 0 }, isError: false, denied: false, cancelled: true }
            : { preview: previewText(e.result.text), isError: e.result.isError, denied: e.denied },
      }));
    case "warning":
      return append(settleText(state), [{ kind: "notice", level: "warning", text: e.message }]);
    case "retry":
      return append(settleText(state), [{ kind: "notice", level: "warning", text: retryText(e) }]);
    case "finish":
      return finish(endTurn(state), e);
    case "step-finish":
      return state;
    case "compaction":
      return append(settleText(state), [{ kind: "notice", level: "info", text: compactionText(e) }]);
  }
}

/** Appends to the streaming answer, committing every complete markdown block as its own final item. */
function streamText(state: TranscriptState, delta: string): TranscriptState {
  const last = state.items.at(-1);
  const live = last?.kind === "assistant" && last.streaming ? last : undefined;
  const text = (live?.text ?? "") + delta;
  const cont = live?.cont ?? false;
  const base = live === undefined ? state : { ...state, items: state.items.slice(0, -1) };
  const { done, tail } = splitBlocks(text);
  return append(base, [
    ...done.map((block, i): NewItem => ({
      kind: "assistant",
      text: block,
      cont: cont || i > 0,
      streaming: false,
    })),
    { kind: "assistant", text: tail, cont: cont || done.length > 0, streaming: true },
  ]);
}

function codeOf(name: string, args: unknown): { code?: string } {
  const code = (args as { code?: unknown } | null)?.code;
  return name === "execute_code" && typeof code === "string" ? { code } : {};
}

function todosOf(name: string, args: unknown): { todos?: Todo[] } {
  if (name !== "todo_write") return {};
  try {
    return { todos: parseTodos((args as { todos?: unknown } | null)?.todos) };
  } catch {
    return {};
  }
}

/** Ends the streaming answer (dropping an empty tail), e.g. before a tool call is shown. */
function settleText(state: TranscriptState): TranscriptState {
  const last = state.items.at(-1);
  if (last?.kind !== "assistant" || !last.streaming) return state;
  const rest = state.items.slice(0, -1);
  if (last.text.trim() === "" && last.cont) return { ...state, items: rest };
  return { ...state, items: [...rest, { ...last, streaming: false }] };
}

/** A turn is over: text stops streaming and calls that never reported back are shown as cancelled. */
function endTurn(state: TranscriptState): TranscriptState {
  const s = settleText(state);
  if (!s.items.some((it) => it.kind === "tool" && it.running)) return s;
  return {
    ...s,
    items: s.items.map((it) =>
      it.kind === "tool" && it.running
        ? {
            ...it,
            running: false,
            result: { preview: { lines: [], more: 0 }, isError: false, denied: false, cancelled: true },
          }
        : it,
    ),
  };
}

function finish(state: TranscriptState, e: Extract<AgentEvent, { type: "finish" }>): TranscriptState {
  switch (e.reason) {
    case "stop":
      return state;
    case "cancelled":
      return append(state, [{ kind: "notice", level: "warning", text: "cancelled" }]);
    case "step-limit":
      return append(state, [
        { kind: "notice", level: "warning", text: `stopped after ${e.steps} steps (the step limit)` },
      ]);
    case "error":
      return append(state, [{ kind: "notice", level: "error", text: e.error ?? "the model call failed" }]);
  }
}

export function compactionText(e: Extract<AgentEvent, { type: "compaction" }>): string {
  const k = (n: number) => (n >= 1000 ? `${(n / 1000).toFixed(1)}k` : String(n));
  return (
    `${e.auto ? "context nearly full: " : ""}compacted ${e.summarized} earlier messages into a summary ` +
    `(~${k(e.tokensBefore)} → ~${k(e.tokensAfter)} tokens); ${e.kept} recent messages kept as they were`
  );
}

function updateTool(state: TranscriptState, callId: string, f: (t: ToolItem) => ToolItem): TranscriptState {
  let hit = false;
  const items = state.items.map((it) => {
    if (it.kind !== "tool" || it.callId !== callId || !it.running) return it;
    hit = true;
    return f(it);
  });
  return hit ? { ...state, items } : state;
}

type ToolItem = Extract<Item, { kind: "tool" }>;
