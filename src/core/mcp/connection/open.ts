// One start attempt of one server (§4.2): connect with the client's capabilities and handlers, then list what
// it offers. The supervisor decides what a success or a failure means.
import { statSync } from "node:fs";
import type { Client, ClientCapabilities, PriorDiscovery, Transport } from "@modelcontextprotocol/client";
import type { Scope, ServerConfig } from "../../config/types.js";
import { CodeagentError } from "../../errors.js";
import { serverConfine, type Confine, type ServerSandboxing } from "../../sandbox/server-sandbox.js";
import { serverSandboxMode } from "../../sandbox/server-policy.js";
import type { Env } from "../../paths.js";
import { McpConnection } from "./connection.js";
import { ELICITATION_CAPABILITIES, declineElicitation, installElicitationHandler } from "./elicitation.js";
import { fetchLists, installListChangedHandlers, type ListKind } from "../servers/fetch-lists.js";
import type { ServerLog } from "../servers/logs.js";
import type { RemoteFetchFactory } from "../oauth/remote-auth.js";
import { ROOTS_CAPABILITIES, installRootsHandler } from "./roots.js";
import { serverRootDirs } from "./server-roots.js";
import type { ServerLists } from "../servers/state.js";
import { expiresAt, listsToFetch } from "../servers/cache-hints.js";

/** What every server's client is given; shared by all the servers of a session. */
export interface ClientSetup {
  /** The project directory: the first root offered to servers (§9). */
  cwd: string;
  env?: Env;
  /** Default: form elicitation, answered by `declineElicitation` until `setupClient` installs a real handler,
   * and roots. */
  capabilities?: ClientCapabilities;
  /** Directories the session works in beyond `cwd` (`--add-dir`), offered to servers as roots (§9). */
  addDirs?: readonly string[];
  /** The fetch of each remote server's transports (OAuth: `remoteAuth()` from `oauth/remote-auth.ts`). */
  remoteFetch?: RemoteFetchFactory;
  /** Extra client handlers (elicitation, roots…), installed on every new Client. */
  setupClient?: (server: string, client: Client) => void;
  /** Replaces the transport a config calls for, e.g. one half of an in-memory pair with a server in tests. */
  transport?: (server: string, config: ServerConfig) => Transport;
  /** The session's OS sandbox for stdio servers (§18.3); without it only `"required"` servers are refused. */
  sandbox?: ServerSandboxing;
}

/** What a client declares when the session sets nothing else: form elicitation (declined) and roots. */
export const DEFAULT_CLIENT_CAPABILITIES: ClientCapabilities = {
  ...ELICITATION_CAPABILITIES,
  ...ROOTS_CAPABILITIES,
};

export interface OpenRequest {
  name: string;
  config: ServerConfig;
  log: ServerLog;
  setup: ClientSetup;
  signal: AbortSignal;
  prior: PriorDiscovery | undefined;
  onListChanged: (kind: ListKind) => void;
  onUnexpectedClose: (reason: CodeagentError) => void;
  /** Lists from the warm cache, with the time now: those still fresh by their cache hints are not fetched. */
  cached?: { lists: ServerLists; now: number } | undefined;
  /** Where the server's entry came from and where its relative paths resolve (the sandbox's defaults, §18.3). */
  scope?: Scope;
  baseDir?: string;
}

export async function openServer(r: OpenRequest): Promise<{ connection: McpConnection; lists: ServerLists }> {
  const { name, config, log, setup } = r;
  const rootDirs = serverRootDirs(
    config,
    [setup.cwd, ...(setup.addDirs ?? [])],
    // A stdio server without `cwd` runs in this process's directory, where its relative arguments resolve.
    (config.transport === "stdio" ? config.cwd : undefined) ?? process.cwd(),
    isDirectory,
  );
  const declared = setup.capabilities ?? DEFAULT_CLIENT_CAPABILITIES;
  const capabilities = rootDirs === false ? withoutRoots(declared) : declared;
  const fetch =
    config.transport === "stdio" ? undefined : setup.remoteFetch?.(name, config, (t) => log.event(t));
  const transport = setup.transport;
  const confine = config.transport === "stdio" ? sandboxHook(r) : undefined;
  let conn: McpConnection | undefined;
  try {
    conn = await McpConnection.open({
      name,
      config,
      log,
      ...(setup.env !== undefined && { parentEnv: setup.env }),
      signal: r.signal,
      timeoutMs: config.startupTimeoutMs,
      capabilities,
      ...(fetch !== undefined && { fetch }),
      ...(transport !== undefined && { transport: () => transport(name, config) }),
      ...(confine !== undefined && { confine }),
      setup: (client) => {
        installListChangedHandlers(client, r.onListChanged);
        if (capabilities.elicitation !== undefined)
          installElicitationHandler(
            client,
            declineElicitation((t) => log.event(t)),
          );
        if (capabilities.roots !== undefined && rootDirs !== false) installRootsHandler(client, rootDirs);
        setup.setupClient?.(name, client);
      },
      onUnexpectedClose: r.onUnexpectedClose,
      ...(r.prior !== undefined && { prior: r.prior }),
    });
    const fetched = await listOrReuse(conn, config, r);
    const lists = conn.verdict === undefined ? fetched : { ...fetched, verdict: conn.verdict };
    return { connection: conn, lists };
  } catch (err) {
    await conn?.close();
    throw err;
  }
}

function withoutRoots(c: ClientCapabilities): ClientCapabilities {
  const { roots: _roots, ...rest } = c;
  return rest;
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

function sandboxHook(r: OpenRequest): Confine | undefined {
  const facts = {
    name: r.name,
    scope: r.scope ?? "cli",
    setting: r.config.sandbox,
    baseDir: r.baseDir ?? r.setup.cwd,
  };
  if (r.setup.sandbox !== undefined) return serverConfine(r.setup.sandbox, facts, (t) => r.log.event(t));
  if (serverSandboxMode(facts.setting, facts.scope) !== "required") return undefined;
  return () =>
    Promise.reject(
      new CodeagentError(
        "SANDBOX_UNAVAILABLE",
        `server "${r.name}" has "sandbox": "required" and this host was built without a sandbox`,
      ),
    );
}

/** fetchLists, except for lists the warm cache holds that are still fresh by their cache hints (§14). */
async function listOrReuse(conn: McpConnection, config: ServerConfig, r: OpenRequest): Promise<ServerLists> {
  const log = (t: string) => r.log.event(t);
  const cached = r.cached?.lists;
  if (cached === undefined || r.cached === undefined)
    return fetchLists(conn, config, { signal: r.signal, log });
  const only = listsToFetch(cached.hints, ["tools", "resources", "prompts"], r.cached.now);
  if (only.size === 3) return fetchLists(conn, config, { signal: r.signal, log });
  const kept = (["tools", "resources", "prompts"] as const).filter((k) => !only.has(k));
  for (const k of kept) {
    const h = cached.hints?.[k];
    if (h !== undefined)
      log(
        `${k} from the cache, fresh for another ${Math.ceil((expiresAt(h) - r.cached.now) / 1000)} s (cache hint)`,
      );
  }
  if (!only.has("tools")) conn.adoptTools(cached.tools);
  return fetchLists(conn, config, {
    signal: r.signal,
    log,
    only,
    previous: { ...cached, fromCache: false, notes: [] },
  });
}
