// Over 300 lines: the Agent owns one conversation's state, and the turn's steps (compaction, overflow rounds,
// rollback) change it in one place; the decisions live in overflow.ts, context.ts and request-step.ts.
// The agent loop (§10): model → tool calls → permission gate → execution → results → model, until the
// model answers without calling a tool or the step limit is hit. The tool list is read from the registry
// before every step (servers come and go during a session). Cancelling aborts the model stream and every
// running tool (MCP servers are sent notifications/cancelled); the history keeps a valid conversation.
import type { ModelMessage, ToolModelMessage } from "ai";
import { repairHistory } from "../session/records.js";
import type { SessionLog } from "../session/store.js";
import { buildToolIndex } from "../search/index.js";
import { recordBefore } from "../checkpoints/snapshot.js";
import { gitPromptLine } from "../git/status.js";
import { CodeagentError } from "../errors.js";
import type { AgentOptions, CompactOutcome, ContextStats, RunOptions } from "./agent-options.js";
import { DEFAULT_MAX_STEPS } from "./agent-options.js";
import { prepareTurnInput } from "./turn-input.js";
import { SESSION_IMAGE_CHARS, sessionCopy } from "./images/attach-images.js";
import {
  COMPACT_AT,
  contextWindowFor,
  estimateMessages,
  estimateTokens,
  fixedTokens,
  nextRequestTokens,
  shouldCompact,
  type LastRequest,
} from "./context.js";
import { addUsage, type AgentEvent, type FinishReason, type TurnResult, type Usage } from "./events.js";
import { compactMessages, cutNotice, overflowCutChars, overflowNotice, refusedContent } from "./overflow.js";
import type { InstructionFile } from "./project-instructions.js";
import { runToolCalls, type CallOutcome } from "./run-tools.js";
import { aborted } from "./signal.js";
import { buildSystemPrompt, skillsSection, type SkillSummary } from "./system-prompt.js";
import { cutToolResults } from "./cut-results.js";
import type { ProviderFailure } from "./provider/failure.js";
import { DEFAULT_REQUEST } from "./provider/request-settings.js";
import { requestStep, type RetryBudget } from "./request-step.js";
import { loadTokenCounter } from "./token-count.js";
import { stepLimitOutcomes, toolResultMessage } from "./tool-message.js";
import { ToolSession, type ToolStats } from "./tool-session.js";

export type { AgentEvent, FinishReason, TurnResult, Usage } from "./events.js";

export {
  DEFAULT_MAX_STEPS,
  type AgentOptions,
  type CompactOutcome,
  type ContextStats,
  type RunOptions,
} from "./agent-options.js";

export class Agent {
  private messages: ModelMessage[] = [];
  private running = false;
  /** Provider warnings already shown in this session (they repeat on every step otherwise). */
  private readonly warned = new Set<string>();
  private last: LastRequest | undefined;
  private readonly total: Usage = { inputTokens: 0, outputTokens: 0 };
  /** Tool-definition tokens of every request this session, sub-agents' included (§15.5). */
  private definitionTokens = 0;
  private log: SessionLog | undefined;
  /** The window a provider's "too long" answer revealed, when smaller than the configured one. */
  private learnedWindow: number | undefined;
  /** Image data the session file may still keep inline (§23). */
  private readonly imageBudget = { left: SESSION_IMAGE_CHARS };

  private toolSession: ToolSession;
  /** Files recorded for a rewind in the running turn: each is recorded before its first change only. */
  private readonly recorded = new Set<string>();
  /** The system prompt's git line: read at the session's first turn and kept, so the prompt stays stable. */
  private gitLine: string | undefined;

  constructor(private readonly opts: AgentOptions) {
    this.log = opts.log;
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
    return this.messages;
  }

  /** Starts from an earlier session's messages (resume); they are not written again. */
  load(messages: readonly ModelMessage[]): void {
    this.messages = repairHistory(messages);
    this.last = undefined;
    this.toolSession.markUsedIn(this.messages);
  }

  /** Where later messages are saved (a new session after /clear). */
  setLog(log: SessionLog | undefined): void {
    this.log = log;
  }

  clear(): void {
    this.gitLine = undefined;
    this.messages = [];
    this.last = undefined;
    this.toolSession.reset();
  }

  get contextWindow(): number {
    const configured = contextWindowFor(this.opts.modelId, this.opts.contextWindow);
    return Math.min(configured, this.learnedWindow ?? configured);
  }

  contextStats(): ContextStats {
    this.skillList = this.opts.skills?.() ?? [];
    const { system, tools, prepared } = this.requestParts();
    const systemTokens = estimateTokens(system);
    const toolTokens = prepared?.plan.tokens ?? fixedTokens("", tools);
    const window = this.contextWindow;
    return {
      window,
      ...(this.last !== undefined && { lastInputTokens: this.last.inputTokens }),
      nextTokens: nextRequestTokens({
        fixed: systemTokens + toolTokens,
        messages: this.messages,
        ...(this.last !== undefined && { last: this.last }),
      }),
      systemTokens,
      ...(this.skillList.length > 0 && { skillTokens: estimateTokens(skillsSection(this.skillList)) }),
      toolTokens,
      messageTokens: estimateMessages(this.messages),
      messages: this.messages.length,
      compactAt: Math.floor(window * COMPACT_AT),
      session: { ...this.total },
      sessionToolDefinitionTokens: this.definitionTokens,
    };
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
      const usage: Usage = { inputTokens: 0, outputTokens: 0 };
      const onEvent = (e: AgentEvent) => {
        if (e.type === "step-finish") addUsage(e.usage, this.total);
        o.onEvent?.(e);
      };
      return await this.compactNow({
        auto: false,
        budget: { waitLeftMs: (this.opts.request ?? DEFAULT_REQUEST).retry.maxWaitMs },
        usage,
        onEvent,
        ...(o.focus !== undefined && { focus: o.focus }),
        ...(o.signal !== undefined && { signal: o.signal }),
      });
    } finally {
      this.running = false;
    }
  }

  private push(m: ModelMessage): void {
    this.messages.push(m);
    this.log?.message(sessionCopy(m, this.imageBudget));
  }

  /** The next request's system prompt and tools: the definitions the tool session chose (§15.2). */
  private requestParts() {
    const all = this.opts.registry.list();
    const r = this.toolSession.prepare(all, this.messages);
    const prepared = r.ok ? r.value : undefined;
    const tools = prepared?.entries ?? all;
    const system = buildSystemPrompt({
      cwd: this.opts.cwd,
      // The session's first day, not today's: a prompt that changed at midnight would lose the prompt cache.
      date: this.date,
      tools,
      instructions: this.opts.instructions(),
      projectFiles: this.projectFiles,
      skills: this.skillList,
      ...(this.opts.agentPrompt !== undefined && { agentPrompt: this.opts.agentPrompt }),
      ...(this.gitLine !== undefined && { git: this.gitLine }),
      ...(prepared !== undefined && {
        deferredServers: prepared.plan.deferredServers,
        searchTool: this.toolSession.searchName,
        codeMode: this.toolSession.codeMode,
      }),
    });
    return { system, tools, prepared, problem: r.ok ? undefined : r.message };
  }

  private readonly date = new Date().toISOString().slice(0, 10);
  private projectFiles: InstructionFile[] = [];
  private skillList: SkillSummary[] = [];

  private async turn(input: string, { signal, onEvent }: RunOptions): Promise<TurnResult> {
    const maxSteps = Math.max(1, this.opts.maxSteps ?? DEFAULT_MAX_STEPS);
    const texts: string[] = [];
    const usage: Usage = { inputTokens: 0, outputTokens: 0 };
    let steps = 0;
    let toolDefinitionTokens = 0;
    const end = (reason: FinishReason, error?: string, errorCode?: string): TurnResult => {
      const last = texts.at(-1) ?? "";
      const text = last.trim() !== "" ? last : texts.join("");
      const r: TurnResult = {
        text,
        reason,
        steps,
        ...(error !== undefined && { error }),
        ...(errorCode !== undefined && { errorCode }),
        usage,
        toolDefinitionTokens,
      };
      onEvent({ type: "finish", ...r });
      return r;
    };
    const count = (e: AgentEvent) => {
      if (e.type === "step-finish") addUsage(e.usage, usage, this.total);
      onEvent(e);
    };
    this.opts.beforeTurn?.();
    this.projectFiles = this.opts.projectInstructions?.() ?? [];
    this.skillList = this.opts.skills?.() ?? [];
    if (this.gitLine === undefined && this.opts.gitStatus !== undefined) {
      const git = await this.opts.gitStatus().catch(() => undefined);
      this.gitLine = git === undefined ? "" : gitPromptLine(git);
    }

    const turnInput = await prepareTurnInput(input, this.opts, signal, onEvent);
    if ("blocked" in turnInput) return end("error", turnInput.blocked, "HOOK_BLOCKED");
    const message = turnInput.content;
    let stopHookActive = false;
    // Where this turn starts in the model's view: a prompt the provider refuses is taken back from here.
    const turnStart = this.messages.length;
    let compactedAt = -1;
    const budget: RetryBudget = { waitLeftMs: (this.opts.request ?? DEFAULT_REQUEST).retry.maxWaitMs };
    let overflows = 0;
    this.push({ role: "user", content: message });
    this.recorded.clear();
    if (aborted(signal)) return end("cancelled");

    for (;;) {
      steps++;
      let { system, tools, prepared, problem } = this.requestParts();
      // Checked before the request: the provider would answer HTTP 400 after the user waited for it.
      if (problem !== undefined) return end("error", problem, "TOO_MANY_TOOLS");
      const next = nextRequestTokens({
        fixed: fixedTokens(system, tools),
        messages: this.messages,
        ...(this.last !== undefined && { last: this.last }),
      });
      if (shouldCompact(next, this.contextWindow)) {
        const c = await this.compactNow({
          auto: true,
          usage,
          onEvent: count,
          budget,
          ...(signal !== undefined && { signal }),
        });
        if (c.ok) compactedAt = steps;
        if (aborted(signal)) return end("cancelled");
        if (!c.ok) {
          const message = `the conversation is near the model's context window and could not be compacted: ${c.message}`;
          if (!this.warned.has(message)) onEvent({ type: "warning", message });
          this.warned.add(message);
        }
        ({ system, tools, prepared, problem } = this.requestParts());
        if (problem !== undefined) return end("error", problem, "TOO_MANY_TOOLS");
      }
      toolDefinitionTokens += prepared?.plan.tokens ?? 0;
      this.definitionTokens += prepared?.plan.tokens ?? 0;
      const registry = this.opts.registry;
      const sent = this.messages.length;
      const step = await requestStep(
        {
          model: this.opts.model,
          system,
          messages: prepared?.history ?? [...this.messages],
          tools,
          ...(prepared !== undefined && { aiTools: prepared.aiTools }),
          // `search_tools` stays callable when the provider's own search replaced it in the request: a model
          // (or a prompt) that asks for it by name gets the local search instead of "no such tool".
          isRegistered: (name) =>
            registry.get(name) !== undefined || name === this.toolSession.searchEntry.name,
          unknownToolHint: (name) => this.toolSession.unknownToolHint(name),
          unavailableReason: (name) => this.toolSession.unavailableReason(name),
          ...(prepared?.plan.search === "native" && {
            nativeSearch: {
              name: this.toolSession.searchName,
              found: (names: string[]) => this.toolSession.markFound(names),
            },
          }),
          ...(signal !== undefined && { signal }),
          onEvent: (e) => {
            if (e.type === "step-finish")
              this.last = {
                inputTokens: e.usage.inputTokens,
                outputTokens: e.usage.outputTokens,
                messageCount: sent,
              };
            count(e);
          },
          onWarning: (message) => {
            if (this.warned.has(message)) return;
            this.warned.add(message);
            onEvent({ type: "warning", message });
          },
        },
        this.requestContext(budget),
      );
      if (step.kind === "error" && step.failure.kind === "context-overflow" && overflows < 3) {
        // Not a step of the model's: the same request goes again once the conversation fits.
        steps--;
        overflows++;
        const fixed = await this.recoverOverflow(step.failure, overflows, {
          usage,
          onEvent: count,
          budget,
          ...(signal !== undefined && { signal }),
        });
        if (aborted(signal)) return end("cancelled");
        if (fixed === "compacted") compactedAt = steps;
        if (fixed !== "none") continue;
      }
      if (
        step.kind === "error" &&
        step.text.trim() === "" &&
        compactedAt === -1 &&
        refusedContent(step.failure, steps)
      ) {
        // The provider will refuse the same conversation again: the turn leaves the model's view, so that
        // `--continue` works (the log keeps it, for the transcript).
        const n = this.messages.length - turnStart;
        this.messages = this.messages.slice(0, turnStart);
        this.log?.rollback(n);
        return end(
          "error",
          `${step.error} The prompt was not kept in the session: --continue goes on from before it.`,
          step.code,
        );
      }
      if (step.kind !== "done") {
        // A partial answer is kept as text; calls that were still streaming are dropped with it.
        if (step.text.trim() !== "") {
          this.push({ role: "assistant", content: step.text });
          texts.push(step.text);
        }
        return step.kind === "aborted" ? end("cancelled") : end("error", step.error, step.code);
      }
      if (step.assistant !== undefined) this.push(step.assistant);
      texts.push(step.text);
      if (step.calls.length === 0) {
        // A Stop hook that blocks sends the model back to work, its reason as the next message (§23).
        const stop = await this.stopHooks(stopHookActive, signal);
        if (stop === undefined || steps >= maxSteps || aborted(signal)) return end("stop");
        stopHookActive = true;
        this.push({ role: "user", content: `A Stop hook asks you to continue:\n${stop}` });
        continue;
      }
      this.toolSession.markCalled(
        step.calls.filter((c) => registry.get(c.name) !== undefined).map((c) => c.name),
      );
      if (steps >= maxSteps) {
        // The model wants more, but the limit is reached: its calls are answered, not run, so the history
        // stays a valid conversation the next turn can continue.
        const outcomes = stepLimitOutcomes(step.calls, maxSteps);
        for (const o of outcomes)
          onEvent({ type: "tool-result", id: o.call.id, name: o.call.name, result: o.result, denied: false });
        this.push(this.toolMessage(outcomes));
        return end("step-limit");
      }
      const log = this.log;
      if (log?.checkpoint !== undefined)
        recordBefore(
          step.calls,
          (n) => registry.get(n),
          this.recorded,
          (c) => log.checkpoint?.(c),
        );
      const outcomes = await runToolCalls(step.calls, {
        registry: this.opts.registry,
        extraTools: new Map([[this.toolSession.searchEntry.name, this.toolSession.searchEntry]]),
        gate: this.opts.gate,
        supportsMedia: this.opts.supportsMedia ?? false,
        ...(signal !== undefined && { signal }),
        ...(this.opts.hooks !== undefined && { hooks: this.opts.hooks.callHooks() }),
        onEvent,
      });
      this.push(this.toolMessage(outcomes));
      const stopped = this.opts.hooks?.takeStop();
      if (stopped !== undefined) {
        onEvent({ type: "warning", message: `a hook stopped the turn: ${stopped}` });
        return end("stop");
      }
      // A sub-agent's requests (task) count into this turn's usage, not into this context's size.
      for (const { result } of outcomes) {
        if (result.usage === undefined) continue;
        addUsage(result.usage, usage, this.total);
        toolDefinitionTokens += result.usage.toolDefinitionTokens ?? 0;
        this.definitionTokens += result.usage.toolDefinitionTokens ?? 0;
      }
      if (aborted(signal)) return end("cancelled");
    }
  }

  /** Older messages → a summary the model writes; the recent ones stay verbatim; the log marks the point. */
  private async compactNow(o: {
    auto: boolean;
    focus?: string;
    usage: Usage;
    budget?: RetryBudget;
    signal?: AbortSignal;
    onEvent: (e: AgentEvent) => void;
  }): Promise<CompactOutcome> {
    const { system, tools } = this.requestParts();
    const trigger = o.auto ? "auto" : "manual";
    await this.opts.hooks?.run(
      "PreCompact",
      { trigger, custom_instructions: o.focus ?? "" },
      { subject: [trigger], ...(o.signal !== undefined && { signal: o.signal }) },
    );
    const r = await compactMessages({
      model: this.opts.model,
      messages: this.messages,
      window: this.contextWindow,
      fixed: fixedTokens(system, tools),
      ...(this.last !== undefined && { last: this.last }),
      ...(o.focus !== undefined && { focus: o.focus }),
      request: this.requestContext(o.budget),
      ...(o.signal !== undefined && { signal: o.signal }),
    });
    if (r.usage !== undefined) o.onEvent({ type: "step-finish", usage: r.usage });
    if (!r.ok) return { ok: false, message: r.message };
    this.messages = r.messages;
    this.last = undefined;
    this.log?.compaction({ summary: r.summary, kept: r.outcome.kept });
    const { ok: _, ...done } = r.outcome;
    o.onEvent({ type: "compaction", auto: o.auto, ...done });
    return r.outcome;
  }

  private requestContext(budget?: RetryBudget) {
    return {
      budget: budget ?? { waitLeftMs: (this.opts.request ?? DEFAULT_REQUEST).retry.maxWaitMs },
      ...(this.opts.endpoint !== undefined && { endpoint: this.opts.endpoint }),
      ...(this.opts.request !== undefined && { request: this.opts.request }),
    };
  }

  /**
   * The provider said the request is too long (§10): compact the conversation first; when that cannot be
   * done or was not enough, cut the largest tool results, harder each round. "none": nothing left to try.
   */
  private async recoverOverflow(
    f: ProviderFailure,
    round: number,
    o: { usage: Usage; onEvent: (e: AgentEvent) => void; budget: RetryBudget; signal?: AbortSignal },
  ): Promise<"compacted" | "cut" | "none"> {
    if (f.figures !== undefined)
      this.learnedWindow = Math.min(this.learnedWindow ?? Infinity, f.figures.limit);
    if (round === 1) {
      o.onEvent({ type: "warning", message: overflowNotice(f) });
      const c = await this.compactNow({ auto: true, ...o });
      if (c.ok) return "compacted";
    }
    const { system, tools } = this.requestParts();
    const estimate = fixedTokens(system, tools) + estimateMessages(this.messages);
    const r = cutToolResults(
      this.messages,
      overflowCutChars(f, round, { estimate, window: this.contextWindow }),
    );
    if (r.cut === 0) return "none";
    this.messages = r.messages;
    this.last = undefined;
    this.log?.history(this.messages);
    o.onEvent({ type: "warning", message: cutNotice(r) });
    return "cut";
  }

  /** The Stop (or SubagentStop) hooks' reason to go on, when one blocks stopping. */
  private async stopHooks(active: boolean, signal?: AbortSignal): Promise<string | undefined> {
    const hooks = this.opts.hooks;
    const event = this.opts.stopEvent ?? "Stop";
    if (hooks === undefined || !hooks.has(event)) return undefined;
    const o = await hooks.run(event, { stop_hook_active: active }, signal !== undefined ? { signal } : {});
    return hooks.takeStop() === undefined ? o.block : undefined;
  }

  /** Answers a step's calls; says when its calls loaded tools in place of ones the model was told are loaded. */
  private toolMessage(outcomes: CallOutcome[]): ToolModelMessage {
    return toolResultMessage(outcomes, this.opts.supportsMedia ?? false, this.toolSession.unloadNote());
  }
}
