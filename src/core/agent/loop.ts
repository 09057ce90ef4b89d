// The agent loop (§10): model → tool calls → permission gate → execution → results → model, until the
// model answers without calling a tool or the step limit is hit. The tool list is read from the registry
// before every step (servers come and go during a session). Cancelling aborts the model stream and every
// running tool (MCP servers are sent notifications/cancelled); the history keeps a valid conversation.
import type { LanguageModel, ModelMessage, ToolModelMessage } from "ai";
import { CodeagentError, errorMessage } from "../errors.js";
import type { PermissionGate } from "../permissions/gate.js";
import type { ToolRegistry } from "../tools/registry.js";
import { attachMentions } from "./attach-mentions.js";
import type { AgentEvent, FinishReason, TurnResult } from "./events.js";
import { errorResult, runToolCalls, type CallOutcome } from "./run-tools.js";
import { streamStep } from "./stream-step.js";
import { buildToolIndex } from "../search/index.js";
import { buildSystemPrompt, type ServerInstructions } from "./system-prompt.js";
import { toToolOutput } from "./to-ai-tools.js";
import { loadTokenCounter } from "./token-count.js";
import { ToolSession, type ToolStats } from "./tool-session.js";

export type { AgentEvent, FinishReason, TurnResult } from "./events.js";

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
  /** Tool search, provider limits and dialects (§15); default "auto" with chat-completions limits. */
  toolSession?: ToolSession;
}

export interface RunOptions {
  signal?: AbortSignal;
  onEvent: (e: AgentEvent) => void;
}

export class Agent {
  private messages: ModelMessage[] = [];
  private running = false;
  /** Provider warnings already shown in this session (they repeat on every step otherwise). */
  private readonly warned = new Set<string>();

  private toolSession: ToolSession;

  constructor(private readonly opts: AgentOptions) {
    this.toolSession = opts.toolSession ?? new ToolSession({ buildIndex: buildToolIndex });
  }

  get tools(): ToolSession {
    return this.toolSession;
  }

  /** Another model's limits and dialect (/model); the tools used so far stay loaded. */
  useToolSession(next: ToolSession): void {
    next.markUsed([...this.toolSession.usedTools].reverse());
    this.toolSession = next;
  }

  /** Loaded vs deferred tools and their definition tokens, as the next request would carry them. */
  toolStats(): ToolStats {
    return this.tools.stats(this.opts.registry.list());
  }

  /** Completed turns (and the consistent part of a cancelled or failed one). */
  get history(): ModelMessage[] {
    return this.messages;
  }

  clear(): void {
    this.messages = [];
    this.tools.reset();
  }

  async run(input: string, o: RunOptions): Promise<TurnResult> {
    if (this.running)
      throw new CodeagentError("INTERNAL", "a turn is already running; wait for it or cancel it");
    this.running = true;
    try {
      return await this.turn(input, o);
    } finally {
      this.running = false;
    }
  }

  private async turn(input: string, { signal, onEvent }: RunOptions): Promise<TurnResult> {
    const maxSteps = Math.max(1, this.opts.maxSteps ?? DEFAULT_MAX_STEPS);
    const turn: ModelMessage[] = [];
    const texts: string[] = [];
    let steps = 0;
    let toolDefinitionTokens = 0;
    const end = (reason: FinishReason, error?: string, errorCode?: string): TurnResult => {
      this.messages.push(...turn);
      const last = texts.at(-1) ?? "";
      const text = last.trim() !== "" ? last : texts.join("");
      const r: TurnResult = {
        text,
        reason,
        steps,
        ...(error !== undefined && { error }),
        ...(errorCode !== undefined && { errorCode }),
        usage: { toolDefinitionTokens },
      };
      onEvent({ type: "finish", ...r });
      return r;
    };

    // The tokenizer's ranks load once; a failure leaves the counts as estimates, never stops the turn.
    await loadTokenCounter().catch(() => undefined);
    const message = await this.expandMentions(input, signal, onEvent);
    turn.push({ role: "user", content: message });
    if (aborted(signal)) return end("cancelled");

    for (;;) {
      steps++;
      const registry = this.opts.registry;
      const prepared = this.tools.prepare(registry.list());
      // Checked before the request: the provider would answer HTTP 400 after the user waited for it.
      if (!prepared.ok) return end("error", prepared.message, "TOO_MANY_TOOLS");
      const { plan, entries, aiTools } = prepared.value;
      toolDefinitionTokens += plan.tokens;
      const system = buildSystemPrompt({
        cwd: this.opts.cwd,
        tools: entries,
        instructions: this.opts.instructions(),
        deferredServers: plan.deferredServers,
      });
      const step = await streamStep({
        model: this.opts.model,
        system,
        messages: [...this.messages, ...turn],
        tools: entries,
        aiTools,
        isRegistered: (name) => registry.get(name) !== undefined,
        ...(signal !== undefined && { signal }),
        onEvent,
        onWarning: (message) => {
          if (this.warned.has(message)) return;
          this.warned.add(message);
          onEvent({ type: "warning", message });
        },
      });
      if (step.kind !== "done") {
        // A partial answer is kept as text; calls that were still streaming are dropped with it.
        if (step.text.trim() !== "") {
          turn.push({ role: "assistant", content: step.text });
          texts.push(step.text);
        }
        return step.kind === "aborted" ? end("cancelled") : end("error", step.error);
      }
      if (step.assistant !== undefined) turn.push(step.assistant);
      texts.push(step.text);
      if (step.calls.length === 0) return end("stop");
      this.tools.markUsed(step.calls.filter((c) => registry.get(c.name) !== undefined).map((c) => c.name));
      if (steps >= maxSteps) {
        // The model wants more, but the limit is reached: its calls are answered, not run, so the history
        // stays a valid conversation the next turn can continue.
        const notRun = `not run: the step limit (${maxSteps}) was reached; the user can ask to continue`;
        const outcomes = step.calls.map((call) => ({ call, result: errorResult(notRun), denied: false }));
        for (const o of outcomes)
          onEvent({ type: "tool-result", id: o.call.id, name: o.call.name, result: o.result, denied: false });
        turn.push(this.toolMessage(outcomes));
        return end("step-limit");
      }
      const outcomes = await runToolCalls(step.calls, {
        registry: this.opts.registry,
        extraTools: new Map([[this.tools.searchEntry.name, this.tools.searchEntry]]),
        gate: this.opts.gate,
        supportsMedia: this.opts.supportsMedia ?? false,
        ...(signal !== undefined && { signal }),
        onEvent,
      });
      turn.push(this.toolMessage(outcomes));
      if (aborted(signal)) return end("cancelled");
    }
  }

  private toolMessage(outcomes: CallOutcome[]): ToolModelMessage {
    const media = this.opts.supportsMedia ?? false;
    return {
      role: "tool",
      content: outcomes.map(({ call, result }) => ({
        type: "tool-result" as const,
        toolCallId: call.id,
        toolName: call.name,
        output: toToolOutput(result, media),
      })),
    };
  }

  /** `@server:uri` mentions → attached resources; a failed read is a warning and the message still goes. */
  private async expandMentions(
    input: string,
    signal: AbortSignal | undefined,
    onEvent: (e: AgentEvent) => void,
  ) {
    const read = this.opts.readResource;
    if (read === undefined) return input;
    try {
      const known = this.opts.knownServers?.();
      const r = await attachMentions(input, (s, u, o) => read(s, u, o), {
        ...(known !== undefined && { knownServers: known }),
        ...(signal !== undefined && { signal }),
      });
      for (const w of r.warnings) onEvent({ type: "warning", message: `mention not attached: ${w}` });
      return r.message;
    } catch (e) {
      if (!aborted(signal))
        onEvent({ type: "warning", message: `mentions not attached: ${errorMessage(e)}` });
      return input;
    }
  }
}

/** A function, not `signal?.aborted`, so TypeScript does not keep a narrowing across awaits. */
function aborted(signal: AbortSignal | undefined): boolean {
  return signal?.aborted === true;
}
