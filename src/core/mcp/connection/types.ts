// The shapes a connection is opened with and answers in, apart from the connection itself so that callers and
// its session, lists and calls can name them without importing the class.
import type { Confine } from "../../sandbox/server-sandbox.js";
import type {
  Client,
  ClientCapabilities,
  FetchLike,
  OAuthClientProvider,
  PriorDiscovery,
  Progress,
  Transport,
} from "@modelcontextprotocol/client";
import type { ServerConfig } from "../../config/types.js";
import type { CodeagentError } from "../../errors.js";
import type { Env } from "../../paths.js";
import { VERSION } from "../../version.js";
import type { ServerLog } from "../servers/logs.js";
import type { CacheHint, Skipped } from "../types.js";

export const CLIENT_INFO = { name: "codeagent", version: VERSION };

export type { ServerInfo } from "../types.js";

/** How long a stdio server may stay silent on `server/discover` before it counts as a 2025-era server. */
export const STDIO_PROBE_MS = 10_000;

export interface ConnectOptions {
  name: string;
  config: ServerConfig;
  log: ServerLog;
  parentEnv?: Env;
  signal?: AbortSignal;
  /** Cap on spawn/connect + initialize. */
  timeoutMs: number;
  capabilities?: ClientCapabilities;
  authProvider?: OAuthClientProvider;
  /** Fetch for the remote transports, e.g. the OAuth-aware one from `oauth/auth-fetch.ts`. */
  fetch?: FetchLike;
  /** Registers notification/request handlers; called again for every new Client (after a 404 re-init). */
  setup?: (client: Client) => void;
  /** The connection was lost without close() being called. */
  onUnexpectedClose?: (reason: CodeagentError) => void;
  /** The era verdict of an earlier connection (from the tool cache), so this one does not probe again. */
  prior?: PriorDiscovery;
  /** Replaces the transport the config calls for, e.g. one half of an in-memory pair in tests. */
  transport?: () => Transport;
  /** A stdio server's OS sandbox (§18.3). */
  confine?: Confine;
}

export interface CallOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
  maxTotalTimeoutMs?: number;
  onProgress?: (p: Progress) => void;
  /**
   * A 2026-07-28 server answered `tools/call` with a task handle (the tasks extension): the call returns what
   * this makes of the handle instead of running the task to its end (the gateway hands it to its caller).
   */
  onTaskHandle?: (handle: Record<string, unknown>) => Record<string, unknown>;
}

export interface ListResult<T> {
  items: T[];
  skipped: Skipped[];
  stopped?: string;
  /** The 2026-07-28 cache hint of the listing (all its pages); absent for a 2025-era server. */
  hint?: CacheHint;
}

/** The per-call timeout of one request, and the setting a message names when it runs out. */
export interface RequestTimeout {
  ms: number;
  setting: string;
}
