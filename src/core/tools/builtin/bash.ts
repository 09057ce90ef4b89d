// bash: runs a command with `bash -c` in the project directory, in its own process group so a timeout or
// Ctrl-C ends everything it started. stdout and stderr are merged in arrival order; the exit code is reported.
import { bashPreview } from "./previews.js";
import { spawn } from "node:child_process";
import { terminateTree } from "../../mcp/stdio/process-tree.js";
import type { ToolEntry, ToolResult } from "../types.js";
import { bashEnv } from "./bash-env.js";
import { startInBackground } from "./background-tools.js";
import { defineBuiltin, fail, type BuiltinOptions } from "./common.js";
import type { CommandSandbox } from "../../sandbox/command-sandbox.js";
import type { Confined, SpawnSpec } from "../../sandbox/sandbox.js";

export const DEFAULT_TIMEOUT_MS = 120_000;
export const MAX_TIMEOUT_MS = 600_000;
/** What is kept in memory; capOutput cuts far below this for the model and saves the rest. */
const MAX_BUFFER_CHARS = 8 * 1024 * 1024;
/** After the shell exits, how long to wait for background children still holding the pipes. */
const DRAIN_MS = 300;

export function bashTool(opts: BuiltinOptions): ToolEntry {
  return defineBuiltin(
    {
      name: "bash",
      description:
        "Runs a shell command with bash -c in the project directory and returns its combined stdout/stderr and " +
        `exit code. stdin is closed, so interactive commands fail. Default timeout ${DEFAULT_TIMEOUT_MS / 1000} s ` +
        `(timeout_ms, at most ${MAX_TIMEOUT_MS / 1000} s); on timeout the whole process group is killed. ` +
        "With run_in_background it returns a job id at once (read with bash_output, stop with kill_bash). " +
        "Prefer read_file, grep, glob and edit_file over cat, grep, find and sed.",
      schema: {
        type: "object",
        properties: {
          command: { type: "string", description: "The command line" },
          timeout_ms: {
            type: "integer",
            description: `Timeout in milliseconds (default ${DEFAULT_TIMEOUT_MS})`,
            minimum: 1,
          },
          run_in_background: {
            type: "boolean",
            description:
              "Start the command and return its id at once (for servers and watchers); read its output " +
              "with bash_output and stop it with kill_bash",
          },
          dangerously_disable_sandbox: {
            type: "boolean",
            description:
              "Run outside the OS sandbox (which hides credentials, allows writes only in the project and temp, " +
              "and no network). Only when the command failed because the sandbox denied it; needs `reason`, " +
              "and the user is asked",
          },
          reason: {
            type: "string",
            description: "Why the command must leave the sandbox (shown to the user)",
          },
        },
        required: ["command"],
      },
      readOnly: false,
      preview: (a) => bashPreview(a),
      subject: (a) => (typeof a.command === "string" ? { kind: "command", command: a.command } : undefined),
      sandboxed: (a) => sandboxedCall(opts, a),
      async run(args, ctx) {
        const command = args.string("command");
        const timeoutMs = Math.min(args.optInt("timeout_ms", 1) ?? DEFAULT_TIMEOUT_MS, MAX_TIMEOUT_MS);
        if (command.trim() === "") return fail('bash: "command" is empty.');
        const leave = args.optBool("dangerously_disable_sandbox") === true;
        if (leave && (args.optString("reason") ?? "").trim() === "")
          return fail(
            'bash: dangerously_disable_sandbox needs a "reason" saying why the sandbox must be left.',
          );
        const sandbox = leave || opts.sandbox?.active !== true ? undefined : opts.sandbox;
        if (args.optBool("run_in_background") === true) return startInBackground(command, opts, sandbox);
        return runCommand(command, {
          cwd: opts.cwd,
          // Never the agent's keys or secret-named variables (§8.4); `bash.env` in the settings adds more.
          env: { ...bashEnv(opts.env ?? process.env, opts.bashEnv), ...opts.jobs?.markEnv() },
          timeoutMs,
          ...(ctx.signal && { signal: ctx.signal }),
          ...(sandbox !== undefined && { sandbox }),
        });
      },
    },
    opts,
  );
}

/** Whether this call will run inside the sandbox (the permission gate's `sandboxed`, §18.4). */
export function sandboxedCall(opts: BuiltinOptions, args: Record<string, unknown>): boolean {
  return opts.sandbox?.active === true && args.dangerously_disable_sandbox !== true;
}

interface RunOptions {
  cwd: string;
  env: Readonly<Record<string, string | undefined>>;
  timeoutMs: number;
  signal?: AbortSignal;
  /** Run confined (§18.4); what the proxy refused is appended to the output. */
  sandbox?: CommandSandbox;
}

export async function runCommand(command: string, o: RunOptions): Promise<ToolResult> {
  if (o.signal?.aborted === true) return fail("bash: cancelled before it started.");
  const denied: string[] = [];
  const spec = { command: "bash", args: ["-c", command], env: definedEnv(o.env), cwd: o.cwd };
  let confined: Confined | undefined;
  try {
    confined = await o.sandbox?.confine(spec, (target, why) => denied.push(`${target} (${why})`));
  } catch (e) {
    return fail(`bash could not be sandboxed: ${e instanceof Error ? e.message : String(e)}`);
  }
  const run = confined ?? spec;
  try {
    const r = await runSpawned(run, o);
    if (denied.length === 0) return r;
    const note = `[the sandbox denied network access to ${[...new Set(denied)].join(", ")}; if the command needs it, retry with dangerously_disable_sandbox and a reason]`;
    return { ...r, text: `${r.text}\n${note}` };
  } finally {
    await confined?.release();
  }
}

export function definedEnv(env: Readonly<Record<string, string | undefined>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(env)) if (v !== undefined) out[k] = v;
  return out;
}

async function runSpawned(spec: SpawnSpec, o: RunOptions): Promise<ToolResult> {
  const child = spawn(spec.command, spec.args, {
    cwd: spec.cwd ?? o.cwd,
    env: spec.env,
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let output = "";
  let dropped = 0;
  const take = (chunk: Buffer) => {
    const s = chunk.toString("utf8");
    if (output.length + s.length <= MAX_BUFFER_CHARS) output += s;
    else dropped += s.length;
  };
  child.stdout.on("data", take);
  child.stderr.on("data", take);
  let stopped: "timeout" | "cancelled" | undefined;
  let killing: Promise<unknown> | undefined;
  const stop = (why: "timeout" | "cancelled") => {
    if (stopped !== undefined || child.pid === undefined) return;
    stopped = why;
    killing = terminateTree(child.pid, { graceMs: 1000 }).catch(() => undefined);
  };
  const timer = setTimeout(() => stop("timeout"), o.timeoutMs);
  const onAbort = () => stop("cancelled");
  o.signal?.addEventListener("abort", onAbort, { once: true });
  const closed = new Promise<void>((r) => child.once("close", () => r()));
  let exit: { code: number | null; signal: NodeJS.Signals | null } | { error: Error };
  try {
    exit = await new Promise((resolve) => {
      child.once("error", (error) => resolve({ error }));
      child.once("exit", (code, signal) => resolve({ code, signal }));
    });
    await Promise.race([closed, new Promise((r) => setTimeout(r, DRAIN_MS))]);
    // The tree is gone before the result says so.
    await killing;
  } finally {
    clearTimeout(timer);
    o.signal?.removeEventListener("abort", onAbort);
    child.stdout.destroy();
    child.stderr.destroy();
  }
  if ("error" in exit) return fail(`bash could not be started: ${exit.error.message}`);
  const body =
    output.replace(/\n$/, "") + (dropped > 0 ? `\n[${dropped} more characters of output dropped]` : "");
  const head = body === "" ? "(no output)" : body;
  if (stopped === "timeout")
    return fail(`${head}\n[killed: timed out after ${o.timeoutMs} ms; raise timeout_ms if it needs longer]`);
  if (stopped === "cancelled") return fail(`${head}\n[cancelled by the user]`);
  if (exit.signal !== null) return fail(`${head}\n[terminated by ${exit.signal}]`);
  const code = exit.code ?? 0;
  return { text: `${head}\n[exit code ${code}]`, isError: code !== 0, media: [], truncated: false };
}
