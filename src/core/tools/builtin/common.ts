// What every built-in tool shares: the entry shape, argument reading with messages the model can act on,
// path resolution against the project directory, and the §7 output rules (control characters, size cap).
import { tmpdir } from "node:os";
import { isAbsolute, join, resolve } from "node:path";
import type { BackgroundJobs } from "./background.js";
import type { PlanControl, TodoList, UserChannel } from "./host-channels.js";
import type { ObjectSchema } from "../../schema/sanitize.js";
import type { BashEnvSetting } from "./bash-env.js";
import type { CommandSandbox } from "../../sandbox/command-sandbox.js";
import { reachOf, realPathOf } from "./reach.js";
import { capOutput } from "../cap-output.js";
import { stripControl } from "../../text/strip.js";
import type { ToolContext, ToolEntry, ToolResult } from "../types.js";

export interface BuiltinOptions {
  /** The project directory; relative paths resolve against it. */
  cwd: string;
  /** Where outputs over the cap are saved in full (default: a folder in the OS temp directory). */
  saveDir?: string;
  maxChars?: number;
  /** The agent's environment, which `bash` commands get a filtered copy of (default process.env). */
  env?: Readonly<Record<string, string | undefined>>;
  /** The user's `bash.env` setting: more variables passed to `bash` on purpose. */
  bashEnv?: BashEnvSetting;
  /** `--add-dir` directories the file tools may use without asking, besides `cwd` (§8.4). */
  addDirs?: readonly string[];
  /** Background `bash` jobs of this session; the host ends them at exit (default: a set of its own). */
  jobs?: BackgroundJobs;
  /** The person at the terminal (ask_user, exit_plan_mode); absent in headless runs. */
  user?: UserChannel;
  /** Plan mode (exit_plan_mode ends it once the user approves). */
  plan?: PlanControl;
  /** Where todo_write keeps the latest list. */
  todos?: TodoList;
  /** The OS sandbox of `bash` and its background jobs (§18.4); absent: commands run unconfined. */
  sandbox?: CommandSandbox;
}

/** A wrong argument: becomes a tool error the model can correct, never a crash. */
export class ArgError extends Error {}

export interface BuiltinSpec {
  name: string;
  description: string;
  schema: ObjectSchema;
  readOnly: boolean;
  /** The paths a call would touch (as the model gave them), for the §8.4 reach check. */
  paths?: (args: Record<string, unknown>) => string[];
  /** What the permission prompt shows for a call (§8.5). */
  preview?: ToolEntry["preview"];
  /** What a call touches, for rules; file tools with `paths` get theirs (read or edit, real paths) without it. */
  subject?: ToolEntry["subject"];
  /** Whether a call will run inside the OS sandbox (§18.4). */
  sandboxed?: ToolEntry["sandboxed"];
  run(args: Args, ctx: ToolContext): Promise<ToolResult>;
}

export function defineBuiltin(spec: BuiltinSpec, opts: BuiltinOptions): ToolEntry {
  return {
    name: spec.name,
    description: spec.description,
    inputSchema: spec.schema,
    rawInputSchema: spec.schema,
    source: { type: "builtin" },
    readOnly: spec.readOnly,
    ...(spec.preview !== undefined && { preview: spec.preview }),
    ...(spec.sandboxed !== undefined && { sandboxed: spec.sandboxed }),
    ...(spec.paths !== undefined && {
      outsideProject: (args: Record<string, unknown>) => {
        const reach = reachOf(opts.cwd, opts.addDirs);
        return reach.outside(spec.paths!(args));
      },
    }),
    ...(spec.subject !== undefined
      ? { subject: spec.subject }
      : spec.paths !== undefined && {
          // Real paths, as the reach check judges them: a link in the project to ~/.ssh meets Read(~/.ssh/**).
          subject: (args: Record<string, unknown>) => ({
            kind: spec.readOnly ? ("read" as const) : ("edit" as const),
            paths: spec.paths!(args).map((p) => realPathOf(resolvePath(opts.cwd, p))),
          }),
        }),
    async execute(args, ctx) {
      let r: ToolResult;
      try {
        r = await spec.run(new Args(spec.name, args), ctx);
      } catch (e) {
        const message = e instanceof ArgError ? e.message : `${spec.name} failed: ${errorText(e)}`;
        r = fail(message);
      }
      return finish(r, spec.name, opts);
    },
  };
}

/** Strips terminal controls and caps the text, saving the whole output when it is cut. */
function finish(r: ToolResult, label: string, opts: BuiltinOptions): ToolResult {
  const capped = capOutput(stripControl(r.text), {
    saveDir: opts.saveDir ?? join(tmpdir(), "codeagent-outputs"),
    label,
    ...(opts.maxChars !== undefined && { maxChars: opts.maxChars }),
  });
  return {
    ...r,
    text: capped.text,
    truncated: capped.truncated,
    ...(capped.savedTo !== undefined && { savedTo: capped.savedTo }),
  };
}

export function ok(text: string): ToolResult {
  return { text, isError: false, media: [], truncated: false };
}

export function fail(text: string): ToolResult {
  return { text, isError: true, media: [], truncated: false };
}

export function resolvePath(cwd: string, p: string): string {
  return isAbsolute(p) ? resolve(p) : resolve(cwd, p);
}

/** Typed access to the model's arguments; a wrong type throws ArgError naming the parameter. */
export class Args {
  constructor(
    private readonly tool: string,
    private readonly rawArgs: Record<string, unknown>,
  ) {}

  string(key: string): string {
    const v = this.rawArgs[key];
    if (typeof v !== "string") throw new ArgError(`${this.tool}: "${key}" is required and must be a string`);
    return v;
  }

  optString(key: string): string | undefined {
    const v = this.rawArgs[key];
    if (v === undefined || v === null) return undefined;
    if (typeof v !== "string") throw new ArgError(`${this.tool}: "${key}" must be a string`);
    return v;
  }

  optInt(key: string, min: number): number | undefined {
    const v = this.rawArgs[key];
    if (v === undefined || v === null) return undefined;
    const n = typeof v === "string" && v.trim() !== "" ? Number(v) : v;
    if (typeof n !== "number" || !Number.isInteger(n) || n < min) {
      throw new ArgError(`${this.tool}: "${key}" must be an integer >= ${min}`);
    }
    return n;
  }

  /** The argument as sent, for tools that validate structured values themselves. */
  raw(key: string): unknown {
    return this.rawArgs[key];
  }

  optBool(key: string): boolean | undefined {
    const v = this.rawArgs[key];
    if (v === undefined || v === null) return undefined;
    if (v === "true" || v === "false") return v === "true";
    if (typeof v !== "boolean") throw new ArgError(`${this.tool}: "${key}" must be true or false`);
    return v;
  }
}

/** `ENOENT: no such file…` → a short reason; other errors keep their message. */
export function errorText(e: unknown): string {
  const code = (e as { code?: unknown } | null)?.code;
  if (code === "ENOENT") return "no such file or directory";
  if (code === "EACCES" || code === "EPERM") return "permission denied by the file system";
  if (code === "EISDIR") return "is a directory";
  if (code === "ENOTDIR") return "a parent of the path is not a directory";
  return e instanceof Error ? e.message : String(e);
}

/** A NUL byte in the first 8 KiB means binary, as git and grep decide. */
export function looksBinary(buf: Uint8Array): boolean {
  const n = Math.min(buf.length, 8192);
  for (let i = 0; i < n; i++) if (buf[i] === 0) return true;
  return false;
}

/** `args[key]` when it is a non-empty string, else `fallback`: for `paths` of optional path arguments. */
export function pathArg(args: Record<string, unknown>, key: string, fallback?: string): string[] {
  const v = args[key];
  if (typeof v === "string" && v !== "") return [v];
  return fallback === undefined ? [] : [fallback];
}
