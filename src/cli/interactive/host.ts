// The part of the agent host the interactive UI uses. The UI consumes core objects through these narrow
// views, so its components and tests depend on behaviour (snapshots, events, run) and not on set-up.
import type { ShellOutcome } from "../../core/host/agent-setup.js";
import type { PriceTable } from "../../core/cost/prices.js";
import type { SkillsView } from "./dispatch.js";
import type { SubagentScan } from "../../core/agent/subagents/types.js";
import type { ToolStats } from "../../core/agent/tool-session.js";
import type { AgentEvent, CompactOutcome, ContextStats } from "../../core/agent/loop.js";
import type { ManagerEvents, McpManager } from "../../core/mcp/servers/manager.js";
import type { ServerSnapshot } from "../../core/mcp/servers/state.js";
import type { PermissionMode } from "../../core/permissions/evaluate.js";
import type { ToolChange } from "../../core/pinning/review.js";
import type { ToolPins } from "../../core/pinning/pins.js";
import type { ToolRegistry } from "../../core/tools/registry.js";
import type { ResumedLog } from "./resume-transcript.js";
import type { RewindPoint, RewindScope } from "../../core/checkpoints/plan.js";
import type { RewindOutcome } from "../../core/checkpoints/rewind.js";
import type { GitStatus } from "../../core/git/status.js";

export type { AgentEvent, CompactOutcome, ContextStats };

// The UI only needs to know that something changed; it then re-reads the snapshots or the list.
type Listen<E extends string> = (event: E, listener: () => void) => unknown;

export interface ManagerView extends Pick<
  McpManager,
  "snapshots" | "has" | "refresh" | "enable" | "disable" | "approved" | "log" | "getPrompt"
> {
  on: Listen<keyof ManagerEvents>;
  off: Listen<keyof ManagerEvents>;
}

export type RegistryView = Pick<ToolRegistry, "list" | "skipped" | "serverTools" | "serverEntries">;

/** Tool-definition pins (§16): what each server changed since accepted, and accepting it in the session. */
export interface PinsView extends Pick<ToolPins, "changes" | "details"> {
  on(event: "changes", listener: (server: string, changes: ToolChange[]) => void): unknown;
  off(event: "changes", listener: (server: string, changes: ToolChange[]) => void): unknown;
  /** Accepts what the server lists now (every change when `tools` is empty); its tools are registered again. */
  accept(server: string, tools: readonly string[]): { accepted: ToolChange[]; unknown: string[] };
}

export interface TurnOutcome {
  text: string;
  reason: string;
  steps: number;
}

export interface AgentView {
  run(input: string, o: { signal?: AbortSignal; onEvent: (e: AgentEvent) => void }): Promise<TurnOutcome>;
  clear(): void;
  /** Loaded vs deferred tools and definition tokens (§15.5). */
  toolStats?(): ToolStats;
  /** `/compact`: the older turns become a summary now. */
  compact?(o: {
    focus?: string;
    signal?: AbortSignal;
    onEvent?: (e: AgentEvent) => void;
  }): Promise<CompactOutcome>;
  /** `/context` and the status line. */
  contextStats?(): ContextStats;
}

/** Up/Down history that outlives the session. */
export interface InputHistoryView {
  load(): string[];
  add(line: string): void;
}

export interface SessionHost {
  manager: ManagerView;
  registry: RegistryView;
  /** Absent when no model provider is configured; `modelProblem` then says how to configure one. */
  agent?: AgentView;
  modelProblem?: string;
  /** The model id shown in the status line. */
  model?: string;
  /** Stores the approval of a project server's definition as written (§8.2). */
  approve(name: string, raw: unknown): void;
  /** The project directory (for /init, `@path` attachments and completion). */
  cwd?: string;
  /** `codeagent "PROMPT"`: sent as the first message once the screen is up. */
  initialPrompt?: string;
  /** The earlier conversation of a resumed session, drawn first. */
  resumed?: ResumedLog;
  inputHistory?: InputHistoryView;
  /** After /clear: later messages go to a new session file. */
  newSession?(): void;
  /** `/model provider:model`; afterwards `agent` and `model` describe the new model. */
  switchModel?(spec: string): { ok: true; id: string } | { ok: false; message: string };
  /** The models this run knows of, for `/model` without an argument. */
  modelChoices?(): string[];
  /** `!cmd`: runs through the permission gate as a bash call. */
  runShell?(command: string, signal?: AbortSignal): Promise<ShellOutcome>;
  /** Plan mode (Shift+Tab, `--permission-mode plan`). */
  permissionMode?: ModeView;
  pins?: PinsView;
  /** `/mcp`: each server's sandbox policy (§18.3). */
  sandboxOf?: (s: ServerSnapshot) => string;
  /** Skills and custom commands (§21): `/skills`, `/NAME ARGS`, completion and /help. */
  skills?: SkillsView;
  /** `/hooks` (§23). */
  hooks?: { table(): string };
  /** Subagents from the agents folders (§23), for /agents. */
  subagents?: () => SubagentScan;
  /** Branch and changes for the status line (§23), read after each turn; undefined: not shown. */
  gitStatus?(): Promise<GitStatus | undefined>;
  /** `/rewind` (§23): the session's messages, and going back to before one of them. */
  rewind?: RewindView;
  /** `prices` from settings.json (§23), for /cost and the status line's cost. */
  prices?: PriceTable;
}

export interface RewindView {
  points(): RewindPoint[];
  /** Applies the rewind; a conversation rewind has already reloaded the agent's messages. */
  apply(index: number, scope: RewindScope): RewindOutcome;
}

export type { ShellOutcome };

export interface ModeView {
  get(): PermissionMode;
  set(mode: PermissionMode): void;
  /** Returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
}
