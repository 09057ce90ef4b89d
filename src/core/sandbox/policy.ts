// What a sandbox allows (§18.2), pure: reads everywhere except the credential deny list, writes to the project,
// the --add-dir directories, a private temp directory and what a policy adds, network to the named hosts only.
import { isAbsolute, join, resolve } from "node:path";

/** A server entry's or the settings' `"sandbox"` additions, as written. */
export interface SandboxAdditions {
  filesystem?: { allowWrite?: string[]; denyRead?: string[]; allowRead?: string[] };
  network?: { allow?: string[] };
}

/** The config value: `true` (the default policy), `false`, `"required"`, or the default policy plus additions. */
export type SandboxSetting = boolean | "required" | SandboxAdditions;

export interface SandboxPolicy {
  /** Readable everywhere except these (files or directories, absolute). */
  denyRead: string[];
  /** Exceptions to `denyRead`: only a policy's explicit `allowRead` puts them here, never --add-dir. */
  allowRead: string[];
  /** Writable (absolute); everything else is read-only. */
  allowWrite: string[];
  /** Never writable, even inside `allowWrite` (codeagent's own files, the project's config and git hooks). */
  denyWrite: string[];
  /** Host names (`example.com`, `*.github.com`, `localhost:8080`) the proxy lets through; the rest are denied. */
  allowHosts: string[];
}

export interface PolicyContext {
  home: string;
  /** `$CODEAGENT_HOME`: its tokens, sessions and permissions are denied, the whole of it read-only. */
  codeagentHome: string;
  projectDir: string;
  addDirs?: readonly string[];
}

/** Credential stores under the home directory that no sandboxed process may read (§18.2). */
export const HOME_CREDENTIALS = [
  ".ssh",
  ".aws",
  ".gnupg",
  ".config/gcloud",
  ".azure",
  ".kube",
  ".docker/config.json",
  ".netrc",
  ".npmrc",
  ".pypirc",
  ".git-credentials",
  ".config/gh",
  ".password-store",
  // Browser profiles: cookies and saved passwords.
  ".mozilla",
  ".config/google-chrome",
  ".config/chromium",
  ".config/BraveSoftware",
  ".config/microsoft-edge",
  "Library/Application Support/Google/Chrome",
  "Library/Application Support/Firefox",
  "Library/Keychains",
  "Library/Cookies",
];

/** What under `$CODEAGENT_HOME` is secret: OAuth tokens, session transcripts, stored permissions and approvals. */
export const CODEAGENT_SECRETS = ["oauth", "sessions", "permissions.json", "approvals.json", "history.jsonl"];

/** Inside the project: where its own config and git hooks live; a sandboxed process must not rewrite them. */
export const PROJECT_PROTECTED = [".codeagent", ".mcp.json", ".git/hooks", ".git/config"];

export function defaultPolicy(c: PolicyContext): SandboxPolicy {
  return {
    denyRead: [
      ...HOME_CREDENTIALS.map((p) => join(c.home, p)),
      ...CODEAGENT_SECRETS.map((p) => join(c.codeagentHome, p)),
    ],
    allowRead: [],
    allowWrite: [c.projectDir, ...(c.addDirs ?? [])],
    denyWrite: [c.codeagentHome, ...PROJECT_PROTECTED.map((p) => join(c.projectDir, p))],
    allowHosts: [],
  };
}

/** The default policy plus additions; their paths may start with `~/` and may be relative (to `baseDir`). */
export function withAdditions(
  base: SandboxPolicy,
  add: SandboxAdditions | undefined,
  c: { home: string; baseDir: string },
): SandboxPolicy {
  if (add === undefined) return base;
  const abs = (p: string) => absolutePath(p, c);
  return {
    denyRead: [...base.denyRead, ...(add.filesystem?.denyRead ?? []).map(abs)],
    allowRead: [...base.allowRead, ...(add.filesystem?.allowRead ?? []).map(abs)],
    allowWrite: [...base.allowWrite, ...(add.filesystem?.allowWrite ?? []).map(abs)],
    denyWrite: base.denyWrite,
    allowHosts: unique([...base.allowHosts, ...(add.network?.allow ?? [])]),
  };
}

export function absolutePath(p: string, c: { home: string; baseDir: string }): string {
  if (p === "~") return c.home;
  if (p.startsWith("~/")) return join(c.home, p.slice(2));
  return isAbsolute(p) ? resolve(p) : resolve(c.baseDir, p);
}

export function unique<T>(xs: readonly T[]): T[] {
  return [...new Set(xs)];
}

/** One line for `mcp get` and `/mcp`: what the policy lets through beyond reading. */
export function describePolicy(p: SandboxPolicy): string {
  const hosts = p.allowHosts.length === 0 ? "none" : p.allowHosts.join(", ");
  const extraRead = p.allowRead.length === 0 ? "" : `; also reads ${p.allowRead.join(", ")}`;
  return `writes ${[...p.allowWrite, "a private temp dir"].join(", ")}; network ${hosts}; credentials hidden${extraRead}`;
}
