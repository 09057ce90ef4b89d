// The stdio transport's spawn hook (§18.3): a server confined by its policy, every denied connection told to
// its log (and quoted if the server then fails), and a sandbox that cannot start (§18.5) either refused
// ("required"), or — for a server that asked for it or has it by default — started unconfined only once the
// user says so (`unconfined`), never silently; without anyone to ask it is refused, naming the way out.
import { CodeagentError } from "../errors.js";
import { describePolicy, type PolicyContext, type SandboxPolicy, type SandboxSetting } from "./policy.js";
import { unavailableWarning } from "./probe.js";
import type { Confined, Sandbox, SpawnSpec } from "./sandbox.js";
import { serverPolicy, serverSandboxMode } from "./server-policy.js";

/** What to spawn instead of `spec`; `note` takes a line for the server's log and its exit error. */
export type Confine = (spec: SpawnSpec, note: (text: string) => void) => Promise<Confined>;

/** The session's sandbox and what its policies are made from; shared by all servers. */
export interface ServerSandboxing {
  sandbox: Sandbox;
  context: PolicyContext;
  /**
   * The sandbox is unavailable and this server would be confined: may it start unconfined? (The session asks
   * the user; `--no-sandbox` says yes.) Absent: refused.
   */
  unconfined?: (server: string, why: string) => Promise<boolean>;
}

export interface ServerFacts {
  name: string;
  scope: "user" | "project" | "local" | "cli";
  setting: SandboxSetting | undefined;
  /** Where relative paths in the policy resolve (the directory of the config file). */
  baseDir: string;
}

/**
 * The hook for one server, or undefined when it runs unconfined: sandbox off for it, or unavailable and not
 * required (then `onUnconfined` hears why, once per start).
 */
export function serverConfine(
  s: ServerSandboxing,
  f: ServerFacts,
  onUnconfined: (text: string) => void,
): Confine | undefined {
  const mode = serverSandboxMode(f.setting, f.scope);
  if (mode === "off") return undefined;
  const a = s.sandbox.availability();
  if (!a.ok) {
    if (mode === "required")
      return () =>
        Promise.reject(
          new CodeagentError(
            "SANDBOX_UNAVAILABLE",
            `server "${f.name}" has "sandbox": "required" and the sandbox is unavailable: ${a.reason}; to fix it, ${a.install}`,
          ),
        );
    const why = unavailableWarning(a);
    const ask = s.unconfined;
    return async (spec) => {
      if (ask === undefined || !(await ask(f.name, why)))
        throw new CodeagentError(
          "SANDBOX_UNAVAILABLE",
          `server "${f.name}" runs in the OS sandbox, which is unavailable: ${a.reason}; to fix it, ${a.install}` +
            (ask === undefined
              ? `; to run it unconfined anyway, pass --no-sandbox or set "sandbox": false in its entry`
              : "; it was not allowed to start unconfined"),
        );
      onUnconfined(`${why} Started unconfined, as allowed.`);
      return { ...spec, release: () => Promise.resolve() };
    };
  }
  return async (spec, note) => {
    const policy = serverPolicy(spec, f.setting, { ...s.context, baseDir: f.baseDir });
    note(`sandbox: ${describePolicy(policy)}`);
    return s.sandbox.confine(spec, policy, {
      onDenied: (target, why) =>
        note(
          `the sandbox denied a connection to ${target} (${why}); to allow it, add "${target}" to ` +
            `"sandbox": { "network": { "allow": [...] } } of server "${f.name}"`,
        ),
    });
  };
}

/** What `mcp get` and `/mcp` show of a server's sandbox: its mode, and the policy when it is confined. */
export interface SandboxView {
  mode: "off" | "on" | "required";
  policy: SandboxPolicy | null;
  /** One line: `on — writes …; network …; credentials hidden`, or why it is off. */
  text: string;
}

export function serverSandboxView(
  f: ServerFacts,
  entry: { command: string; args: readonly string[]; env: Record<string, string> } | undefined,
  context: PolicyContext,
): SandboxView {
  if (entry === undefined) return { mode: "off", policy: null, text: "off (not a stdio server)" };
  const mode = serverSandboxMode(f.setting, f.scope);
  if (mode === "off") {
    const why =
      f.setting === false ? '"sandbox": false' : 'the default for --mcp-config files; set "sandbox": true';
    return { mode, policy: null, text: `off (${why})` };
  }
  const policy = serverPolicy(entry, f.setting, { ...context, baseDir: f.baseDir });
  return { mode, policy, text: `${mode} — ${describePolicy(policy)}` };
}
