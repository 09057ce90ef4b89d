// The composition root (§17): config → manager → registry (kept in step by the bridge) → the host API. The
// library, the CLI, the tests and the bench all build their hosts here, so the wiring exists once.
// Over 300 lines: the host API is one object over the assembled parts, its methods one-liners mostly.
import { realpathSync } from "node:fs";
import { cliConfigFailure } from "../config/load.js";
import { CodeagentError } from "../errors.js";
import { McpManager, type ManagerOptions } from "../mcp/servers/manager.js";
import { remoteAuth } from "../mcp/oauth/remote-auth.js";
import { oauthDir } from "../mcp/oauth/store.js";
import { unavailable } from "../mcp/servers/rules.js";
import { codeagentHome, paths, userHome } from "../paths.js";
import { Sandbox } from "../sandbox/sandbox.js";
import { DEFAULT_CLIENT_CAPABILITIES } from "../mcp/connection/open.js";
import { sessionPaths } from "../pinning/session-paths.js";
import { McpToolBridge, type BridgeOptions } from "../tools/mcp-bridge.js";
import { ToolPins, type ToolPinsOptions } from "../pinning/pins.js";
import { PinStore } from "../pinning/store.js";
import type { Acceptance, ToolChange } from "../pinning/review.js";
import type { ToolDefinition } from "../pinning/definition.js";
import { candidateServers } from "../tools/naming.js";
import { ToolRegistry } from "../tools/registry.js";
import { ApprovalStore } from "../permissions/approvals.js";
import { SkillCatalog, type SkillRow } from "../skills/catalog.js";
import { loadForModel } from "../skills/invoke.js";
import { McpSkills } from "../skills/mcp.js";
import { SkillPins } from "../skills/pins.js";
import type { ToolContext, ToolEntry, ToolProgress } from "../tools/types.js";
import { programElicitation } from "./elicitation.js";
import { resolveHostOptions, type McpHostOptions, type ResolvedHost } from "./options.js";
import { registrySearch, type SearchRow } from "./search.js";
import { hostExecuteCode, type ExecuteCodeOptions } from "./execute-code.js";
import { hostLogin, type LoginOptions, type LoginResult } from "./login.js";
import { programProvider } from "./auth-provider.js";
import type { CodeRunResult } from "../code-mode/execute-code.js";
import {
  callDocument,
  serverRow,
  toolRow,
  type CallToolResult,
  type ServerRow,
  type ToolRow,
} from "./rows.js";

/** Ready, or idle (lazy, §20.1): its registered tools are all it offers, and a call starts it. */
const serving = (status: string): boolean => status === "ready" || status === "idle";

/** How long a call by name waits for a server that is still starting and could own that name. */
const CALL_WAIT_MS = 30_000;

export interface CallToolOptions {
  /** Aborting cancels the request; the server is told (`notifications/cancelled`). */
  signal?: AbortSignal;
  /** Per-call timeout in place of the server's `timeoutMs` (default 60000); progress resets it. */
  timeoutMs?: number;
  onProgress?: (p: ToolProgress) => void;
}

export interface ToolsChange {
  server: string;
  /** That server's tools now (empty when it stopped or failed). */
  tools: ToolRow[];
}

export interface McpHost {
  /** One row per configured server, as `codeagent mcp list --json`. */
  servers(): ServerRow[];
  /** The registered MCP tools (all, or one server's), with the sanitized `inputSchema`; `raw` adds the server's own. */
  tools(opts?: { server?: string; raw?: boolean }): ToolRow[];
  /**
   * Calls a tool by its registered name. Resolves with the result (also when the tool reports `isError`);
   * rejects with a CodeagentError (`code`) when the call could not be made or finish: unknown tool, server
   * unavailable, timeout, cancelled.
   */
  callTool(name: string, args?: Record<string, unknown>, opts?: CallToolOptions): Promise<CallToolResult>;
  /**
   * The registered tools ranked against a task description ("open a merge request"), best first, like
   * `codeagent mcp search --json`; `limit` (default 10) must be a whole number of at least 1.
   */
  search(query: string, opts?: { limit?: number }): SearchRow[];
  /**
   * Tools whose definitions changed since they were accepted (§16), per server, with both sides for a diff:
   * `changed` and (with pinning "strict") `new` tools are withheld until `accept`; `removed` ones are reported.
   */
  pins(): PinChangeRow[];
  /**
   * Accepts what `server` lists now for `tools` (original or registered names; none: every change) and offers
   * them again at once. Resolves with what was accepted; a name the server neither lists nor pinned is `unknown`.
   */
  accept(server: string, tools?: readonly string[]): { accepted: ToolChange[]; unknown: string[] };
  /**
   * Runs JavaScript in a QuickJS isolate where every registered tool is `await tools.NAME(args)` (§20.2):
   * resolves with its console output, return value, or error (never rejects for the script's own faults).
   */
  executeCode(code: string, opts?: ExecuteCodeOptions): Promise<CodeRunResult>;
  /** A server changed state; returns the unsubscribe function. */
  on(event: "state", listener: (server: ServerRow) => void): () => void;
  /** A server's tools were registered, replaced or removed; returns the unsubscribe function. */
  on(event: "tools", listener: (change: ToolsChange) => void): () => void;
  /**
   * The skills and commands on disk and on servers (§21), like `codeagent skills list --json`. A server's
   * skills are listed once it is ready (`skills/list` only; no file is read until a skill is loaded).
   */
  skills(): SkillRow[];
  /** A skill's body (or, for a server's skill, one of its files), verified, labelled with its origin. */
  loadSkill(name: string, opts?: { file?: string; signal?: AbortSignal }): Promise<string>;
  /**
   * Signs in to a remote server that needs OAuth (§8.5), as `codeagent mcp login` does: `onAuthorizationUrl` gets
   * the URL the user must visit; once the redirect arrives the tokens are stored and the server starts again.
   */
  login(server: string, opts: LoginOptions): Promise<LoginResult>;
  /** Ends every server (whole process trees) and waits for them; a closed host never restarts a server. */
  close(): Promise<void>;
  /** The lower layers, for callers that need more than the above (not covered by the stable API). */
  readonly manager: McpManager;
  readonly registry: ToolRegistry;
  /** Tool-definition pins (§16), the lower layer under `pins()` and `accept()`. */
  readonly toolPins: ToolPins;
}

/** One tool of `host.pins()`: what changed, and the definitions before (the pin) and after (the listing). */
export interface PinChangeRow extends ToolChange {
  server: string;
  /** The registered name (`mcp__server__tool`) the tool has or will have once accepted. */
  registeredName?: string;
  before?: ToolDefinition;
  after?: ToolDefinition;
}

/** The host as the CLI, tests and bench use it: not started yet, plus the pieces they build on. */
export interface AssembledHost extends McpHost {
  readonly bridge: McpToolBridge;
  readonly catalog: SkillCatalog;
  /** The session's OS sandbox (§18), shared by stdio servers and the bash tool. */
  readonly sandbox: Sandbox;
  readonly options: ResolvedHost;
  /** Starts the servers (or `only` these) and waits at most `waitMs` (default: the startup wait) for them. */
  start(o?: { only?: string[]; waitMs?: number }): Promise<void>;
  /** The registry entry of a registered name, waiting (bounded) for a starting server that may own it. */
  resolveTool(name: string): Promise<ToolEntry>;
  /**
   * Accepts what a server lists now (§16) for `tools` (original or registered names; none: every change) and
   * registers its tools again, so accepted ones are offered at once.
   */
  acceptTools(server: string, tools: readonly string[]): Acceptance;
  /**
   * For a tool name nothing is registered under: why, when the server it names is not ready (`server "x"
   * failed: …`, `… is still starting …`), so the model hears that instead of a list of similar names.
   */
  toolUnavailable(name: string): string | undefined;
}

export interface HostParts {
  /** Extra manager options (client handlers, capabilities, restart delays, the remote fetch). */
  manager?: Partial<ManagerOptions>;
  bridge?: Partial<BridgeOptions>;
  pins?: ToolPinsOptions;
  /** The sandbox is unavailable (§18.5): may this server start unconfined? Absent: such servers are refused. */
  unconfined?: (server: string, why: string) => Promise<boolean>;
}

/** Builds the host, starts every server and waits (at most `startupWaitMs`) for them. */
export async function createMcpHost(options: McpHostOptions = {}): Promise<McpHost> {
  const resolved = resolveHostOptions(options);
  // A file the caller named that is missing or broken: going on would run without the servers they meant.
  const failure = cliConfigFailure(resolved.config);
  if (failure !== undefined) throw failure;
  // A program's servers are in no config file: keep their pending changes where `mcp accept` finds them.
  const host = assembleHost(resolved, {
    pins: { keepPending: true },
    ...(options.onElicitation !== undefined && { manager: programElicitation(options.onElicitation) }),
  });
  await host.start();
  return host;
}

export function assembleHost(r: ResolvedHost, parts: HostParts = {}): AssembledHost {
  const ownSetup = parts.manager?.setupClient;
  // eslint-disable-next-line prefer-const -- assigned once the manager it listens to exists
  let mcpSkills: McpSkills | undefined;
  // Probed on first use only: a session without sandboxed servers or commands never runs bwrap.
  const sandbox = new Sandbox({ cwd: r.cwd, probeCache: paths.sandboxProbe(r.homeEnv) });
  const manager = new McpManager({
    config: r.config,
    cwd: r.cwd,
    env: r.env,
    variables: r.variables,
    approvals: r.approvals,
    addDirs: r.addDirs,
    logsDir: paths.logsDir(r.homeEnv),
    cacheDir: paths.toolCacheDir(r.homeEnv),
    ...(r.startup !== undefined && { startup: r.startup }),
    // Stored OAuth tokens are used and refreshed; a server that needs a login is `needs-auth`.
    remoteFetch: remoteAuth({
      dir: oauthDir(r.homeEnv),
      ...(r.authProvider !== undefined && { provider: programProvider(r.authProvider) }),
    }),
    sandbox: {
      sandbox,
      context: {
        home: userHome(r.env),
        codeagentHome: codeagentHome(r.homeEnv),
        projectDir: r.cwd,
        addDirs: r.addDirs,
      },
      ...(parts.unconfined !== undefined && { unconfined: parts.unconfined }),
    },
    ...parts.manager,
    // Every new SDK client also serves the skills extension (§21.2), besides the caller's handlers.
    setupClient: (server, client) => {
      mcpSkills?.attach(server, client);
      ownSetup?.(server, client);
    },
  });
  mcpSkills = new McpSkills(manager, new SkillPins(new PinStore(paths.skillPins(r.homeEnv))), {
    record: parts.pins?.record !== false,
  });
  const catalog = new SkillCatalog({
    cwd: r.cwd,
    env: r.homeEnv,
    approvals: new ApprovalStore(paths.skillApprovals(r.homeEnv)),
    mcp: mcpSkills,
  });
  const registry = new ToolRegistry();
  const pins = new ToolPins(new PinStore(paths.toolPins(r.homeEnv)), {
    ...(r.pinning !== undefined && { mode: r.pinning }),
    sessionPaths: sessionPaths({ cwd: r.cwd, home: userHome(r.env), others: [...r.addDirs, realCwd(r.cwd)] }),
    capabilities: parts.manager?.capabilities ?? DEFAULT_CLIENT_CAPABILITIES,
    ...parts.pins,
  });
  const bridge = new McpToolBridge(manager, registry, {
    saveDir: paths.outputsDir(r.homeEnv),
    pins,
    ...parts.bridge,
  }).attach();
  let closing: Promise<void> | undefined;

  const mcpTools = (server?: string) =>
    server !== undefined
      ? (manager.snapshot(server), registry.serverTools(server)) // snapshot() throws UNKNOWN_SERVER
      : registry.list().filter((t) => t.source.type === "mcp");

  const resolveTool = async (name: string): Promise<ToolEntry> => {
    let found = registry.lookup(name);
    if (found.found === "tool") return found.entry; // every call: nothing else to work out
    const candidates = candidateServers(name, manager.names());
    if (found.found === "none") {
      const starting = candidates.filter((s) => manager.snapshot(s).state.status === "starting");
      await Promise.all(starting.map((s) => manager.waitForServer(s, CALL_WAIT_MS)));
      found = registry.lookup(name);
    }
    if (found.found === "tool") return found.entry;
    if (found.found === "skipped" && found.withheld) {
      throw new CodeagentError(
        "TOOL_CHANGED",
        `tool "${found.tool}" of "${found.server}" is withheld: ${found.reason}`,
      );
    }
    if (found.found === "skipped") {
      throw new CodeagentError(
        "UNKNOWN_TOOL",
        `tool "${found.tool}" of "${found.server}" is not available: ${found.reason}`,
      );
    }
    const down = candidates.find((s) => !serving(manager.snapshot(s).state.status));
    if (down !== undefined) throw unavailable(down, manager.snapshot(down).state);
    const offered = candidates.flatMap((s) => registry.serverTools(s).map((t) => t.name));
    throw new CodeagentError(
      "UNKNOWN_TOOL",
      candidates.length === 0
        ? `no tool "${name}": no configured MCP server has a tool by that name (see codeagent mcp tools)`
        : `no tool "${name}"; ${candidates.join(", ")} ${candidates.length === 1 ? "has" : "have"}: ${offered.join(", ") || "no tools"}`,
    );
  };

  const toolUnavailable = (name: string): string | undefined => {
    if (registry.lookup(name).found !== "none") return undefined;
    const down = candidateServers(name, manager.names()).find(
      (s) => !serving(manager.snapshot(s).state.status),
    );
    if (down === undefined) return undefined;
    return `${unavailable(down, manager.snapshot(down).state).message}; its tools cannot be called now`;
  };

  const host: AssembledHost = {
    toolUnavailable,
    sandbox,
    manager,
    registry,
    bridge,
    toolPins: pins,
    options: r,
    servers: () => manager.snapshots().map((s) => serverRow(s, registry, pins)),
    tools: (o = {}) => mcpTools(o.server).map((t) => toolRow(t, { schema: true, raw: o.raw === true })),
    async callTool(name, args = {}, o = {}) {
      if (args === null || typeof args !== "object" || Array.isArray(args)) {
        throw new CodeagentError("INVALID_ARGUMENTS", "tool arguments must be a JSON object");
      }
      // A registered name (every call but the first to a server still starting) needs no await to find.
      const found = registry.lookup(name);
      const entry = found.found === "tool" ? found.entry : await resolveTool(name);
      const result = await entry.execute(args, toolContext(o));
      if (result.error !== undefined) throw result.error;
      return callDocument(name, result);
    },
    search: registrySearch(registry, { indexDir: paths.searchIndexDir(r.homeEnv) }),
    executeCode: hostExecuteCode(registry),
    on(event: "state" | "tools", listener: (v: never) => void): () => void {
      if (event === "state") {
        const l = (name: string) =>
          (listener as (s: ServerRow) => void)(serverRow(manager.snapshot(name), registry, pins));
        manager.on("state", l);
        return () => void manager.off("state", l);
      }
      const l = (server: string | undefined) => {
        if (server === undefined || !manager.has(server)) return;
        const tools = registry.serverTools(server).map((t) => toolRow(t, { schema: true }));
        (listener as (c: ToolsChange) => void)({ server, tools });
      };
      registry.on("changed", l);
      return () => void registry.off("changed", l);
    },
    pins: () =>
      pins.all().flatMap(({ server, changes }) =>
        changes.map(({ name, change, fields, before, after }) => {
          const registered = registry.registeredNameOf(server, name);
          return {
            server,
            name,
            change,
            fields,
            ...(registered !== undefined && { registeredName: registered }),
            ...(before !== undefined && { before }),
            ...(after !== undefined && { after }),
          };
        }),
      ),
    accept(server, tools = []) {
      const { accepted, unknown } = host.acceptTools(server, tools);
      return { accepted, unknown };
    },
    catalog,
    skills: () => (catalog.refresh(), catalog.rows()),
    loadSkill: async (name, o = {}) => (await loadForModel(catalog, name, o.file, o)).text,
    login: (server, o) => hostLogin(r, manager, server, o),
    close: () => (closing ??= (mcpSkills.close(), manager.shutdown().then(() => sandbox.close()))),
    start: (o = {}) =>
      manager.start({ waitMs: o.waitMs ?? r.startupWaitMs, ...(o.only !== undefined && { only: o.only }) }),
    resolveTool,
    acceptTools(server, tools) {
      const s = manager.snapshot(server);
      const names = tools.map((t) => {
        const found = registry.lookup(t);
        if (
          found.found === "tool" &&
          found.entry.source.type === "mcp" &&
          found.entry.source.server === server
        )
          return found.entry.source.tool;
        return found.found === "skipped" && found.server === server ? found.tool : t;
      });
      const accepted = pins.accept(s.definition, s.lists.tools, names);
      bridge.resync(server);
      return accepted;
    },
  };
  return host;
}

/** The tool context of a program's call options: only the three it may set, none built when none is set. */
function toolContext(o: CallToolOptions): ToolContext {
  if (o.signal === undefined && o.timeoutMs === undefined && o.onProgress === undefined) return NO_CONTEXT;
  return {
    ...(o.signal !== undefined && { signal: o.signal }),
    ...(o.timeoutMs !== undefined && { timeoutMs: o.timeoutMs }),
    ...(o.onProgress !== undefined && { onProgress: o.onProgress }),
  };
}

const NO_CONTEXT: ToolContext = Object.freeze({});

/** The project directory with symlinks resolved (servers may print that form); itself when it cannot be. */
function realCwd(cwd: string): string {
  try {
    return realpathSync(cwd);
  } catch {
    return cwd;
  }
}
