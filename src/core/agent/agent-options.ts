// What an Agent is built from and what it reports besides events: its options, the /context figures and the
// /compact outcome. Apart from the loop, so the CLI and the UI can name these shapes.
import type { LanguageModel } from "ai";
import type { HookRunner } from "../hooks/runner.js";
import type { GitStatus } from "../git/status.js";
import type { PermissionGate } from "../permissions/gate.js";
import type { SessionLog } from "../session/store.js";
import type { ToolRegistry } from "../tools/registry.js";
import type { AgentEvent, Usage } from "./events.js";
import type { Endpoint } from "./provider/endpoint.js";
import type { ModelRequestSettings } from "./provider/request-settings.js";
import type { InstructionFile } from "./project-instructions.js";
import type { ServerInstructions, SkillSummary } from "./system-prompt.js";
import type { ToolSession } from "./tool-session.js";

export const DEFAULT_MAX_STEPS = 25;

export interface AgentOptions {
  model: LanguageModel;
  registry: Pick<ToolRegistry, "list" | "get">;
  gate: PermissionGate;
  /** Instructions of the servers that are ready now. */
  instructions: () => ServerInstructions[];
  /** Reads a resource for an `@server:uri` mention; without it mentions are sent as typed. */
  readResource?: (
    server: string,
    uri: string,
    opts?: { signal?: AbortSignal },
  ) => Promise<{ text: string } | { error: string }>;
  knownServers?: () => Set<string>;
  maxSteps?: number;
  cwd: string;
  /** Whether the model takes image/audio parts in tool results. */
  supportsMedia?: boolean;
  /** `provider:model`, for the context-window table. */
  modelId?: string;
  /** `contextWindow` from settings: overrides the table. */
  contextWindow?: number;
  /** AGENTS.md / CLAUDE.md files, read at the start of every turn (an edit applies to the next one). */
  projectInstructions?: () => InstructionFile[];
  /** Skills the model may load (names and descriptions), read at the start of every turn (§21.1). */
  skills?: () => SkillSummary[];
  /** Where the conversation is saved as it happens (§10). */
  log?: SessionLog;
  /** Tool search, provider limits and dialects (§15); default "auto" with chat-completions limits. */
  toolSession?: ToolSession;
  /** The provider, model and base URL errors name (§10); without it errors say "the model". */
  endpoint?: Endpoint;
  /** Timeouts (applied by the model's fetch) and retry limits; default DEFAULT_REQUEST. */
  request?: ModelRequestSettings;
  /** A subagent's system prompt (its definition's body, §23), in place of the opening brief. */
  agentPrompt?: string;
  /** The project's git state, read once when the session's first turn starts, for the system prompt (§23). */
  gitStatus?: () => Promise<GitStatus | undefined>;
  /** Runs as each turn starts, before anything is read (the host lists stale MCP lists again: §14 cache hints). */
  beforeTurn?: () => void;
  /** The user's hooks (§23): prompt submit, tool calls, stop, compaction. */
  hooks?: HookRunner;
  /** The event run when the model stops: "SubagentStop" for a sub-agent's loop; default "Stop". */
  stopEvent?: "Stop" | "SubagentStop";
}

/** What /context shows: the last request's reported size against the window, and an estimated breakdown. */
export interface ContextStats {
  window: number;
  /** The provider's input-token figure of the last request; undefined before the first. */
  lastInputTokens?: number;
  /** Estimated tokens of the next request (what automatic compaction goes by). */
  nextTokens: number;
  systemTokens: number;
  /** Of which the skills list (names and descriptions; §21). */
  skillTokens?: number;
  toolTokens: number;
  messageTokens: number;
  messages: number;
  compactAt: number;
  /** Totals of the session so far, from the provider's reports. */
  session: Usage;
  /** Tool-definition tokens sent in the session so far, sub-agents' requests included (host-counted). */
  sessionToolDefinitionTokens?: number;
}

export type CompactOutcome =
  | { ok: true; summarized: number; kept: number; tokensBefore: number; tokensAfter: number }
  | { ok: false; message: string };

export interface RunOptions {
  signal?: AbortSignal;
  onEvent: (e: AgentEvent) => void;
}
