// What the registry holds: one entry per callable tool, whatever its origin (built-in, ext_ HTTP, MCP).
import type { CodeagentError } from "../errors.js";
import type { ToolAnnotations } from "../mcp/types.js";
import type { ApprovalPreview } from "../permissions/preview.js";
import type { PermissionSubject } from "../permissions/rule-match.js";
import type { ObjectSchema } from "../schema/sanitize.js";
import type { MediaPart } from "./output.js";

export type ToolSource =
  | { type: "builtin" }
  | { type: "ext" }
  | { type: "mcp"; server: string; tool: string; kind: "tool" | "resource" | "prompt" };

export interface ToolProgress {
  progress: number;
  total?: number;
  message?: string;
}

export interface ToolContext {
  signal?: AbortSignal;
  /** Per-call timeout in place of the server's `timeoutMs` (progress still resets it; the total cap holds). */
  timeoutMs?: number;
  onProgress?: (p: ToolProgress) => void;
  /** Whether the model can take image/audio parts. */
  supportsMedia?: boolean;
  /** The calls a tool makes on its own (execute_code's inner calls), as they happen, for the UI. */
  onInnerCall?: (e: InnerCallEvent) => void;
}

/** One inner call of a tool that calls other tools (execute_code, §20.2): begun, progressing, finished. */
export type InnerCallEvent =
  | { type: "call"; id: string; name: string; args: unknown }
  | { type: "progress"; id: string; progress: ToolProgress }
  | { type: "result"; id: string; name: string; result: ToolResult; denied: boolean };

/** A finished call as the model sees it (text, media) plus what `mcp call --json` prints. */
export interface ToolResult {
  text: string;
  isError: boolean;
  media: MediaPart[];
  truncated: boolean;
  savedTo?: string;
  /** MCP content blocks exactly as the server sent them. */
  content?: unknown[];
  structuredContent?: unknown;
  /** Set when the call could not be made or did not finish (server down, timeout, cancelled). */
  error?: CodeagentError;
  /** Model tokens the tool itself used (a `task` sub-agent), counted into the turn's usage. */
  usage?: { inputTokens: number; outputTokens: number; toolDefinitionTokens?: number };
}

export interface ToolEntry {
  name: string;
  /** What the model is shown (cut to a bound for MCP tools). */
  description: string;
  /** The whole description when `description` was cut; tool search (§15.1) indexes this. */
  fullDescription?: string;
  inputSchema: ObjectSchema;
  rawInputSchema: unknown;
  /** The server's `outputSchema`, when it declares one (code mode's declarations, §20.2). */
  outputSchema?: unknown;
  source: ToolSource;
  annotations?: ToolAnnotations;
  readOnly: boolean;
  /** The server's `trust` setting (§8.1), for MCP tools. */
  trust?: boolean;
  /** The server's scope (user, project, cli), for MCP tools: "always" answers are kept per server identity. */
  serverScope?: string;
  /** Built-in file tools: the real path a call would reach outside the project and --add-dir dirs (§8.4). */
  outsideProject?(args: Record<string, unknown>): string | undefined;
  /** What a call touches, for the rules that name commands, paths or hosts (§19). */
  subject?(args: Record<string, unknown>): PermissionSubject | undefined;
  /** Whether a call will run inside the OS sandbox (§18.4): the permission gate lets it run without asking. */
  sandboxed?(args: Record<string, unknown>): boolean;
  /** What a call would do, for the permission prompt (§8.5): the command, the file diff; default: the arguments. */
  preview?(args: Record<string, unknown>): ApprovalPreview | Promise<ApprovalPreview>;
  execute(args: Record<string, unknown>, ctx: ToolContext): Promise<ToolResult>;
}
