// One tool call the way the agent makes it: look the name up, check the arguments' shape, ask the permission
// gate, then run the tool with the caller's signal, progress and media support. Every call ends in a result
// the model (or a code-mode script) can read — never a throw. The agent's steps and execute_code's inner calls
// both go through here, so an inner call is gated, pinned, timed and capped exactly like a direct one.
import { errorMessage } from "../errors.js";
import type { HookPermission, PermissionGate } from "../permissions/gate.js";
import type { ToolRegistry } from "./registry.js";
import type { InnerCallEvent, ToolEntry, ToolProgress, ToolResult } from "./types.js";

export interface GatedCall {
  /** The model's id of the call (hooks get it as `tool_use_id`). */
  id?: string;
  name: string;
  args: unknown;
  /** Set when the caller could not parse the call (unknown tool, arguments that are not JSON). */
  invalid?: string;
}

export interface GatedCallDeps {
  registry: Pick<ToolRegistry, "get">;
  /** Tools of the session that are not in the registry (search_tools). */
  extraTools?: ReadonlyMap<string, ToolEntry>;
  /** The permission gate; a library caller without one runs calls as `host.callTool` does, ungated. */
  gate?: Pick<PermissionGate, "check">;
  supportsMedia: boolean;
  signal?: AbortSignal;
  onProgress?: (p: ToolProgress) => void;
  onInnerCall?: (e: InnerCallEvent) => void;
  /** PreToolUse / PostToolUse hooks (§23); a library caller without them runs none. */
  hooks?: CallHooks;
}

/** What the hooks around a call said: the agent's hook runner gives these (hooks/runner.ts). */
export interface CallHooks {
  before(
    call: { id: string; name: string; args: unknown },
    signal?: AbortSignal,
  ): Promise<{ permission?: HookPermission; block?: string; context?: string[] }>;
  after(
    call: { id: string; name: string; args: unknown },
    result: ToolResult,
    signal?: AbortSignal,
  ): Promise<{ block?: string; context?: string[] }>;
}

export interface GatedOutcome {
  result: ToolResult;
  denied: boolean;
  /** Why the gate refused it (when `denied`); `planMode`: refused because plan mode is on. */
  denial?: { reason: string; planMode: boolean };
}

export const CANCELLED = "cancelled by the user before it finished";

export async function runGatedCall(call: GatedCall, deps: GatedCallDeps): Promise<GatedOutcome> {
  const done = (result: ToolResult, denied = false): GatedOutcome => ({ result, denied });
  if (call.invalid !== undefined) return done(errorResult(call.invalid));
  const entry = deps.registry.get(call.name) ?? deps.extraTools?.get(call.name);
  if (entry === undefined) {
    return done(
      errorResult(`there is no tool named "${call.name}" (any more); use one of the tools offered now`),
    );
  }
  const args = call.args ?? {};
  if (typeof args !== "object" || Array.isArray(args)) {
    return done(errorResult(`the arguments of ${call.name} must be a JSON object matching its input schema`));
  }
  const hookCall = { id: call.id ?? "", name: entry.name, args };
  const before = await deps.hooks?.before(hookCall, deps.signal);
  const context = [...(before?.context ?? [])];
  if (before?.permission?.decision === "deny") {
    const reason = `blocked by a PreToolUse hook: ${before.permission.reason}`;
    return { result: errorResult(reason), denied: true, denial: { reason, planMode: false } };
  }
  if (deps.gate !== undefined) {
    const server = entry.source.type === "mcp" ? entry.source.server : undefined;
    const outside = entry.outsideProject?.(args as Record<string, unknown>);
    const subject = entry.subject?.(args as Record<string, unknown>);
    const decision = await deps.gate.check(
      {
        tool: entry.name,
        ...(server !== undefined && { server }),
        readOnly: entry.readOnly,
        ...(entry.trust !== undefined && { trust: entry.trust }),
        ...(outside !== undefined && { outside }),
        ...(subject !== undefined && { subject }),
        ...(entry.source.type === "mcp" &&
          entry.serverScope !== undefined && { serverScope: entry.serverScope }),
        ...(entry.sandboxed !== undefined && { sandboxed: entry.sandboxed(args as Record<string, unknown>) }),
      },
      args,
      {
        ...(entry.preview !== undefined && {
          preview: () => entry.preview!(args as Record<string, unknown>),
        }),
        ...(before?.permission !== undefined && { hook: before.permission }),
      },
    );
    if (!decision.allowed) {
      const denial = { reason: decision.reason, planMode: decision.planMode === true };
      return { result: errorResult(deniedText(decision)), denied: true, denial };
    }
  }
  if (deps.signal?.aborted === true) return done(errorResult(CANCELLED));
  let result: ToolResult;
  try {
    result = await entry.execute(args as Record<string, unknown>, {
      ...(deps.signal !== undefined && { signal: deps.signal }),
      supportsMedia: deps.supportsMedia,
      ...(deps.onProgress !== undefined && { onProgress: deps.onProgress }),
      ...(deps.onInnerCall !== undefined && { onInnerCall: deps.onInnerCall }),
    });
  } catch (e) {
    // A throwing tool is a host fault, but the caller still gets an answer for its call.
    result = errorResult(`${call.name} failed: ${errorMessage(e)}`);
  }
  const after = await deps.hooks?.after(hookCall, result, deps.signal);
  if (after?.block !== undefined) context.push(`PostToolUse hook feedback:\n${after.block}`);
  context.push(...(after?.context ?? []));
  return done(withContext(result, context));
}

/** Hook output for the model goes after the tool's own result, labelled. */
function withContext(result: ToolResult, context: readonly string[]): ToolResult {
  if (context.length === 0) return result;
  return { ...result, text: `${result.text}\n\n<hook-output>\n${context.join("\n\n")}\n</hook-output>` };
}

/** The model reads why it may not run the call; a person's own words come through as they said them. */
export function deniedText(d: { reason: string; userMessage?: string }): string {
  if (d.userMessage === undefined) return `permission denied: ${d.reason}`;
  return `permission denied: the user declined this call and said: ${d.userMessage}`;
}

export function errorResult(text: string): ToolResult {
  return { text, isError: true, media: [], truncated: false };
}
