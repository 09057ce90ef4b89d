// Runs the hooks of one event (§23): those whose matcher covers the subject, all at once, each with its
// timeout, the event as JSON on stdin in Claude Code's field names; their outcomes merged into one. Users'
// hooks get the agent's environment, as in Claude Code; an approved project's hooks get the `bash` tool's,
// without the agent's provider keys and secrets. No terminal I/O: notes go to `onNotice`.
import { bashEnv } from "../tools/builtin/bash-env.js";
import type { CallHooks } from "../tools/gated-call.js";
import type { Env } from "../paths.js";
import type { PermissionPrompter } from "../permissions/gate.js";
import type { HookEvent, HookSpec } from "./config.js";
import { hookOutcome, mergeOutcomes, type HookOutcome } from "./decide.js";
import { hooksFor, hookToolInput, hookToolName, toolNames } from "./match.js";
import { runHookCommand } from "./run-command.js";

export interface HookRunnerOptions {
  hooks: readonly HookSpec[];
  cwd: string;
  env: Env;
  /** Failures and `systemMessage`s, for the user. */
  onNotice?: (message: string) => void;
}

export class HookRunner {
  private session: { id: string; transcriptPath?: string } = { id: "" };
  /** SessionStart's context, added to the first prompt of the session. */
  private startContext: string[] = [];
  /** A hook's `continue: false`, until the loop takes it. */
  private stopReason: string | undefined;
  private permissionMode = "default";
  onNotice: ((message: string) => void) | undefined;

  constructor(private readonly o: HookRunnerOptions) {
    this.onNotice = o.onNotice;
  }

  get hooks(): readonly HookSpec[] {
    return this.o.hooks;
  }

  /** The session the events belong to (`session_id`, `transcript_path`). */
  setSession(id: string, transcriptPath?: string): void {
    this.session = { id, ...(transcriptPath !== undefined && { transcriptPath }) };
  }

  setPermissionMode(mode: string): void {
    this.permissionMode = mode;
  }

  has(event: HookEvent): boolean {
    return this.o.hooks.some((h) => h.event === event);
  }

  /** Runs the event's matching hooks in parallel; `subject` is what the matcher is tested against. */
  async run(
    event: HookEvent,
    fields: Record<string, unknown>,
    o: { subject?: readonly string[]; signal?: AbortSignal } = {},
  ): Promise<HookOutcome> {
    const chosen = hooksFor(this.o.hooks, event, o.subject ?? []);
    if (chosen.length === 0) return {};
    const input = {
      session_id: this.session.id,
      transcript_path: this.session.transcriptPath ?? "",
      cwd: this.o.cwd,
      permission_mode: this.permissionMode,
      hook_event_name: event,
      ...fields,
    };
    const outcomes = await Promise.all(
      chosen.map(async (h) => {
        const run = await runHookCommand(h.command, input, {
          cwd: this.o.cwd,
          env: this.envFor(h),
          timeoutMs: h.timeoutS * 1000,
          ...(o.signal !== undefined && { signal: o.signal }),
        });
        return hookOutcome(event, h, run);
      }),
    );
    const merged = mergeOutcomes(outcomes);
    for (const n of merged.notices ?? []) this.onNotice?.(n);
    if (merged.stop !== undefined) this.stopReason ??= merged.stop;
    return merged;
  }

  /** Sends notes to `to` until the returned function is called (a turn shows them as its warnings). */
  noticesTo(to: (message: string) => void): () => void {
    const before = this.onNotice;
    this.onNotice = to;
    return () => {
      this.onNotice = before;
    };
  }

  /** A hook's `continue: false` since the last call (the turn ends); undefined when none said so. */
  takeStop(): string | undefined {
    const s = this.stopReason;
    this.stopReason = undefined;
    return s;
  }

  /** SessionStart (`startup`, `resume`, `clear`, `compact`); its context joins the next prompt. */
  async sessionStart(source: "startup" | "resume" | "clear" | "compact"): Promise<void> {
    const o = await this.run("SessionStart", { source }, { subject: [source] });
    this.startContext.push(...(o.context ?? []));
  }

  /** UserPromptSubmit, with SessionStart's context not yet given to the model. */
  async userPromptSubmit(prompt: string, signal?: AbortSignal): Promise<HookOutcome> {
    const o = await this.run("UserPromptSubmit", { prompt }, signal !== undefined ? { signal } : {});
    if (o.block !== undefined) return o;
    const context = [...this.startContext.splice(0), ...(o.context ?? [])];
    return { ...o, ...(context.length > 0 && { context }) };
  }

  /** The prompter, telling Notification hooks each time the user is asked (a desktop ping, say). */
  notifying(prompter: PermissionPrompter): PermissionPrompter {
    return {
      ask: (req, detail) => {
        const message = `codeagent needs your permission to use ${hookToolName(req.tool)}`;
        void this.run("Notification", { message }).catch(() => undefined);
        return prompter.ask(req, detail);
      },
    };
  }

  /** The hooks around each tool call, for the tool runner. */
  callHooks(): CallHooks {
    return {
      before: (c, signal) => this.preToolUse(c.name, c.args, c.id, signal),
      after: (c, r, signal) => this.postToolUse(c.name, c.args, c.id, r, signal),
    };
  }

  /** PreToolUse for a call: `tool` is the registered name; the hook sees Claude Code's. */
  preToolUse(tool: string, args: unknown, id: string, signal?: AbortSignal): Promise<HookOutcome> {
    return this.run("PreToolUse", this.toolFields(tool, args, id), {
      subject: toolNames(tool),
      ...(signal !== undefined && { signal }),
    });
  }

  postToolUse(
    tool: string,
    args: unknown,
    id: string,
    response: { text: string; isError: boolean },
    signal?: AbortSignal,
  ): Promise<HookOutcome> {
    const tool_response = { content: response.text, is_error: response.isError, success: !response.isError };
    return this.run(
      "PostToolUse",
      { ...this.toolFields(tool, args, id), tool_response },
      { subject: toolNames(tool), ...(signal !== undefined && { signal }) },
    );
  }

  private toolFields(tool: string, args: unknown, id: string): Record<string, unknown> {
    return {
      tool_name: hookToolName(tool),
      tool_input: hookToolInput(tool, args, this.o.cwd),
      tool_use_id: id,
    };
  }

  private envFor(h: HookSpec): Record<string, string> {
    const base = h.source === "user" ? defined(this.o.env) : bashEnv(this.o.env);
    return { ...base, CLAUDE_PROJECT_DIR: this.o.cwd, CODEAGENT_PROJECT_DIR: this.o.cwd };
  }
}

function defined(env: Env): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(env)) if (v !== undefined) out[k] = v;
  return out;
}
