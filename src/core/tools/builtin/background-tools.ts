// The model's side of background jobs: `bash` with run_in_background starts one, `bash_output {id}` reads
// what is new (with status and exit code), `kill_bash {id}` ends its process group.
import { bashEnv } from "./bash-env.js";
import type { CommandSandbox } from "../../sandbox/command-sandbox.js";
import type { Confined } from "../../sandbox/sandbox.js";
import type { ObjectSchema } from "../../schema/sanitize.js";
import type { ToolEntry, ToolResult } from "../types.js";
import type { JobRead } from "./background.js";
import { defineBuiltin, fail, ok, type BuiltinOptions } from "./common.js";

const ID_SCHEMA: ObjectSchema = {
  type: "object",
  properties: { id: { type: "string", description: "The job id that bash returned, e.g. bash_1" } },
  required: ["id"],
};

export async function startInBackground(
  command: string,
  opts: BuiltinOptions,
  sandbox?: CommandSandbox,
): Promise<ToolResult> {
  if (opts.jobs === undefined) return fail("bash: background jobs are not available in this host.");
  // Background commands get the same filtered environment as foreground ones (§8.4).
  const env = bashEnv(opts.env ?? process.env, opts.bashEnv);
  let confined: Confined | undefined;
  try {
    confined = await sandbox?.confine({ command: "bash", args: ["-c", command], env, cwd: opts.cwd });
  } catch (e) {
    return fail(`bash could not be sandboxed: ${e instanceof Error ? e.message : String(e)}`);
  }
  // In the sandbox, the job's pid namespace ends whatever it started when it ends (§18.4).
  const r = opts.jobs.start(command, { cwd: opts.cwd, env, ...(confined !== undefined && { confined }) });
  if ("error" in r) return fail(`bash could not be started: ${r.error}`);
  return ok(
    `Started in the background as ${r.id}. Read its output with bash_output {"id":"${r.id}"}; ` +
      `stop it with kill_bash {"id":"${r.id}"}. It is ended when the session ends.`,
  );
}

export function bashOutputTool(opts: BuiltinOptions): ToolEntry {
  return defineBuiltin(
    {
      name: "bash_output",
      description:
        "Reads the output a background bash job printed since the last read, with its status " +
        "(running, exited, killed) and exit code. Never waits.",
      schema: ID_SCHEMA,
      // Reading what an approved command printed changes nothing.
      readOnly: true,
      async run(args) {
        const id = args.string("id");
        const r = opts.jobs?.read(id);
        if (r === undefined) return fail(unknownJob(id, opts));
        return ok(describeRead(r));
      },
    },
    opts,
  );
}

export function killBashTool(opts: BuiltinOptions): ToolEntry {
  return defineBuiltin(
    {
      name: "kill_bash",
      description: "Stops a background bash job and every process it started (its whole process group).",
      schema: ID_SCHEMA,
      // Needs no approval of its own: it can only stop a job this session started, with a bash call that was
      // approved, and it changes nothing that was there before (like todo_write, outside the session nothing).
      readOnly: true,
      async run(args) {
        const id = args.string("id");
        const jobs = opts.jobs;
        if (jobs === undefined || !jobs.has(id)) return fail(unknownJob(id, opts));
        const before = jobs.read(id);
        if (before !== undefined && before.status !== "running") {
          return ok(`${id} had already ended.\n${describeRead(before)}`);
        }
        await jobs.kill(id);
        const after = jobs.read(id);
        return ok(`Killed ${id}.${after !== undefined ? `\n${describeRead(after)}` : ""}`);
      },
    },
    opts,
  );
}

/** Pure: the text the model reads for one bash_output call. */
export function describeRead(r: JobRead): string {
  const status =
    r.status === "running"
      ? "running"
      : r.status === "exited"
        ? `exited with code ${r.exitCode ?? 0}`
        : r.status === "killed"
          ? `killed${r.signal !== undefined ? ` (${r.signal})` : ""}`
          : "failed to start";
  const lines = [`[${r.id}: ${status}]`];
  if (r.dropped > 0) lines.push(`[${r.dropped} earlier characters dropped]`);
  const body = r.output.replace(/\n$/, "");
  lines.push(body === "" ? "(no new output)" : body);
  return lines.join("\n");
}

function unknownJob(id: string, opts: BuiltinOptions): string {
  const ids = opts.jobs?.ids() ?? [];
  return (
    `There is no background job "${id}"` +
    (ids.length > 0
      ? `; the jobs of this session: ${ids.join(", ")}.`
      : "; none was started in this session.")
  );
}
