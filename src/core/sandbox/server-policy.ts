// Which stdio servers run sandboxed, and under what policy (§18.3), pure. Project servers come from whatever
// repository was cloned, so they are confined by default; so are the user's own, because a package from a
// registry is code nobody reviewed — with the hosts the entry itself names allowed, so that a server whose args
// say `https://api.example.com` still reaches it. Files given with --mcp-config (and a library's inline servers)
// are the caller's explicit choice for one run and are confined only when their entry says so.
import { join } from "node:path";
import { hostsNamedBy, launcherNeeds } from "./hosts.js";
import {
  defaultPolicy,
  unique,
  withAdditions,
  type PolicyContext,
  type SandboxPolicy,
  type SandboxSetting,
} from "./policy.js";

export type SandboxMode = "off" | "on" | "required";

export function serverSandboxMode(
  setting: SandboxSetting | undefined,
  scope: "user" | "project" | "local" | "cli",
): SandboxMode {
  if (setting === false) return "off";
  if (setting === "required") return "required";
  if (setting === undefined) return scope === "cli" ? "off" : "on";
  return "on";
}

export interface ServerEntryFacts {
  command: string;
  args: readonly string[];
  env: Record<string, string>;
}

/**
 * The default policy, plus what the entry's launcher needs (`npx` writes `~/.npm` and fetches from the npm
 * registry), plus the hosts its args and env name, plus the entry's own additions.
 */
export function serverPolicy(
  entry: ServerEntryFacts,
  setting: SandboxSetting | undefined,
  c: PolicyContext & { baseDir: string },
): SandboxPolicy {
  const base = defaultPolicy(c);
  const needs = launcherNeeds(entry.command);
  const withNeeds: SandboxPolicy = {
    ...base,
    allowWrite: unique([...base.allowWrite, ...needs.caches.map((p) => join(c.home, p))]),
    allowHosts: unique([...base.allowHosts, ...hostsNamedBy(entry)]),
  };
  return withAdditions(withNeeds, typeof setting === "object" ? setting : undefined, c);
}
