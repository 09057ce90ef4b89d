// The sandbox of the `bash` tool, its background jobs and `!cmd` (§18.4): on by default where a sandbox can
// start, off with `"sandbox": { "enabled": false }` in the user's settings or `--no-sandbox`. Commands get the
// default policy plus the settings' additions; a command the model asks to run outside goes through the prompt.
import {
  defaultPolicy,
  withAdditions,
  type PolicyContext,
  type SandboxAdditions,
  type SandboxPolicy,
} from "./policy.js";
import type { SandboxAvailability } from "./probe.js";
import type { Confined, Sandbox, SpawnSpec } from "./sandbox.js";

export interface CommandSandbox {
  /** Commands run sandboxed: enabled, and a sandbox can start here. */
  readonly active: boolean;
  readonly policy: SandboxPolicy;
  confine(spec: SpawnSpec, onDenied?: (target: string, why: string) => void): Promise<Confined>;
}

export interface CommandSandboxOptions {
  sandbox: Sandbox;
  context: PolicyContext;
  /** False: `"sandbox": {"enabled": false}` or `--no-sandbox`. */
  enabled: boolean;
  /** The user's settings' `sandbox.filesystem` / `sandbox.network`. */
  additions?: SandboxAdditions;
}

export function commandSandbox(
  o: CommandSandboxOptions,
): CommandSandbox & { availability: () => SandboxAvailability } {
  const policy = withAdditions(defaultPolicy(o.context), o.additions, {
    home: o.context.home,
    baseDir: o.context.projectDir,
  });
  return {
    active: o.enabled && o.sandbox.availability().ok,
    policy,
    availability: () => o.sandbox.availability(),
    confine: (spec, onDenied) => o.sandbox.confine(spec, policy, onDenied !== undefined ? { onDenied } : {}),
  };
}
