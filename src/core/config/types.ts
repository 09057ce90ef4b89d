// The configuration model after parsing: what each scope's files define, before and after ${VAR} expansion.

import type { SandboxSetting } from "../sandbox/policy.js";

/** Lowest precedence first: user < project < local (the user's own, for this project) < cli. */
export type Scope = "user" | "project" | "local" | "cli";
export type TransportKind = "stdio" | "http" | "sse";

export interface ServerOptions {
  /** `disabled: true` or `enabled: false` in the file. */
  disabled: boolean;
  /** Cap on one server's whole start (spawn → initialize → lists). */
  startupTimeoutMs: number;
  /** Per-call timeout (reset by progress). */
  timeoutMs: number;
  /** Hard cap on one call, progress or not. */
  maxTotalTimeoutMs: number;
  /** Largest single JSON-RPC message accepted from a stdio server. */
  maxMessageBytes: number;
  includeTools?: string[];
  excludeTools?: string[];
  /** `false`: never take the readOnlyHint shortcut; `true`: allow every tool without asking. */
  trust?: boolean;
  /** Send this server's tools with every request even when tool search defers MCP tools (§15.2). */
  alwaysLoad?: boolean;
  /** Tool-definition pinning (§16); default "on". */
  pinning?: "on" | "strict" | "off";
  /** Roots offered to this server (§9): `false` declares none; a list replaces the default (absolute after
   * expansion). Absent: the session's directories plus the existing directories named in a stdio server's args. */
  roots?: false | string[];
  /** The OS sandbox of a stdio server (§18.3); absent: the scope's default. */
  sandbox?: SandboxSetting;
  /** When the server starts (§20.1); absent: the session's default. */
  startup?: "lazy" | "eager";
  /** Stop the server after this long unused; the next use starts it again. */
  idleTimeoutMs?: number;
}

export interface StdioServerConfig extends ServerOptions {
  transport: "stdio";
  command: string;
  args: string[];
  env: Record<string, string>;
  cwd?: string;
}

export interface RemoteServerConfig extends ServerOptions {
  transport: "http" | "sse";
  url: string;
  headers: Record<string, string>;
  /** True when `type` was not written: Streamable HTTP is tried first, then legacy SSE. */
  fallbackToSse: boolean;
  /** OAuth client settings, kept as written (after ${VAR} expansion) for the OAuth flow. */
  oauth?: OAuthConfig;
}

export type OAuthGrant = "authorization_code" | "client_credentials" | "workload_identity" | "enterprise";

export interface OAuthConfig {
  clientId?: string;
  clientSecret?: string;
  scopes?: string[];
  callbackPort?: number;
  clientMetadataUrl?: string;
  /** DPoP-bound tokens (RFC 9449): true always, false never; absent when the authorization server offers it. */
  dpop?: boolean;
  /** The authorization server (issuer) a grant's credentials may go to; others are refused. */
  issuer?: string;
  /** How tokens are obtained; default the user's authorization-code flow (see config/oauth-grant.ts). */
  grant?: OAuthGrant;
  /** client_credentials: a PEM private key for private_key_jwt client authentication, instead of the secret. */
  privateKeyFile?: string;
  /** workload_identity: the workload's JWT, or the file it is in (read again for every token request). */
  assertion?: string;
  assertionFile?: string;
  /** enterprise: the identity provider that exchanges the user's ID token for an ID-JAG. */
  idp?: OAuthIdpConfig;
}

export interface OAuthIdpConfig {
  tokenEndpoint?: string;
  clientId?: string;
  clientSecret?: string;
  idToken?: string;
  idTokenFile?: string;
}

export type ServerConfig = StdioServerConfig | RemoteServerConfig;

/** One server entry as found in one file. `config` is absent when the entry is invalid (`error` says why). */
export interface ServerDefinition {
  name: string;
  scope: Scope;
  /** Absolute path of the file the entry came from (or a label for servers given in code). */
  source: string;
  /** Where a relative `cwd` resolves; default: the directory of `source`. */
  baseDir?: string;
  /** The entry exactly as written (used for approval hashes and `mcp get --raw`). */
  raw: unknown;
  /** A project server's approval key when it takes values from the project's `.env` (dotenv-boundary.ts). */
  approvalSubject?: unknown;
  config?: ServerConfig;
  error?: string;
  warnings: string[];
}

export interface ConfigProblem {
  file: string;
  message: string;
}

export interface LoadedConfig {
  /** Effective servers after precedence (a higher scope replaces a lower one whole), in a stable order. */
  servers: ServerDefinition[];
  /** Entries replaced by a higher scope, for display. */
  shadowed: ServerDefinition[];
  /** Whole files that could not be read or parsed (skipped). */
  fileErrors: ConfigProblem[];
  /** Non-fatal notes: unknown keys, odd values. */
  warnings: ConfigProblem[];
  /** Files that were looked at (existing or not), by scope. */
  files: { scope: Scope; path: string; exists: boolean }[];
}

export type VariableSource = "env" | "define" | "project-dotenv" | "user-dotenv" | "default" | "unset";

export interface VariableUse {
  name: string;
  source: VariableSource;
  /** The field where the variable was used, e.g. `headers.Authorization`. */
  field: string;
}
