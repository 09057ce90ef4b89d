// `codeagent -p [PROMPT]`: one agent turn without a terminal UI. stdout carries only the answer (or one JSON
// document with --output-format json, or one JSON event a line with stream-json); tool activity and
// warnings go to stderr. The turn is saved as a session (§10) that `--continue` / `--resume ID` pick up.
// Exit codes: 0 answered, 1 the run failed or hit the step limit, 2 usage or no model provider, 3 a call was
// refused for want of permission (listed in `permission_denials`), 5 the model provider failed (unreachable, timed out, refused or kept failing; the stream was cut), 130/143 interrupted.
import { expandSlash } from "../slash-skill.js";
import type { AgentEvent, TurnResult } from "../../core/agent/loop.js";
import { CodeagentError } from "../../core/errors.js";
import type { McpManager } from "../../core/mcp/servers/manager.js";
import { argsPreview } from "../../core/permissions/gate.js";
import { printable } from "../../core/text/printable.js";
import { createAgentHost, type AgentHostOptions } from "../agent-host.js";
import { pinNotice } from "../../core/pinning/notice.js";
import { EXIT, errorDocument, exitCodeForCode, printJson, safeJson, warn, writeOut } from "../output.js";
import { retryText } from "../../core/agent/request-step.js";
import { openSession, sessionStore, type SessionFlags } from "../session-setup.js";
import { readPrompt } from "../stdin.js";
import { CANCEL_GRACE_MS } from "../session.js";
import { StreamJsonPrinter } from "./stream-json.js";
import { CostMeter } from "../../core/cost/meter.js";
import { unknownPriceText } from "../../core/cost/cost.js";
import { permissionDenials, resultDocument, type CallRecord } from "./result-document.js";

export interface HeadlessOptions extends AgentHostOptions, SessionFlags {
  /** The PROMPT argument (undefined or "-": stdin is the prompt). */
  print: string | undefined;
  outputFormat?: string;
  includePartialMessages?: boolean;
}

const FORMATS = ["text", "json", "stream-json"];

const SIGNAL_EXIT: Partial<Record<NodeJS.Signals, number>> = { SIGINT: 130, SIGTERM: 143, SIGHUP: 129 };

export async function runHeadless(o: HeadlessOptions): Promise<number> {
  const started = Date.now();
  const format = o.outputFormat ?? (o.json === true ? "json" : "text");
  if (!FORMATS.includes(format)) {
    throw new CodeagentError("USAGE", `--output-format must be text, json or stream-json, got "${format}"`);
  }
  if (o.includePartialMessages === true && format !== "stream-json")
    throw new CodeagentError("USAGE", "--include-partial-messages needs --output-format stream-json");
  const prompt = await readPrompt(o.print, { warn });
  const host = await createAgentHost(o, { interactive: false });
  for (const w of host.warnings) warn(w);
  if (host.agent !== undefined) for (const w of serverProblems(host.manager, host.ctx.startupWaitMs)) warn(w);
  // Changed tool definitions are withheld (§16): say so now, and again if a server changes them mid-turn.
  const pinWarn = (server: string) => {
    const strict = host.ctx.config.servers.find((d) => d.name === server)?.config?.pinning === "strict";
    const n = pinNotice(server, host.pins.changes(server), { strict });
    if (n !== undefined) warn(`codeagent: ${n}`);
  };
  if (host.agent !== undefined) for (const name of host.manager.names()) pinWarn(name);
  host.pins.on("changes", pinWarn);
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
  let sessionStarted = false;
  try {
    if (host.agent === undefined) {
      const message = host.modelProblem ?? "No model provider is configured.";
      if (format === "json") await printJson(errorDocument("NO_PROVIDER", message));
      else if (format === "stream-json")
        await writeOut(
          safeJson({
            type: "result",
            subtype: "error_during_execution",
            is_error: true,
            ...errorDocument("NO_PROVIDER", message),
          }),
        );
      else warn(message);
      return EXIT.usage;
    }
    const session = openSession({
      store: sessionStore(host.ctx.env),
      cwd: host.ctx.cwd,
      ...(host.model !== undefined && { model: host.model }),
      flags: o,
    });
    for (const n of session.notices) warn(`codeagent: ${n}`);
    session.writer.onWriteError = (m) => warn(`codeagent: ${m}`);
    if (session.resumed !== undefined) host.agent.load(session.resumed.messages);
    host.agent.setLog(session.writer);
    const sessionId = session.writer.id;
    host.hooks.onNotice = (m) => warn(`codeagent: ${m}`);
    host.hooks.setSession(sessionId, session.writer.file);
    await host.hooks.sessionStart(session.resumed !== undefined ? "resume" : "startup");
    sessionStarted = true;
    const stream =
      format === "stream-json"
        ? new StreamJsonPrinter({
            sessionId,
            partial: o.includePartialMessages === true,
            write: (line) => process.stdout.write(line),
          })
        : undefined;
    stream?.init({
      cwd: host.ctx.cwd,
      model: host.model ?? null,
      tools: host.registry.list().map((t) => t.name),
      mcp_servers: host.manager.snapshots().map((s) => ({ name: s.name, status: s.state.status })),
      permissionMode: o.permissionMode ?? "default",
      resumed: session.resumed !== undefined,
    });
    const calls = new Map<string, CallRecord>();
    let apiMs = 0;
    // `-p "/NAME ARGS"`: a skill or custom command becomes the message (§21).
    const slash = await expandSlash(host, prompt, { signal: stop.signal });
    for (const n of slash?.notes ?? []) warn(`codeagent: ${n}`);
    const result = await Promise.race([
      host.agent.run(slash?.text ?? prompt, {
        signal: stop.signal,
        onEvent: (e) => {
          if (e.type === "step-finish") apiMs += e.durationMs ?? 0;
          report(e, calls);
          stream?.event(e);
        },
      }),
      windDown(stop.signal),
    ]).finally(() => slash?.release());
    // A run is one turn of one model: its usage (sub-agents' included) priced at that model.
    const meter = new CostMeter(host.prices);
    meter.add(result.usage, host.model);
    if (format !== "text") for (const m of meter.unpriced) warn(`codeagent: ${unknownPriceText(m)}`);
    const doc = () =>
      resultDocument(result, calls, {
        sessionId,
        durationMs: Date.now() - started,
        apiMs,
        model: host.model,
        meter,
      });
    if (interrupted !== undefined) {
      if (format === "json") await printJson(doc());
      if (stream !== undefined) stream.result(doc());
      return SIGNAL_EXIT[interrupted] ?? 130;
    }
    if (result.errorCode === "TOO_MANY_TOOLS") {
      // A configuration problem found before any request: reported like other config errors (exit 2).
      const message = result.error ?? "too many tools";
      if (format === "json") await printJson({ error: { code: result.errorCode, message } });
      else warn(`codeagent: ${message}`);
      if (stream !== undefined) stream.result(doc());
      return EXIT.usage;
    }
    if (result.reason === "error") warn(`codeagent: ${result.error ?? "the run failed"}`);
    if (result.reason === "step-limit") {
      warn(
        `codeagent: stopped after ${result.steps} steps without a final answer; raise --max-steps to let it go on`,
      );
    }
    const denials = permissionDenials(calls);
    for (const d of denials) warn(`codeagent: ${d.tool_name} was refused: ${d.reason}`);
    if (format === "json") await printJson(doc());
    else if (stream !== undefined) stream.result(doc());
    else await writeOut(result.text);
    if (result.reason === "error") return exitCodeForCode(result.errorCode);
    // A refused call makes the run a refused one, whatever the model made of it: CI must not read it as done.
    if (denials.length > 0) return EXIT.refused;
    return result.reason === "stop" ? EXIT.ok : EXIT.failed;
  } finally {
    if (sessionStarted) await host.hooks.run("SessionEnd", { reason: "other" });
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
          `mcp: server "${s.name}" is still starting after ${waitMs} ms; its tools join this run once it is ready (--startup-wait MS waits longer before the first request)`,
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

/** Tool activity on stderr, one line per call and per result. */
function report(e: AgentEvent, calls: Map<string, CallRecord>): void {
  // A script's inner calls (execute_code): a line each on stderr, under the call that runs them.
  if (e.type === "tool-call" && e.parentId !== undefined) {
    warn(`[tool]   ↳ ${e.name} ${argsPreview(e.args, 200)}`);
    return;
  }
  if (e.type === "tool-result" && e.parentId !== undefined) {
    const first = printable(e.result.text.split("\n")[0] ?? "", 200);
    warn(`[tool]   ↳ ${e.name} → ${e.denied ? "denied" : e.result.isError ? "error" : "ok"}: ${first}`);
    return;
  }
  switch (e.type) {
    case "tool-call":
      calls.set(e.id, { name: e.name, args: e.args, isError: false, denied: false });
      warn(`[tool] ${e.name} ${argsPreview(e.args, 200)}`);
      break;
    case "tool-result": {
      const rec = calls.get(e.id);
      if (rec !== undefined) {
        Object.assign(rec, { isError: e.result.isError, denied: e.denied });
        if (e.denied) {
          rec.reason = e.denial?.reason ?? "refused by the permission gate";
          if (e.denial?.planMode === true) rec.planMode = true;
        }
      }
      const first = printable(e.result.text.split("\n")[0] ?? "", 200);
      warn(
        `[tool] ${e.name} → ${e.denied ? "denied" : e.result.isError ? "error" : "ok"}${first !== "" ? `: ${first}` : ""}`,
      );
      break;
    }
    case "warning":
      warn(`warning: ${e.message}`);
      break;
    case "retry":
      warn(`codeagent: ${retryText(e)}`);
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
      () =>
        setTimeout(
          () =>
            resolve({ text: "", reason: "cancelled", steps: 0, usage: { inputTokens: 0, outputTokens: 0 } }),
          CANCEL_GRACE_MS,
        ).unref(),
      { once: true },
    );
  });
}
