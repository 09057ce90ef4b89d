// The agent loop (§10): model → tool calls → permission gate → execution → results → model, until the
// model answers without calling a tool or the step limit is hit. The tool list is read from the registry
// before every step (servers come and go during a session). Cancelling aborts the model stream and every
// running tool (MCP servers are sent notifications/cancelled); the history keeps a valid conversation.
import type { ModelMessage } from "ai";
import type { SessionLog } from "../session/store.js";
import { buildToolIndex } from "../search/index.js";
import { CodeagentError } from "../errors.js";
import type { ToolEntry } from "../tools/types.js";
import type { AgentOptions, CompactOutcome, ContextStats, RunOptions } from "./agent-options.js";
import { DEFAULT_MAX_STEPS } from "./agent-options.js";
import { prepareTurnInput } from "./turn-input.js";
import { contextWindowFor, fixedTokens } from "./context.js";
import { addUsage, type AgentEvent, type TurnResult } from "./events.js";
import { TurnTally, type SessionTotals } from "./turn-tally.js";
import { MAX_OVERFLOW_ROUNDS, nextMove } from "./after-step.js";
import { compactConversation, compactIfNear, recoverOverflow, type UpkeepParts } from "./context-upkeep.js";
import { Conversation } from "./conversation.js";
import { answerCalls } from "./answer-calls.js";
import { aborted } from "./signal.js";
import { requestStep, type RetryBudget } from "./request-step.js";
import { stepInput } from "./step-input.js";
import { requestContextFor, stopHookReason } from "./turn-hooks.js";
import { loadTokenCounter } from "./token-count.js";
import { ToolSession, type ToolStats } from "./tool-session.js";
import { NextRequest } from "./next-request.js";

export type { AgentEvent, FinishReason, TurnResult, Usage } from "./events.js";

export {
  DEFAULT_MAX_STEPS,
  type AgentOptions,
  type CompactOutcome,
  type ContextStats,
  type RunOptions,
} from "./agent-options.js";

export class Agent {
  private readonly conversation: Conversation;
  private running = false;
  /** Provider warnings already shown in this session (they repeat on every step otherwise). */
  private readonly warned = new Set<string>();
  /** Usage and tool-definition tokens of every request this session, sub-agents' included (§15.5). */
  private readonly totals: SessionTotals = {
    usage: { inputTokens: 0, outputTokens: 0 },
    definitionTokens: 0,
  };
  /** The window a provider's "too long" answer revealed, when smaller than the configured one. */
  private learnedWindow: number | undefined;

  private toolSession: ToolSession;
  /** Files recorded for a rewind in the running turn: each is recorded before its first change only. */
  private readonly recorded = new Set<string>();
  private readonly next: NextRequest;

  constructor(private readonly opts: AgentOptions) {
    this.conversation = new Conversation(opts.log);
    this.next = new NextRequest(opts);
    this.toolSession = opts.toolSession ?? new ToolSession({ buildIndex: buildToolIndex });
    // The tokenizer's ranks load once, off the turn's path: until then definition tokens are estimates.
    void loadTokenCounter().catch(() => undefined);
  }

  get tools(): ToolSession {
    return this.toolSession;
  }

  /** Another model's limits and dialect (/model); the tools used so far stay loaded. */
  useToolSession(next: ToolSession): void {
    next.continueFrom(this.toolSession);
    this.toolSession = next;
  }

  /** Loaded vs deferred tools and their definition tokens, as the next request would carry them. */
  toolStats(): ToolStats {
    return this.toolSession.stats(this.opts.registry.list(), this.messages);
  }

  /** The conversation the model is sent next (completed turns, the consistent part of a stopped one). */
  get history(): ModelMessage[] {
    return this.conversation.messages;
  }

  private get messages(): ModelMessage[] {
    return this.conversation.messages;
  }

  /** Starts from an earlier session's messages (resume); they are not written again. */
  load(messages: readonly ModelMessage[]): void {
    this.conversation.load(messages);
    this.toolSession.markUsedIn(this.messages);
  }

  /** Where later messages are saved (a new session after /clear). */
  setLog(log: SessionLog | undefined): void {
    this.conversation.log = log;
  }

  clear(): void {
    this.next.forgetGit();
    this.conversation.clear();
    this.toolSession.reset();
  }

  get contextWindow(): number {
    const configured = contextWindowFor(this.opts.modelId, this.opts.contextWindow);
    return Math.min(configured, this.learnedWindow ?? configured);
  }

  contextStats(): ContextStats {
    const c = { messages: this.messages, last: this.conversation.last, window: this.contextWindow };
    return this.next.stats(this.toolSession, c, this.totals);
  }

  async run(input: string, o: RunOptions): Promise<TurnResult> {
    if (this.running)
      throw new CodeagentError("INTERNAL", "a turn is already running; wait for it or cancel it");
    this.running = true;
    // Hooks' notes during the turn are the turn's warnings.
    const restore = this.opts.hooks?.noticesTo((message) => o.onEvent({ type: "warning", message }));
    try {
      return await this.turn(input, o);
    } finally {
      restore?.();
      this.running = false;
    }
  }

  /** `/compact [FOCUS]`: summarise the older turns now. */
  async compact(
    o: { focus?: string; signal?: AbortSignal; onEvent?: (e: AgentEvent) => void } = {},
  ): Promise<CompactOutcome> {
    if (this.running) return { ok: false, message: "a turn is running; wait for it or cancel it" };
    this.running = true;
    try {
      const onEvent = (e: AgentEvent) => {
        if (e.type === "step-finish") addUsage(e.usage, this.totals.usage);
        o.onEvent?.(e);
      };
      return await compactConversation(this.conversation, this.upkeepParts(), {
        auto: false,
        onEvent,
        ...(o.focus !== undefined && { focus: o.focus }),
        ...(o.signal !== undefined && { signal: o.signal }),
      });
    } finally {
      this.running = false;
    }
  }

  private requestParts() {
    return this.next.parts(this.toolSession, this.messages);
  }

  private async turn(input: string, { signal, onEvent }: RunOptions): Promise<TurnResult> {
    const maxSteps = Math.max(1, this.opts.maxSteps ?? DEFAULT_MAX_STEPS);
    const tally = new TurnTally(this.totals, onEvent);
    const { count } = tally;
    const end = tally.end.bind(tally);
    this.opts.beforeTurn?.();
    await this.next.refresh();

    const turnInput = await prepareTurnInput(input, this.opts, signal, onEvent);
    if ("blocked" in turnInput) return end("error", turnInput.blocked, "HOOK_BLOCKED");
    const message = turnInput.content;
    let stopHookActive = false;
    // Where this turn starts in the model's view: a prompt the provider refuses is taken back from here.
    const turnStart = this.messages.length;
    let compacted = false;
    const budget = requestContextFor(this.opts).budget;
    let overflows = 0;
    this.conversation.push({ role: "user", content: message });
    this.recorded.clear();
    if (aborted(signal)) return end("cancelled");

    for (;;) {
      const steps = ++tally.steps;
      let { system, tools, prepared, problem } = this.requestParts();
      // Checked before the request: the provider would answer HTTP 400 after the user waited for it.
      if (problem !== undefined) return end("error", problem, "TOO_MANY_TOOLS");
      const upkeep = { onEvent: count, ...(signal !== undefined && { signal }) };
      const warn = (message: string) => this.warnOnce(message, onEvent);
      const near = this.upkeepParts(budget, { system, tools });
      const compactedNow = await compactIfNear(this.conversation, near, { ...upkeep, warn });
      if (compactedNow !== undefined) {
        compacted ||= compactedNow;
        if (aborted(signal)) return end("cancelled");
        ({ system, tools, prepared, problem } = this.requestParts());
        if (problem !== undefined) return end("error", problem, "TOO_MANY_TOOLS");
      }
      tally.definitions(prepared?.plan.tokens ?? 0);
      const registry = this.opts.registry;
      const sent = this.messages.length;
      const step = await requestStep(
        stepInput(
          { system, tools, prepared },
          {
            model: this.opts.model,
            messages: this.messages,
            toolSession: this.toolSession,
            registry,
            ...(signal !== undefined && { signal }),
            onEvent: (e) => {
              if (e.type === "step-finish") this.conversation.measured(e.usage, sent);
              count(e);
            },
            onWarning: warn,
          },
        ),
        requestContextFor(this.opts, budget),
      );
      const place = { steps, maxSteps, overflows, compacted };
      let move = nextMove(step, place);
      if (move === "recover" && step.kind === "error") {
        // Not a step of the model's: the same request goes again once the conversation fits.
        tally.steps--;
        overflows++;
        const limit = step.failure.figures?.limit;
        if (limit !== undefined) this.learnedWindow = Math.min(this.learnedWindow ?? Infinity, limit);
        const fixed = await recoverOverflow(
          this.conversation,
          this.upkeepParts(budget),
          step.failure,
          overflows,
          upkeep,
        );
        if (aborted(signal)) return end("cancelled");
        if (fixed === "compacted") compacted = true;
        if (fixed !== "none") continue;
        move = nextMove(step, { ...place, steps: tally.steps, overflows: MAX_OVERFLOW_ROUNDS });
      }
      if (move === "take-back" && step.kind === "error") {
        this.conversation.takeBack(turnStart);
        return end(
          "error",
          `${step.error} The prompt was not kept in the session: --continue goes on from before it.`,
          step.code,
        );
      }
      if (step.kind !== "done") {
        // A partial answer is kept as text; calls that were still streaming are dropped with it.
        if (step.text.trim() !== "") {
          this.conversation.push({ role: "assistant", content: step.text });
          tally.texts.push(step.text);
        }
        return step.kind === "aborted" ? end("cancelled") : end("error", step.error, step.code);
      }
      if (step.assistant !== undefined) this.conversation.push(step.assistant);
      tally.texts.push(step.text);
      if (move === "answered") {
        // A Stop hook that blocks sends the model back to work, its reason as the next message (§23).
        const stop = await stopHookReason(this.opts, stopHookActive, signal);
        if (stop === undefined || steps >= maxSteps || aborted(signal)) return end("stop");
        stopHookActive = true;
        this.conversation.push({ role: "user", content: `A Stop hook asks you to continue:\n${stop}` });
        continue;
      }
      const { outcomes, message: answers } = await answerCalls(
        step.calls,
        move === "step-limit" ? maxSteps : undefined,
        { ...this.opts, toolSession: this.toolSession, log: this.conversation.log, recorded: this.recorded },
        { onEvent, ...(signal !== undefined && { signal }) },
      );
      this.conversation.push(answers);
      if (move === "step-limit") return end("step-limit");
      const stopped = this.opts.hooks?.takeStop();
      if (stopped !== undefined) {
        onEvent({ type: "warning", message: `a hook stopped the turn: ${stopped}` });
        return end("stop");
      }
      tally.subagents(outcomes);
      if (aborted(signal)) return end("cancelled");
    }
  }

  /** What compaction and overflow recovery need of this agent, for the request about to be made. */
  private upkeepParts(
    budget?: RetryBudget,
    { system, tools }: { system: string; tools: ToolEntry[] } = this.requestParts(),
  ): UpkeepParts {
    return {
      model: this.opts.model,
      hooks: this.opts.hooks,
      window: this.contextWindow,
      fixed: fixedTokens(system, tools),
      request: requestContextFor(this.opts, budget),
    };
  }

  /** Provider warnings and the like repeat on every step: each is shown once a session. */
  private warnOnce(message: string, onEvent: (e: AgentEvent) => void): void {
    if (this.warned.has(message)) return;
    this.warned.add(message);
    onEvent({ type: "warning", message });
  }
}
