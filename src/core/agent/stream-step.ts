// One model step: stream the answer (text deltas and tool calls go out as events as they arrive) and
// return the assistant message exactly as the provider produced it, so its metadata (reasoning
// signatures, item ids) survives into the next request. Tools are declared without `execute`: the
// SDK only reports calls; the loop decides whether and how to run them.
import {
  streamText,
  type ToolSet,
  type AssistantModelMessage,
  type CallWarning,
  type LanguageModelUsage,
  type LanguageModel,
  type ModelMessage,
} from "ai";
import { errorMessage } from "../errors.js";
import type { ToolEntry, ToolResult } from "../tools/types.js";
import type { AgentEvent, Usage } from "./events.js";
import type { PendingCall } from "./run-tools.js";
import { foundNames } from "./native-tools.js";
import { toAiTools } from "./to-ai-tools.js";
import { aborted } from "./signal.js";
import { markCache } from "./prompt-cache.js";

export interface StepInput {
  model: LanguageModel;
  system: string;
  messages: ModelMessage[];
  tools: readonly ToolEntry[];
  /** The definitions as sent (dialect, strict mode); default built from `tools`. */
  aiTools?: ToolSet;
  /**
   * Registered tools the request did not carry (deferred, §15.2). The SDK reports a call to one as an
   * unknown tool; it is a real call by exact registered name, and runs.
   */
  isRegistered?: (name: string) => boolean;
  /** Said after "there is no tool named …": the registered names it may have meant, where to search. */
  unknownToolHint?: (name: string) => string;
  /** Said instead, for a name whose server is down: `server "x" failed: …` (no similar names to guess from). */
  unavailableReason?: (name: string) => string | undefined;
  /** The provider's own tool search in this request (its calls run on the provider's side). */
  nativeSearch?: { name: string; found: (names: string[]) => void };
  signal?: AbortSignal;
  onEvent: (e: AgentEvent) => void;
  /** Provider warnings (unsupported settings and the like). */
  onWarning: (message: string) => void;
}

export type StepOutcome =
  | { kind: "done"; text: string; calls: PendingCall[]; assistant: AssistantModelMessage | undefined }
  | { kind: "aborted"; text: string }
  /** `cause`: the error as the AI SDK reported it, for the retry policy (`classifyFailure`). */
  | { kind: "error"; text: string; error: string; cause: unknown };

export async function streamStep(input: StepInput): Promise<StepOutcome> {
  const { signal, onEvent } = input;
  let text = "";
  const calls: PendingCall[] = [];
  let failure: unknown;
  const started = Date.now();
  // Anthropic's cache breakpoints (tools, system, the conversation's tail); other providers' parts as they are.
  const parts = markCache(providerOf(input.model), {
    system: input.system,
    messages: input.messages,
    tools: input.aiTools ?? toAiTools(input.tools),
  });
  const result = streamText({
    model: input.model,
    system: parts.system,
    messages: parts.messages,
    tools: parts.tools,
    ...(signal !== undefined && { abortSignal: signal }),
    // Retries are the caller's (requestStep): seen by the user, bounded per turn, never after output.
    maxRetries: 0,
    // Errors are read from the stream below; the default handler would print to the console.
    onError: () => undefined,
  });
  try {
    for await (const part of result.fullStream) {
      if (part.type === "text-delta") {
        text += part.text;
        onEvent({ type: "text-delta", text: part.text });
      } else if (part.type === "tool-call" && part.providerExecuted === true) {
        // Shown and reported like any call; the provider ran it and its result follows in the stream.
        onEvent({ type: "tool-call", id: part.toolCallId, name: part.toolName, args: part.input });
      } else if (part.type === "tool-result" && part.providerExecuted === true) {
        const found = part.toolName === input.nativeSearch?.name ? foundNames(part.output) : [];
        if (found.length > 0) input.nativeSearch?.found(found);
        onEvent({
          type: "tool-result",
          id: part.toolCallId,
          name: part.toolName,
          result: providerResult(part.toolName === input.nativeSearch?.name, found, part.output),
          denied: false,
        });
      } else if (part.type === "tool-error" && part.providerExecuted === true) {
        onEvent({
          type: "tool-result",
          id: part.toolCallId,
          name: part.toolName,
          result: { text: errorMessage(part.error), isError: true, media: [], truncated: false },
          denied: false,
        });
      } else if (part.type === "tool-call" && part.providerExecuted !== true) {
        const call: PendingCall = { id: part.toolCallId, name: part.toolName, args: part.input };
        if (part.invalid === true && !directCall(part.toolName, part.error, part.input, input.isRegistered))
          call.invalid = invalidReason(part.toolName, part.error, input);
        calls.push(call);
        onEvent({ type: "tool-call", id: call.id, name: call.name, args: call.args });
      } else if (part.type === "finish-step") {
        onEvent({
          type: "step-finish",
          usage: stepUsage(part.usage),
          durationMs: Date.now() - started,
        });
      } else if (part.type === "start-step") {
        for (const w of part.warnings) input.onWarning(warningText(w));
      } else if (part.type === "error") {
        failure ??= part.error;
      }
    }
  } catch (e) {
    failure ??= e;
  }
  if (aborted(signal)) return { kind: "aborted", text };
  if (failure !== undefined) return { kind: "error", text, error: describeError(failure), cause: failure };
  let assistant: AssistantModelMessage | undefined;
  try {
    const response = await result.response;
    assistant = response.messages.find((m): m is AssistantModelMessage => m.role === "assistant");
  } catch (e) {
    if (aborted(signal)) return { kind: "aborted", text };
    return { kind: "error", text, error: describeError(e), cause: e };
  }
  return { kind: "done", text, calls, assistant };
}

function providerOf(model: LanguageModel): string | undefined {
  return typeof model === "string" ? model.split("/")[0] : model.provider;
}

/** The step's tokens, with the prompt cache's share where the provider reported it. */
function stepUsage(u: LanguageModelUsage): Usage {
  const read = u.inputTokenDetails?.cacheReadTokens;
  const write = u.inputTokenDetails?.cacheWriteTokens;
  return {
    inputTokens: u.inputTokens ?? 0,
    outputTokens: u.outputTokens ?? 0,
    // Only what was reported as used: a provider without a cache (or a request that missed it) adds nothing.
    ...(read !== undefined && read > 0 && { cacheReadTokens: read }),
    ...(write !== undefined && write > 0 && { cacheWriteTokens: write }),
  };
}

/** A provider-run call's result as the user sees it: for a tool search, the tools it loaded. */
function providerResult(search: boolean, found: readonly string[], output: unknown): ToolResult {
  const errorOutput =
    output !== null &&
    typeof output === "object" &&
    (output as { type?: unknown }).type === "tool_search_tool_result_error";
  if (search && !errorOutput) {
    const text =
      found.length === 0
        ? "no tools found"
        : `${found.length} tool${found.length === 1 ? "" : "s"} found and loaded: ${found.join(", ")}`;
    return { text, isError: false, media: [], truncated: false };
  }
  return { text: JSON.stringify(output) ?? "", isError: errorOutput, media: [], truncated: false };
}

function warningText(w: CallWarning): string {
  if (w.type === "other") return `model: ${w.message}`;
  return `model: ${w.feature} is ${w.type === "unsupported" ? "not supported" : "used in compatibility mode"}${w.details !== undefined ? ` (${w.details})` : ""}`;
}

/** A call to a registered tool whose definition was not sent, with arguments that parsed as an object. */
function directCall(
  name: string,
  error: unknown,
  args: unknown,
  isRegistered: ((name: string) => boolean) | undefined,
): boolean {
  return (
    (error as { name?: string } | undefined)?.name === "AI_NoSuchToolError" &&
    isRegistered?.(name) === true &&
    typeof args === "object" &&
    args !== null &&
    !Array.isArray(args)
  );
}

function invalidReason(
  name: string,
  error: unknown,
  input: Pick<StepInput, "unknownToolHint" | "unavailableReason">,
): string {
  const e = error as { name?: string } | undefined;
  if (e?.name === "AI_NoSuchToolError") {
    const down = input.unavailableReason?.(name);
    if (down !== undefined) return down;
    const more = input.unknownToolHint?.(name) ?? "";
    return `there is no tool named "${name}"; ${more !== "" ? more : "use one of the tools offered"}`;
  }
  return `the call could not be read: ${errorMessage(error)}. Send the arguments as one JSON object matching the tool's input schema`;
}

/** Provider errors carry the HTTP status and body; keep what tells the user what to fix. */
export function describeError(e: unknown): string {
  const err = e as
    { statusCode?: number; responseBody?: string; url?: string; lastError?: unknown } | undefined;
  if (err?.lastError !== undefined) return describeError(err.lastError);
  const base = errorMessage(e);
  if (typeof err?.statusCode === "number") {
    const body = typeof err.responseBody === "string" ? err.responseBody.slice(0, 500) : "";
    const hint =
      err.statusCode === 401 || err.statusCode === 403
        ? " (check the API key)"
        : err.statusCode === 404
          ? " (check the model name and base URL)"
          : "";
    return `the model request failed with HTTP ${err.statusCode}${hint}: ${base}${body !== "" && !base.includes(body) ? ` — ${body}` : ""}`;
  }
  return `the model request failed: ${base}`;
}
