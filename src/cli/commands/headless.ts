// `codeagent -p PROMPT`: one agent turn without a terminal UI. stdout carries only the answer (or one JSON
// document with --output-format json); tool activity and warnings go to stderr. Exit codes: 0 answered,
// 1 the run failed or hit the step limit, 2 usage or no model provider, 130/143 interrupted.
import type { AgentEvent, TurnResult } from "../../core/agent/loop.js";
import { CodeagentError } from "../../core/errors.js";
import type { McpManager } from "../../core/mcp/manager.js";
import { argsPreview } from "../../core/permissions/gate.js";
import { stripControlLine } from "../../core/tools/strip-control.js";
import { createAgentHost, type AgentHostOptions } from "../agent-setup.js";
import { EXIT, errorDocument, printJson, warn, writeOut } from "../output.js";

export interface HeadlessOptions extends AgentHostOptions {
  print: string;
  outputFormat?: string;
}

interface CallRecord {
  name: string;
  args: unknown;
  isError: boolean;
  denied: boolean;
}

const SIGNAL_EXIT: Partial<Record<NodeJS.Signals, number>> = { SIGINT: 130, SIGTERM: 143, SIGHUP: 129 };
/** After Ctrl-C, how long the turn may take to wind down before servers are shut down regardless. */
const CANCEL_GRACE_MS = 3000;

export async function runHeadless(o: HeadlessOptions): Promise<number> {
  const format = o.outputFormat ?? (o.json === true ? "json" : "text");
  if (format !== "text" && format !== "json") {
    throw new CodeagentError("USAGE", `--output-format must be text or json, got "${format}"`);
  }
  if (o.print.trim() === "")
    throw new CodeagentError("USAGE", '-p needs a prompt, e.g. codeagent -p "explain src/main.ts"');
  const host = await createAgentHost(o, { interactive: false });
  for (const w of host.warnings) warn(w);
  if (host.agent !== undefined) for (const w of serverProblems(host.manager, host.ctx.startupWaitMs)) warn(w);
  const stop = new AbortController();
  let interrupted: NodeJS.Signals | undefined;
  const onSignal = (signal: NodeJS.Signals) => {
    if (interrupted !== undefined) process.exit(SIGNAL_EXIT[signal] ?? 130);
    interrupted = signal;
    warn(`\ncodeagent: ${signal === "SIGINT" ? "interrupted" : signal}; cancelling`);
    stop.abort(new Error(signal));
  };
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);
  process.on("SIGHUP", onSignal);
  try {
    if (host.agent === undefined) {
      const message = host.modelProblem ?? "No model provider is configured.";
      if (format === "json") await printJson(errorDocument("NO_PROVIDER", message));
      else warn(message);
      return EXIT.usage;
    }
    const calls = new Map<string, CallRecord>();
    const result = await Promise.race([
      host.agent.run(o.print, { signal: stop.signal, onEvent: (e) => report(e, calls) }),
      windDown(stop.signal),
    ]);
    if (interrupted !== undefined) {
      if (format === "json") await printJson(document(result, calls, host.model));
      return SIGNAL_EXIT[interrupted] ?? 130;
    }
    if (result.reason === "error") warn(`codeagent: ${result.error ?? "the run failed"}`);
    if (result.reason === "step-limit") {
      warn(
        `codeagent: stopped after ${result.steps} steps without a final answer; raise --max-steps to let it go on`,
      );
    }
    if (format === "json") await printJson(document(result, calls, host.model));
    else await writeOut(result.text);
    return result.reason === "stop" ? EXIT.ok : EXIT.failed;
  } finally {
    await host.shutdown();
    process.off("SIGINT", onSignal);
    process.off("SIGTERM", onSignal);
    process.off("SIGHUP", onSignal);
  }
}

/** Servers whose tools this run will not have, and why. */
function serverProblems(manager: McpManager, waitMs: number): string[] {
  return manager.snapshots().flatMap((s) => {
    switch (s.state.status) {
      case "failed":
      case "needs-auth":
        return [`mcp: server "${s.name}" is unavailable: ${s.error ?? s.state.status}`];
      case "starting":
        return [
          `mcp: server "${s.name}" is still starting after ${waitMs} ms; its tools are missing from this run (raise --startup-wait)`,
        ];
      case "needs-approval":
        return [
          `mcp: project server "${s.name}" is not approved; approve it with: codeagent mcp approve ${s.name}`,
        ];
      default:
        return [];
    }
  });
}

function document(r: TurnResult, calls: Map<string, CallRecord>, model: string | undefined) {
  return {
    result: r.text,
    steps: r.steps,
    reason: r.reason,
    ...(r.error !== undefined && { error: r.error }),
    toolCalls: [...calls.values()],
    model: model ?? null,
  };
}

/** Tool activity on stderr, one line per call and per result. */
function report(e: AgentEvent, calls: Map<string, CallRecord>): void {
  switch (e.type) {
    case "tool-call":
      calls.set(e.id, { name: e.name, args: e.args, isError: false, denied: false });
      warn(`[tool] ${e.name} ${argsPreview(e.args, 200)}`);
      break;
    case "tool-result": {
      const rec = calls.get(e.id);
      if (rec !== undefined) Object.assign(rec, { isError: e.result.isError, denied: e.denied });
      const first = stripControlLine(e.result.text.split("\n")[0] ?? "").slice(0, 200);
      warn(
        `[tool] ${e.name} → ${e.denied ? "denied" : e.result.isError ? "error" : "ok"}${first !== "" ? `: ${first}` : ""}`,
      );
      break;
    }
    case "warning":
      warn(`warning: ${stripControlLine(e.message)}`);
      break;
    default:
      break;
  }
}

/** Resolves (as a cancelled turn) only if the turn is still running well after Ctrl-C. */
function windDown(signal: AbortSignal): Promise<TurnResult> {
  return new Promise((resolve) => {
    signal.addEventListener(
      "abort",
      () => setTimeout(() => resolve({ text: "", reason: "cancelled", steps: 0 }), CANCEL_GRACE_MS).unref(),
      { once: true },
    );
  });
}
