// `host.executeCode(code, opts)` (§17, §20.2): a script run against the host's registered tools, for agents
// that offer code mode over codeagent's host. Inner calls take the host's direct path (as `host.callTool`);
// pass `gate` to have each one asked first, as the CLI's agent does.
import type { CodeRunResult } from "../code-mode/execute-code.js";
import { parseCodeLimits, type CodeLimits } from "../code-mode/limits.js";
import { CodeagentError } from "../errors.js";
import type { PermissionGate } from "../permissions/gate.js";
import type { ToolRegistry } from "../tools/registry.js";
import type { InnerCallEvent } from "../tools/types.js";

export interface ExecuteCodeOptions {
  /** Aborting stops the script and cancels its unfinished tool calls. */
  signal?: AbortSignal;
  /** Any of the limits (defaults: code-mode/limits.ts, `DEFAULT_CODE_LIMITS`). */
  limits?: Partial<CodeLimits>;
  /** Asked before every inner call; a refusal rejects in the script with its reason. */
  gate?: Pick<PermissionGate, "check">;
  /** Each inner call as it starts, progresses and ends. */
  onCall?: (e: InnerCallEvent) => void;
}

export function hostExecuteCode(registry: ToolRegistry) {
  return (code: string, o: ExecuteCodeOptions = {}): Promise<CodeRunResult> => {
    if (typeof code !== "string")
      return Promise.reject(new CodeagentError("INVALID_ARGUMENTS", "executeCode: code must be a string"));
    const limits = parseCodeLimits(o.limits ?? {}, "executeCode({ limits })");
    if (!limits.ok) return Promise.reject(new CodeagentError("INVALID_ARGUMENTS", limits.message));
    // Code mode's engine loads with the first script: a host that never runs one (mcp list) never pays for it.
    return import("../code-mode/execute-code.js").then(({ executeCode }) =>
      executeCode(
        code,
        { registry, limits: limits.limits, ...(o.gate !== undefined && { gate: o.gate }) },
        {
          ...(o.signal !== undefined && { signal: o.signal }),
          ...(o.onCall !== undefined && { onInnerCall: o.onCall }),
        },
      ),
    );
  };
}
