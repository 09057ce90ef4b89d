// What a host is built from (§17): the caller's options resolved into a loaded config, the variable lookup,
// the approval checker and the directories under the home. No MCP code loads here, so the CLI can resolve a
// config (and answer "unknown server") before paying for the SDK.
import { resolve } from "node:path";
import type { VariableLookup } from "../config/expand.js";
import { loadConfig } from "../config/load.js";
import type { LoadedConfig, ServerDefinition } from "../config/types.js";
import { validateServerEntry } from "../config/validate-entry.js";
import { loadVariableLookup } from "../config/variables.js";
import { markApprovalSubjects, PROJECT_ENV_APPROVAL } from "../config/dotenv-boundary.js";
import type { ApprovalChecker } from "../mcp/servers/rules.js";
import { ApprovalStore } from "../permissions/approvals.js";
import type { OAuthClientProvider } from "@modelcontextprotocol/client";
import type { OnElicitation } from "./elicitation.js";
import { CodeagentError } from "../errors.js";
import { PIN_MODES, type PinMode } from "../pinning/review.js";
import { paths, type Env } from "../paths.js";

export const DEFAULT_STARTUP_WAIT_MS = 8000;

/** Where inline servers (the `servers` option) say they came from, in rows and messages. */
export const INLINE_SOURCE = "createMcpHost({ servers })";

export interface McpHostOptions {
  /** The project directory: relative paths, project config files and approvals are keyed by it. Default: process.cwd(). */
  cwd?: string;
  /** codeagent's own directory (logs, tool caches, approvals, OAuth tokens, saved outputs). Default: `$CODEAGENT_HOME` or `~/.codeagent`. */
  home?: string;
  /** The environment for `${VAR}` expansion and as the base of each stdio server's minimal environment. Default: process.env. */
  env?: Env;
  /** Servers by name, each entry written as in `mcp.json` (`{ command, args, env }` or `{ url, headers }`). Highest precedence. */
  servers?: Record<string, unknown>;
  /** More config files (`{ "mcpServers": … }`), like `--mcp-config`; a later file wins; one that is missing or does not parse rejects createMcpHost. */
  configFiles?: string[];
  /** Also load the user's config (`<home>/mcp.json`) and the project's (`.mcp.json`, `.codeagent/mcp.json`), as the CLI does. Default: false. */
  userConfig?: boolean;
  /** `-D`-style values for `${VAR}` expansion, looked up after `env`. */
  defines?: Record<string, string>;
  /** How long `createMcpHost` waits for the servers to start (together). Default 8000; 0 returns at once. */
  startupWaitMs?: number;
  /**
   * Project-scope servers (from `userConfig`'s project files) run only when approved (§8.2): `"stored"` (default)
   * uses the approvals saved by `codeagent mcp approve`, `"all"` approves every one, `"none"` none, or a checker.
   */
  approvals?: "stored" | "all" | "none" | ApprovalChecker;
  /** Directories the session works in beyond `cwd` (like `--add-dir`), offered to servers as roots next to it (§9). */
  addDirs?: string[];
  /**
   * Tool-definition pinning (§16) for servers whose entry sets no `pinning`: `"on"` (default) withholds a tool
   * whose definition changed until accepted (`host.accept`), `"strict"` new tools too, `"off"` pins nothing.
   */
  pinning?: PinMode;
  /**
   * When servers whose entry sets no `startup` start (§20.1): `"eager"` (default) starts every server now;
   * `"lazy"` registers a server's tools from the tool cache (fresh by its cache hints) and starts its process
   * on the first call, resource read or prompt — with no usable cache it starts, lists and caches. A server's
   * own `"startup"` key wins; `"idleTimeoutMs"` in an entry stops it after that long unused.
   */
  startup?: "lazy" | "eager";
  /**
   * Answers servers' elicitation requests (forms and URL mode): called with the request and the server's name,
   * resolves with `{ action: "accept", content }`, `{ action: "decline" }` or `{ action: "cancel" }`. While it is
   * pending, that server's calls do not time out. Without it every request is declined.
   */
  onElicitation?: OnElicitation;
  /**
   * OAuth for remote servers from the program itself: an SDK `OAuthClientProvider` (for every remote server), or a
   * function of the server's name returning one (or undefined: codeagent's own flow and stored tokens, §8.5).
   */
  authProvider?: HostAuthProvider;
}

export type HostAuthProvider = OAuthClientProvider | ((server: string) => OAuthClientProvider | undefined);

/** The options after defaults and config loading: everything the assembly needs, nothing started. */
export interface ResolvedHost {
  cwd: string;
  env: Env;
  /** `env` with CODEAGENT_HOME set to the host's home: only for locating codeagent's own files. */
  homeEnv: Env;
  config: LoadedConfig;
  variables: VariableLookup;
  approvals: ApprovalChecker;
  startupWaitMs: number;
  /** Absolute. */
  addDirs: string[];
  pinning?: PinMode;
  authProvider?: HostAuthProvider;
  startup?: "lazy" | "eager";
}

/** `configFilesLabel`: how messages name the config files given (the CLI says "--mcp-config"). */
export function resolveHostOptions(
  o: McpHostOptions = {},
  { configFilesLabel = "configFiles" }: { configFilesLabel?: string } = {},
): ResolvedHost {
  const cwd = resolve(o.cwd ?? process.cwd());
  const env = o.env ?? process.env;
  const homeEnv: Env = o.home !== undefined ? { ...env, CODEAGENT_HOME: resolve(cwd, o.home) } : env;
  const config = loadConfig({
    cwd,
    env: homeEnv,
    cliConfigFiles: o.configFiles ?? [],
    cliConfigLabel: configFilesLabel,
    strict: o.userConfig !== true,
  });
  if (o.servers !== undefined) addInlineServers(config, o.servers, cwd);
  const approvals = approvalChecker(o.approvals, homeEnv);
  // The project's .env feeds the user's servers only once the user trusted that exact file (issue 25).
  const base = loadVariableLookup({ cwd, env, defines: o.defines ?? {} });
  const variables = {
    ...base,
    projectDotenvTrusted:
      Object.keys(base.projectDotenv).length > 0 &&
      approvals.isApproved(cwd, PROJECT_ENV_APPROVAL, base.projectDotenv),
  };
  markApprovalSubjects(config.servers, variables);
  const wait = o.startupWaitMs ?? DEFAULT_STARTUP_WAIT_MS;
  return {
    cwd,
    env,
    homeEnv,
    config,
    variables,
    approvals,
    startupWaitMs: Number.isFinite(wait) && wait > 0 ? Math.floor(wait) : 0,
    addDirs: (o.addDirs ?? []).map((d) => resolve(cwd, d)),
    ...(o.pinning !== undefined && { pinning: pinningOf(o.pinning) }),
    ...(o.authProvider !== undefined && { authProvider: authProviderOf(o.authProvider) }),
    ...(o.startup !== undefined && { startup: startupOf(o.startup) }),
  };
}

/** Inline servers are validated like a file's entries and replace a file's server of the same name whole. */
function addInlineServers(config: LoadedConfig, servers: Record<string, unknown>, cwd: string): void {
  for (const [name, raw] of Object.entries(servers)) {
    const checked = validateServerEntry(name, raw, { file: INLINE_SOURCE, rootKey: "servers" });
    const def: ServerDefinition = {
      name,
      scope: "cli",
      source: INLINE_SOURCE,
      baseDir: cwd,
      raw,
      warnings: checked.warnings,
    };
    if (checked.ok) def.config = checked.config;
    else def.error = checked.error;
    config.warnings.push(...checked.warnings.map((message) => ({ file: INLINE_SOURCE, message })));
    const i = config.servers.findIndex((s) => s.name === name);
    if (i !== -1) config.shadowed.push(...config.servers.splice(i, 1));
    config.servers.push(def);
  }
}

function pinningOf(p: unknown): PinMode {
  if (PIN_MODES.includes(p as PinMode)) return p as PinMode;
  throw new CodeagentError("USAGE", `pinning must be "on", "strict" or "off", got ${JSON.stringify(p)}`);
}

function startupOf(s: unknown): "lazy" | "eager" {
  if (s === "lazy" || s === "eager") return s;
  throw new CodeagentError("USAGE", `startup must be "lazy" or "eager", got ${JSON.stringify(s)}`);
}

function approvalChecker(a: McpHostOptions["approvals"], homeEnv: Env): ApprovalChecker {
  if (a === "all") return { isApproved: () => true };
  if (a === "none") return { isApproved: () => false };
  if (a === undefined || a === "stored") return new ApprovalStore(paths.approvals(homeEnv));
  return a;
}

function authProviderOf(p: unknown): HostAuthProvider {
  if (typeof p === "function") return p as HostAuthProvider;
  const provider = p as Partial<OAuthClientProvider> | null;
  if (typeof provider === "object" && provider !== null && typeof provider.tokens === "function")
    return provider as OAuthClientProvider;
  throw new CodeagentError(
    "USAGE",
    "authProvider must be an OAuthClientProvider (with tokens(), saveTokens(), …) or a function (server) => provider",
  );
}
