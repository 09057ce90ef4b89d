// The permission gate in front of every tool call: evaluate the rules, and on "ask" consult the user
// (or --yes). Without a way to ask it refuses at once with a reason naming the flag or rule to add.
import { errorMessage } from "../errors.js";
import { stripControl } from "../text/strip.js";
import {
  evaluate,
  type Evaluation,
  type EvaluationContext,
  type PermissionMode,
  type PermissionRequest,
  type PermissionRules,
} from "./evaluate.js";
import { suggestCommandRules } from "./suggest.js";
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
  /**
   * The allow rules "always" would store: the tool's name, or for a command its prefixes
   * (`Bash(npm run test:*)`), never all of bash. Empty: only "once" can be offered.
   */
  always?: string[];
}

export interface PermissionPrompter {
  ask(req: PermissionRequest, detail: PromptDetail): Promise<PermissionAnswer>;
}

export interface CheckOptions {
  /** The tool's own description of the call (ToolEntry.preview), made only when the user is asked. */
  preview?: () => ApprovalPreview | undefined | Promise<ApprovalPreview | undefined>;
  /**
   * A PreToolUse hook's verdict (§23): "allow" skips the prompt but never a deny rule, "ask" asks even where
   * the rules allow. ("deny" never reaches the gate: the call is refused before.)
   */
  hook?: HookPermission;
}

export interface HookPermission {
  decision: "allow" | "deny" | "ask";
  reason: string;
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
  /** Where rule paths and redirections are anchored: the project, the home, the --add-dir directories. */
  context?: EvaluationContext;
}

export interface GateResult {
  allowed: boolean;
  reason: string;
  /** What the person told the model when denying. */
  userMessage?: string;
  /** Refused because plan mode is on. */
  planMode?: true;
}

export const ARGS_PREVIEW_MAX = 500;

export class PermissionGate {
  private readonly sessionRules: PermissionRules = { allow: [], deny: [] };
  /** "Always" answers of this session for MCP servers, by server scope (a server's identity, with its name). */
  private readonly sessionScoped = new Map<string, string[]>();
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
    const hookAsks = o.hook?.decision === "ask" && first.decision === "allow";
    if (first.decision !== "ask" && !hookAsks) return settled(first);
    if (o.hook?.decision === "allow")
      return { allowed: true, reason: `allowed by a PreToolUse hook: ${o.hook.reason}` };
    if (this.opts.yes === true) return { allowed: true, reason: "approved by --yes" };
    const why = hookAsks ? `a PreToolUse hook asks first: ${o.hook!.reason}` : first.reason;
    const prompter = this.opts.prompter;
    if (prompter === undefined) return { allowed: false, reason: this.refusal(req, why) };
    const run = this.queue.then(() => this.askUser(prompter, req, args, o, hookAsks));
    this.queue = run.catch(() => undefined);
    return run;
  }

  private evaluate(req: PermissionRequest): Evaluation {
    const stored = this.opts.store?.rules(this.opts.projectDir, req.serverScope) ?? { allow: [], deny: [] };
    const scoped = req.serverScope === undefined ? [] : (this.sessionScoped.get(req.serverScope) ?? []);
    const granted = [...this.grants.values()].flat();
    const rules = mergeRules(this.opts.configRules, stored, this.sessionRules, {
      allow: [...scoped, ...granted],
      deny: [],
    });
    return evaluate(req, rules, this.currentMode, { projectDir: this.opts.projectDir, ...this.opts.context });
  }

  /** The rules an "always" answer would store for this call. */
  private alwaysRules(req: PermissionRequest): string[] {
    if (req.subject?.kind !== "command") return [rememberedPattern("always-tool", req)];
    const stored = this.opts.store?.rules(this.opts.projectDir) ?? { allow: [], deny: [] };
    const allow = [...this.opts.configRules.allow, ...stored.allow, ...this.sessionRules.allow];
    return suggestCommandRules(req.subject.command, allow);
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
    hookAsks = false,
  ): Promise<GateResult> {
    const again = this.evaluate(req);
    if (again.decision !== "ask" && !(hookAsks && again.decision === "allow")) return settled(again);
    let answer: PermissionAnswer;
    try {
      // A preview that cannot be made (a file that vanished) still leaves the arguments to show.
      const own = await Promise.resolve(o.preview?.()).catch(() => undefined);
      const preview = cleanPreview(own ?? { kind: "args", text: argsText(args) });
      answer = await prompter.ask(req, {
        argsPreview: argsPreview(args),
        preview,
        always: this.alwaysRules(req),
      });
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
    // A command's "always" is its prefixes (never all of bash); a server's is kept by the server's identity.
    const patterns =
      req.subject?.kind === "command" ? this.alwaysRules(req) : [rememberedPattern(answer, req)];
    if (patterns.length === 0) return "approved once by the user (no rule can stand for this command)";
    const scope = req.subject?.kind === "command" ? undefined : req.serverScope;
    const session = scope === undefined ? this.sessionRules.allow : (this.sessionScoped.get(scope) ?? []);
    if (scope !== undefined) this.sessionScoped.set(scope, session);
    for (const p of patterns) if (!session.includes(p)) session.push(p);
    const where =
      answer === "always-tool-global" || this.opts.projectDir === undefined ? "" : " in this project";
    const reason = `approved by the user (always allow ${patterns.map((p) => `"${p}"`).join(", ")}${where})`;
    if (this.opts.store === undefined) return `${reason}, for this session`;
    try {
      this.opts.store.rememberRules(
        patterns,
        answer === "always-tool-global" ? undefined : this.opts.projectDir,
        scope,
      );
      return reason;
    } catch (e) {
      return `${reason}, for this session only: ${errorMessage(e)}`;
    }
  }

  private refusal(req: PermissionRequest, why: string): string {
    const where = this.opts.store ? `the "allow" list in ${this.opts.store.file}` : `"allow" in settings`;
    if (req.subject?.kind === "command") {
      const rules = this.alwaysRules(req);
      const flags = rules.map((r) => `--allow '${r}'`).join(" ");
      return rules.length > 0
        ? `${why}, and there is no terminal to ask. Re-run with --yes, or ${flags}, or add ${rules.map((r) => `"${r}"`).join(", ")} to ${where}.`
        : `${why}, and there is no terminal to ask. Re-run with --yes.`;
    }
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
  return { allowed: e.decision === "allow", reason: e.reason, ...(e.planMode && { planMode: true }) };
}
