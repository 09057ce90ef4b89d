// Runs a script whose `tools.NAME(args)` are the registry's tools. Every inner call goes through the same
// gated path as the agent's own calls (tools/gated-call.ts): permission gate, pins (a withheld tool is not in
// the registry), the server's timeouts, cancellation, progress and output caps. A refused or failed call
// rejects in the script; a successful one resolves with the structured result when the tool gives one, else
// its text. The agent's `execute_code` tool and the library's `host.executeCode` both run here.
import { randomUUID } from "node:crypto";
import type { PermissionGate } from "../permissions/gate.js";
import { runGatedCall } from "../tools/gated-call.js";
import type { ToolRegistry } from "../tools/registry.js";
import type { InnerCallEvent } from "../tools/types.js";
import { outcomeText } from "./format.js";
import { runScript, type CallAnswer, type ScriptOutcome } from "./isolate.js";
import type { CodeLimits } from "./limits.js";

export const EXECUTE_CODE_TOOL = "execute_code";
/** Tools a script cannot call: itself, and the sub-agent (a whole agent loop per inner call). */
const NOT_BOUND = new Set([EXECUTE_CODE_TOOL, "task"]);

export interface CodeRunDeps {
  registry: Pick<ToolRegistry, "list" | "get" | "lookup">;
  /** Inner calls ask this gate as direct calls do; without one they run as `host.callTool` does. */
  gate?: Pick<PermissionGate, "check">;
  limits: CodeLimits;
}

export interface CodeRunOptions {
  signal?: AbortSignal;
  /** Each inner call as it starts, progresses and ends. */
  onInnerCall?: (e: InnerCallEvent) => void;
}

export interface CodeRunResult extends ScriptOutcome {
  /** Console output and return value, or the error, as the model reads it (capped). */
  text: string;
  isError: boolean;
  truncated: boolean;
}

/** The names a script can call: every registered tool but execute_code and task. */
export function boundNames(registry: Pick<ToolRegistry, "list">): string[] {
  return registry
    .list()
    .map((t) => t.name)
    .filter((n) => !NOT_BOUND.has(n));
}

export async function executeCode(
  code: string,
  deps: CodeRunDeps,
  o: CodeRunOptions = {},
): Promise<CodeRunResult> {
  const names = boundNames(deps.registry);
  const prefix = randomUUID().slice(0, 8);
  let n = 0;
  const call = async (name: string, args: unknown, signal: AbortSignal): Promise<CallAnswer> => {
    const id = `${prefix}-${++n}`;
    const refused = NOT_BOUND.has(name) ? notCallable(name) : unregistered(deps.registry, name);
    if (refused !== undefined) return refused;
    o.onInnerCall?.({ type: "call", id, name, args });
    const { result, denied } = await runGatedCall(
      { name, args },
      {
        registry: deps.registry,
        ...(deps.gate !== undefined && { gate: deps.gate }),
        supportsMedia: false,
        signal,
        onProgress: (progress) => o.onInnerCall?.({ type: "progress", id, progress }),
      },
    );
    o.onInnerCall?.({ type: "result", id, name, result, denied });
    if (denied) return { ok: false, code: "PERMISSION_DENIED", message: result.text };
    if (result.isError) return { ok: false, code: result.error?.code ?? "TOOL_ERROR", message: result.text };
    return { ok: true, value: result.structuredContent ?? result.text };
  };
  const outcome = await runScript(code, { names, call }, deps.limits, {
    ...(o.signal !== undefined && { signal: o.signal }),
  });
  const { text, truncated } = outcomeText(outcome, deps.limits.maxOutputChars);
  return { ...outcome, text, isError: outcome.error !== undefined, truncated };
}

/** Why a script cannot call a name the registry does not hold: withheld by the pins (§16), or unknown. */
function unregistered(registry: Pick<ToolRegistry, "get" | "lookup">, name: string): CallAnswer | undefined {
  if (registry.get(name) !== undefined) return undefined;
  const found = registry.lookup(name);
  if (found.found === "skipped" && found.withheld)
    return {
      ok: false,
      code: "TOOL_CHANGED",
      message: `tool ${name} changed since it was approved and is withheld: ${found.reason}`,
    };
  if (found.found === "skipped")
    return { ok: false, code: "UNKNOWN_TOOL", message: `tool ${name} is not available: ${found.reason}` };
  return {
    ok: false,
    code: "UNKNOWN_TOOL",
    message: `there is no tool named ${name}; find tools and their exact names with search_tools`,
  };
}

function notCallable(name: string): CallAnswer {
  return { ok: false, code: "UNKNOWN_TOOL", message: `${name} cannot be called from a script` };
}
