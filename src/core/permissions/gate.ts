// The permission gate in front of every tool call: evaluate the rules, and on "ask" consult the user
// (or --yes). Without a way to ask it refuses at once with a reason naming the flag or rule to add.
import { errorMessage } from "../errors.js";
import { stripControl } from "../text/strip.js";
import {
  evaluate,
  type Evaluation,
  type PermissionMode,
  type PermissionRequest,
  type PermissionRules,
} from "./evaluate.js";
import { argsText, cleanPreview, type ApprovalPreview } from "./preview.js";
import { mergeRules, rememberedPattern, type PermissionStore, type RememberAnswer } from "./store.js";

/** "Deny with a message": the person says why, and the model gets it as the call's result (§8.5). */
export interface DenyWithMessage {
  kind: "deny";
  message: string;
}

export type PermissionAnswer = "once" | RememberAnswer | "deny" | DenyWithMessage;

export interface PromptDetail {
  /** One line, capped (logs, one-line displays). */
  argsPreview: string;
  /** What will run, whole: the command, the file diff, or the arguments (control characters stripped). */
  preview: ApprovalPreview;
}

export interface PermissionPrompter {
  ask(req: PermissionRequest, detail: PromptDetail): Promise<PermissionAnswer>;
}

export interface CheckOptions {
  /** The tool's own description of the call (ToolEntry.preview), made only when the user is asked. */
  preview?: () => ApprovalPreview | undefined | Promise<ApprovalPreview | undefined>;
}

export interface GateOptions {
  /** Rules from settings and `--allow`/`--deny` flags. */
  configRules: PermissionRules;
  /** Where "always" answers persist; without it they last for this session only. */
  store?: PermissionStore;
  prompter?: PermissionPrompter;
  /** `--yes`: every "ask" is approved (deny rules still apply). */
  yes?: boolean;
  /** `--permission-mode`; default "default". */
  mode?: PermissionMode;
  /** The project "always" answers are kept for (§8.5); without it they are kept for every project. */
  projectDir?: string;
}

export interface GateResult {
  allowed: boolean;
  reason: string;
  /** What the person told the model when denying. */
  userMessage?: string;
}

export const ARGS_PREVIEW_MAX = 500;

export class PermissionGate {
  private readonly sessionRules: PermissionRules = { allow: [], deny: [] };
  /** Allow rules held while a skill or command is in use (its trusted `allowed-tools`, §21). */
  private readonly grants = new Map<symbol, readonly string[]>();
  /** Prompts run one at a time, so an "always" answer also settles the calls waiting behind it. */
  private queue: Promise<unknown> = Promise.resolve();

  private currentMode: PermissionMode;
  private readonly modeListeners = new Set<(mode: PermissionMode) => void>();

  constructor(private readonly opts: GateOptions) {
    this.currentMode = opts.mode ?? "default";
  }

  get mode(): PermissionMode {
    return this.currentMode;
  }

  setMode(mode: PermissionMode): void {
    if (mode === this.currentMode) return;
    this.currentMode = mode;
    for (const l of this.modeListeners) l(mode);
  }

  /** Called on every mode change (the UI shows the mode); returns the unsubscribe function. */
  onModeChange(listener: (mode: PermissionMode) => void): () => void {
    this.modeListeners.add(listener);
    return () => this.modeListeners.delete(listener);
  }

  async check(req: PermissionRequest, args: unknown, o: CheckOptions = {}): Promise<GateResult> {
    const first = this.evaluate(req);
    if (first.decision !== "ask") return settled(first);
    if (this.opts.yes === true) return { allowed: true, reason: "approved by --yes" };
    const prompter = this.opts.prompter;
    if (prompter === undefined) return { allowed: false, reason: this.refusal(req, first.reason) };
    const run = this.queue.then(() => this.askUser(prompter, req, args, o));
    this.queue = run.catch(() => undefined);
    return run;
  }

  private evaluate(req: PermissionRequest): Evaluation {
    const stored = this.opts.store?.rules(this.opts.projectDir) ?? { allow: [], deny: [] };
    const granted = { allow: [...this.grants.values()].flat(), deny: [] };
    return evaluate(
      req,
      mergeRules(this.opts.configRules, stored, this.sessionRules, granted),
      this.currentMode,
    );
  }

  /** Allows `patterns` (deny rules still win) until the returned function is called. */
  grant(patterns: readonly string[]): () => void {
    const key = Symbol("grant");
    if (patterns.length > 0) this.grants.set(key, [...patterns]);
    return () => void this.grants.delete(key);
  }

  private async askUser(
    prompter: PermissionPrompter,
    req: PermissionRequest,
    args: unknown,
    o: CheckOptions,
  ): Promise<GateResult> {
    const again = this.evaluate(req);
    if (again.decision !== "ask") return settled(again);
    let answer: PermissionAnswer;
    try {
      // A preview that cannot be made (a file that vanished) still leaves the arguments to show.
      const own = await Promise.resolve(o.preview?.()).catch(() => undefined);
      const preview = cleanPreview(own ?? { kind: "args", text: argsText(args) });
      answer = await prompter.ask(req, { argsPreview: argsPreview(args), preview });
    } catch (e) {
      return { allowed: false, reason: `the permission prompt failed: ${errorMessage(e)}` };
    }
    if (typeof answer === "object") {
      const message = stripControl(answer.message).trim();
      if (message === "") return { allowed: false, reason: "denied by the user" };
      return { allowed: false, reason: "denied by the user", userMessage: message };
    }
    switch (answer) {
      case "once":
        return { allowed: true, reason: "approved once by the user" };
      case "always-tool":
      case "always-server":
      case "always-tool-global":
        return { allowed: true, reason: this.rememberAnswer(answer, req) };
      default:
        return { allowed: false, reason: "denied by the user" };
    }
  }

  private rememberAnswer(answer: RememberAnswer, req: PermissionRequest): string {
    const pattern = rememberedPattern(answer, req);
    if (!this.sessionRules.allow.includes(pattern)) this.sessionRules.allow.push(pattern);
    const where =
      answer === "always-tool-global" || this.opts.projectDir === undefined ? "" : " in this project";
    const reason = `approved by the user (always allow "${pattern}"${where})`;
    if (this.opts.store === undefined) return `${reason}, for this session`;
    try {
      this.opts.store.remember(
        answer,
        req,
        answer === "always-tool-global" ? undefined : this.opts.projectDir,
      );
      return reason;
    } catch (e) {
      return `${reason}, for this session only: ${errorMessage(e)}`;
    }
  }

  private refusal(req: PermissionRequest, why: string): string {
    const where = this.opts.store ? `the "allow" list in ${this.opts.store.file}` : `"allow" in settings`;
    const server =
      req.server !== undefined ? ` (or --allow 'mcp__${req.server}__*' for the whole server)` : "";
    return (
      `${why}, and there is no terminal to ask. Re-run with --yes, or --allow ${req.tool}${server}, ` +
      `or add "${req.tool}" to ${where}.`
    );
  }
}

/** Compact JSON of the arguments for the prompt: control characters stripped, capped at `max` characters. */
export function argsPreview(args: unknown, max = ARGS_PREVIEW_MAX): string {
  let json: string;
  try {
    json = JSON.stringify(args) ?? String(args);
  } catch {
    json = String(args);
  }
  const clean = stripControl(json).replace(/[\n\t]/g, " ");
  if (clean.length <= max) return clean;
  let cut = max - 1;
  if (/[\ud800-\udbff]/.test(clean.charAt(cut - 1))) cut--;
  return `${clean.slice(0, cut)}…`;
}

function settled(e: Evaluation): GateResult {
  return { allowed: e.decision === "allow", reason: e.reason };
}
