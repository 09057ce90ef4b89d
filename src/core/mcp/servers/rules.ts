// Pure decisions of the supervisors: a server's first state, the state an error puts it in, why a server cannot
// take a call, and which values of its config are secrets to mask.
import type { ServerConfig, ServerDefinition, VariableUse } from "../../config/types.js";
import type { VariableLookup } from "../../config/expand.js";
import { CodeagentError } from "../../errors.js";
import { approvalSubject } from "../../config/dotenv-boundary.js";
import { secretsOf } from "./mask.js";
import type { ServerState } from "./state.js";

export interface ApprovalChecker {
  isApproved(projectDir: string, name: string, raw: unknown): boolean;
}

export function initialState(
  def: ServerDefinition,
  opts: { cwd: string; approvals?: ApprovalChecker | undefined },
): ServerState {
  if (def.config?.disabled === true) return { status: "disabled" };
  if (
    def.scope === "project" &&
    opts.approvals?.isApproved(opts.cwd, def.name, approvalSubject(def)) !== true
  ) {
    return { status: "needs-approval" };
  }
  return { status: "starting", since: Date.now(), attempt: 0 };
}

/** The state an error leaves a server in: `needs-auth` (with the login to run) or `failed`; `mask` hides secrets. */
export function failedState(
  name: string,
  err: CodeagentError,
  mask: (t: string) => string,
  at: number,
): ServerState {
  const error = { code: err.code, message: mask(err.message) };
  if (err.code !== "NEEDS_AUTH") return { status: "failed", error, at };
  const hint = `codeagent mcp login ${name}`;
  if (!error.message.includes(hint)) error.message = `${error.message}; run ${hint}`;
  return { status: "needs-auth", error };
}

export function unavailable(name: string, state: ServerState): CodeagentError {
  switch (state.status) {
    case "starting":
      return new CodeagentError(
        "SERVER_UNAVAILABLE",
        `server "${name}" is still starting${sinceText(state.since)}: wait longer with --startup-wait MS, or ` +
          `raise "startupTimeoutMs" in its entry if it is slow to start (past it, the server fails with the reason)`,
      );
    case "failed":
      return new CodeagentError("SERVER_UNAVAILABLE", `server "${name}" failed: ${state.error.message}`);
    case "needs-auth":
      return new CodeagentError(
        "NEEDS_AUTH",
        `server "${name}" needs authorization: codeagent mcp login ${name}`,
      );
    case "disabled":
      return new CodeagentError("SERVER_UNAVAILABLE", `server "${name}" is disabled`);
    case "needs-approval":
      return new CodeagentError(
        "NEEDS_APPROVAL",
        `server "${name}" comes from this project's config and is not approved yet: codeagent mcp approve ${name}`,
      );
    case "ready":
      return new CodeagentError("SERVER_UNAVAILABLE", `server "${name}" lost its connection`);
    case "idle":
      return new CodeagentError(
        "SERVER_UNAVAILABLE",
        `server "${name}" is idle (lazy start): it starts on its first call, resource read or prompt`,
      );
  }
}

export function secretsFor(config: ServerConfig, uses: VariableUse[], lookup: VariableLookup): string[] {
  const values: Record<string, string | undefined> = {};
  for (const u of uses) {
    values[u.name] =
      lookup.env[u.name] ??
      lookup.defines[u.name] ??
      lookup.projectDotenv[u.name] ??
      lookup.userDotenv[u.name];
  }
  return secretsOf({
    ...(config.transport === "stdio"
      ? { env: config.env, args: config.args }
      : { headers: config.headers, url: config.url }),
    variables: values,
  });
}

function sinceText(since: number): string {
  const secs = Math.round((Date.now() - since) / 1000);
  return secs >= 1 ? ` (for ${secs} s)` : "";
}
