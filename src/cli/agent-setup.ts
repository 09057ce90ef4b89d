// Builds the agent host shared by `codeagent -p` and the interactive session: context → manager →
// registry (built-ins, ext_ HTTP tools, MCP bridge) → permission gate → Agent. Headless waits (bounded)
// for the servers before the turn; the interactive session starts them without waiting, so MCP servers
// never delay the first screen, and tools appear in the registry as servers become ready.
import { Agent, type AgentOptions } from "../core/agent/loop.js";
import { contextWindowFor } from "../core/agent/context.js";
import { nativeSearchFor } from "../core/agent/native-search.js";
import { loadProjectInstructions } from "../core/agent/project-instructions.js";
import { resolveModel, type ModelResolution, type ProviderName } from "../core/agent/providers.js";
import { loadTokenCounter } from "../core/agent/token-count.js";
import { loadRequestSettings } from "../core/agent/provider/request-settings.js";
import { ToolSession } from "../core/agent/tool-session.js";
import { cachedToolIndex } from "../core/search/index-cache.js";
import type { ServerInstructions } from "../core/agent/system-prompt.js";
import { CodeagentError, errorMessage } from "../core/errors.js";
import type { McpManager } from "../core/mcp/servers/manager.js";
import { PermissionGate, type PermissionPrompter } from "../core/permissions/gate.js";
import { PermissionStore } from "../core/permissions/store.js";
import { codeagentHome, paths, userHome } from "../core/paths.js";
import type { PriceTable } from "../core/cost/prices.js";
import { loadSettings, resolveNativeToolSearch, resolveToolSearch } from "../core/settings.js";
import { commandSandbox } from "../core/sandbox/command-sandbox.js";
import { unavailableWarning } from "../core/sandbox/probe.js";
import { projectRulesNotice, runRules } from "./permission-flags.js";
import { resolve } from "node:path";
import { codeModeSetup } from "../core/code-mode/setup.js";
import { BackgroundJobs, registerBuiltins, TodoList, type UserChannel } from "../core/tools/builtin/index.js";
import { taskTool, withoutTask } from "../core/agent/task-tool.js";
import { PERMISSION_MODES, type PermissionMode } from "../core/permissions/evaluate.js";
import { capOutput } from "../core/tools/cap-output.js";
import { grantPatterns } from "../core/skills/grants.js";
import { skillTool } from "../core/skills/tool.js";
import type { SkillCatalog } from "../core/skills/catalog.js";
import { executeCodeTool } from "../core/code-mode/code-tools.js";
import { registerExtTools } from "../core/tools/ext-http.js";
import type { McpToolBridge } from "../core/tools/mcp-bridge.js";
import type { ToolPins } from "../core/pinning/pins.js";
import type { Acceptance } from "../core/pinning/review.js";
import type { ToolRegistry } from "../core/tools/registry.js";
import { askingClients, type ElicitationHandler } from "../core/mcp/connection/elicitation.js";
import { createContext, type CliContext, type GlobalOptions } from "./context.js";
import type { ShellOutcome } from "./interactive/host.js";

/** How long a mention waits for its server to finish starting. */
const MENTION_WAIT_MS = 15_000;

export interface AgentFlags {
  /** `--model provider:model`. */
  model?: string;
  /** `--base-url URL`. */
  baseUrl?: string;
  /** `--allow PATTERN` (repeatable). */
  allow?: string[];
  /** `--deny PATTERN` (repeatable). */
  deny?: string[];
  /** Claude Code's spellings of --allow / --deny (repeatable, comma-separated rules). */
  allowedTools?: string[];
  disallowedTools?: string[];
  /** `--settings FILE` (repeatable): more settings of the user's for this run. */
  settings?: string[];
  /** `--max-steps N`. */
  maxSteps?: string | number;
  /** `--permission-mode default|plan`. */
  permissionMode?: string;
  /** `--tool-mode direct|search|code` (§20.2). */
  toolMode?: string;
}

export type AgentHostOptions = GlobalOptions & AgentFlags;

export interface AgentHostMode {
  interactive: boolean;
  /** Asks the user on "ask" decisions; without one (and without --yes) they are refusals. */
  prompter?: PermissionPrompter;
  /** The person at the terminal, for ask_user and plan approval (interactive only). */
  user?: UserChannel;
  /** The person at the terminal, for servers' elicitation requests (interactive only; else declined). */
  elicitation?: { handler(server: string): ElicitationHandler };
  /** Tests pass their own environment and directory; default process.env / process.cwd(). */
  env?: NodeJS.ProcessEnv;
  cwd?: string;
}

export interface AgentHost {
  ctx: CliContext;
  manager: McpManager;
  registry: ToolRegistry;
  bridge: McpToolBridge;
  /** Tool-definition pins (§16): what each server changed since accepted. */
  pins: ToolPins;
  /** Accepts a ready server's listed definitions (`tools`: original or registered names; none = every change). */
  acceptTools(server: string, tools: readonly string[]): Acceptance;
  gate: PermissionGate;
  /** Skills and commands on disk and on servers (§21). */
  skills: SkillCatalog;
  /** Absent when no usable model is configured; `modelProblem` then says how to configure one. */
  agent?: Agent;
  modelProblem?: string;
  /** `provider:model`, for status lines and JSON output. */
  model?: string;
  /** `prices` from settings.json (§23): the user's, over the built-in table. */
  prices: PriceTable;
  /** Config, settings and ext_ tool problems, for the caller to show. */
  warnings: string[];
  /** `/model provider:model`: later steps (and sub-agents) use that model; the conversation stays. */
  switchModel(spec: string): { ok: true; id: string } | { ok: false; message: string };
  /** `!cmd`: the user's own shell command, through the gate as a `bash` call would be. */
  runShell(command: string, signal?: AbortSignal): Promise<ShellOutcome>;
  /** The models this run knows of (current, --model, CODEAGENT_MODEL, settings), for `/model`. */
  modelChoices(): string[];
  /** The latest todo_write list. */
  todos: TodoList;
  shutdown(): Promise<void>;
}

export async function createAgentHost(opts: AgentHostOptions, mode: AgentHostMode): Promise<AgentHost> {
  // The AI SDK would print provider warnings with console.warn (onto stdout); the loop reports them as events.
  (globalThis as { AI_SDK_LOG_WARNINGS?: unknown }).AI_SDK_LOG_WARNINGS = false;
  const ctx = createContext(opts, {
    ...(mode.cwd !== undefined && { cwd: mode.cwd }),
    ...(mode.env !== undefined && { env: mode.env }),
  });
  const maxSteps = parseMaxSteps(opts.maxSteps);
  const permissionMode = parsePermissionMode(opts.permissionMode);
  const warnings: string[] = [
    ...ctx.config.fileErrors.map((p) => `config: ${p.message}`),
    ...ctx.config.warnings.map((p) => `config warning: ${p.message}`),
  ];
  const settings = loadSettings({
    cwd: ctx.cwd,
    env: ctx.env,
    extraFiles: (opts.settings ?? []).map((f) => resolve(ctx.cwd, f)),
  });
  const configRules = runRules(settings, opts);
  const toolSearch = resolveToolSearch(ctx.env, settings.toolSearch);
  if (!toolSearch.ok) throw new CodeagentError("USAGE", toolSearch.message);
  const nativeSearch = resolveNativeToolSearch(ctx.env, settings.nativeToolSearch);
  if (!nativeSearch.ok) throw new CodeagentError("USAGE", nativeSearch.message);
  const code = codeModeSetup(opts.toolMode, settings, toolSearch.mode);
  warnings.push(...settings.problems.map((p) => `settings: ${p}`));
  const request = loadRequestSettings({ cwd: ctx.cwd, env: ctx.env });
  warnings.push(...request.problems.map((p) => `settings: ${p}`));
  const notice = projectRulesNotice(settings);
  if (notice !== undefined) warnings.push(`settings: ${notice}`);
  const store = new PermissionStore(paths.permissions(ctx.env));
  warnings.push(...store.problems().map((p) => `permissions: ${p}`));

  const asker = mode.elicitation;
  const mcp = await ctx.createHost(
    asker === undefined
      ? undefined
      : {
          manager: askingClients((server) => asker.handler(server)),
        },
  );
  const { manager, registry, bridge } = mcp;
  const saveDir = paths.outputsDir(ctx.env);
  const jobs = new BackgroundJobs();
  const todos = new TodoList();
  const gate = new PermissionGate({
    configRules,
    store,
    projectDir: ctx.cwd,
    context: { projectDir: ctx.cwd, home: userHome(ctx.env), addDirs: ctx.host.addDirs },
    yes: opts.yes === true,
    mode: permissionMode,
    ...(mode.prompter !== undefined && { prompter: mode.prompter }),
  });

  // §18.4: commands run in the session's sandbox unless the user's settings or --no-sandbox turn it off.
  const commands = commandSandbox({
    sandbox: mcp.sandbox,
    context: {
      home: userHome(ctx.env),
      codeagentHome: codeagentHome(ctx.host.homeEnv),
      projectDir: ctx.cwd,
      addDirs: ctx.host.addDirs,
    },
    enabled: opts.sandbox !== false && settings.sandbox?.enabled !== false,
    ...(settings.sandbox?.additions !== undefined && { additions: settings.sandbox.additions }),
  });
  const unavailable = commands.availability();
  if (opts.sandbox !== false && settings.sandbox?.enabled !== false && !unavailable.ok)
    warnings.push(unavailableWarning(unavailable));
  registerBuiltins(registry, {
    cwd: ctx.cwd,
    saveDir,
    sandbox: commands,
    env: ctx.env,
    jobs,
    todos,
    plan: { active: () => gate.mode === "plan", exit: () => gate.setMode("default") },
    ...(mode.user !== undefined && { user: mode.user }),
    addDirs: ctx.host.addDirs,
    ...(settings.bashEnv !== undefined && { bashEnv: settings.bashEnv }),
  });
  // Code mode: execute_code beside the built-ins; its inner calls pass this gate as direct calls do.
  if (code.limits !== undefined) registry.register(executeCodeTool({ registry, gate, limits: code.limits }));
  // Skills (§21): the model loads one with `skill` (registered once there is a skill to load, so a setup
  // without skills pays nothing); a trusted one's allowed-tools hold from then on.
  const loadSkill = skillTool(mcp.catalog, { grant: (p) => void gate.grant(grantPatterns(p)) });
  const skillsForModel = () => {
    mcp.catalog.refresh();
    const list = mcp.catalog.forModel();
    if (list.length > 0 && registry.get(loadSkill.name) === undefined) registry.register(loadSkill);
    return list;
  };
  warnings.push(...mcp.catalog.notes().map((n) => `skills: ${n}`));
  warnings.push(
    ...registerExtTools(registry, { cwd: ctx.cwd, env: ctx.env, variables: ctx.variables, saveDir }).map(
      (w) => `tools: ${w}`,
    ),
  );

  const resolved = resolveModel(opts.model, {
    env: ctx.env,
    request: request.settings,
    ...(settings.model !== undefined && { settingsModel: settings.model }),
    ...(opts.baseUrl !== undefined && { baseUrl: opts.baseUrl }),
  });
  const host: AgentHost = {
    ctx,
    manager,
    registry,
    bridge,
    pins: mcp.toolPins,
    acceptTools: (server, tools) => mcp.acceptTools(server, tools),
    gate,
    skills: mcp.catalog,
    warnings,
    prices: settings.prices ?? {},
    todos,
    switchModel: () => ({ ok: false, message: "not ready" }),
    modelChoices: () => [],
    runShell: async (command, signal) => {
      const bash = registry.get("bash");
      if (bash === undefined) return { denied: true, text: "the bash tool is not available" };
      const decision = await gate.check(
        {
          tool: "bash",
          readOnly: false,
          subject: { kind: "command", command },
          sandboxed: bash.sandboxed?.({ command }) ?? false,
        },
        { command },
        { preview: () => ({ kind: "command", command }) },
      );
      if (!decision.allowed) return { denied: true, text: decision.reason };
      const r = await bash.execute({ command }, signal !== undefined ? { signal } : {});
      return { denied: false, text: r.text, isError: r.isError };
    },
    // Background bash jobs end with the session, like the servers.
    shutdown: async () => {
      await Promise.all([mcp.close(), jobs.killAll()]);
    },
  };
  let agentOptions: AgentOptions | undefined;
  const alwaysLoad = new Set(
    ctx.config.servers.filter((d) => d.config?.alwaysLoad === true).map((d) => d.name),
  );
  // Tool search, limits and dialect follow the model's provider (§15); each agent has its own session.
  let current: Extract<ModelResolution, { ok: true }> | undefined;
  const toolSession = () => {
    const provider = current!.provider as ProviderName;
    const modelId = current!.id.slice(current!.id.indexOf(":") + 1);
    const native = nativeSearchFor(provider, modelId, nativeSearch.mode);
    return new ToolSession({
      mode: code.searchMode,
      code: code.limits !== undefined,
      provider,
      ...(native !== undefined && { native }),
      contextWindow: contextWindowFor(current!.id, settings.contextWindow),
      alwaysLoad: () => alwaysLoad,
      // The index of the same tools as a previous run is read from disk (§15.1).
      buildIndex: (tools) => cachedToolIndex(tools, { dir: paths.searchIndexDir(ctx.env) }).index,
      unavailable: (name) => mcp.toolUnavailable(name),
    });
  };
  const useModel = (r: Extract<ModelResolution, { ok: true }>) => {
    host.model = r.id;
    current = r;
    delete host.modelProblem;
    const supportsMedia = r.provider === "openai" || r.provider === "anthropic";
    if (agentOptions !== undefined) {
      // The same options object is shared with sub-agents made later, so they use the new model too.
      agentOptions.model = r.model;
      agentOptions.modelId = r.id;
      agentOptions.supportsMedia = supportsMedia;
      agentOptions.endpoint = r.endpoint;
      host.agent?.useToolSession(toolSession());
      return;
    }
    const o: AgentOptions = {
      model: r.model,
      registry,
      gate,
      instructions: () => readyInstructions(manager),
      readResource: (server, uri, ro) =>
        readMentioned(manager, server, uri, {
          saveDir,
          ...(ro?.signal !== undefined && { signal: ro.signal }),
        }),
      knownServers: () => new Set(manager.names()),
      ...(maxSteps !== undefined && { maxSteps }),
      cwd: ctx.cwd,
      supportsMedia,
      modelId: r.id,
      endpoint: r.endpoint,
      request: request.settings,
      ...(settings.contextWindow !== undefined && { contextWindow: settings.contextWindow }),
      projectInstructions: () =>
        loadProjectInstructions({ cwd: ctx.cwd, userFile: paths.userInstructions(ctx.env) }),
      beforeTurn: () => manager.revalidate(),
      skills: skillsForModel,
    };
    agentOptions = o;
    host.agent = new Agent({ ...o, toolSession: toolSession() });
    registry.register(
      taskTool(() => new Agent({ ...o, registry: withoutTask(registry), toolSession: toolSession() })),
    );
  };
  host.switchModel = (spec) => {
    const r = resolveModel(spec, {
      env: ctx.env,
      request: request.settings,
      ...(opts.baseUrl !== undefined && { baseUrl: opts.baseUrl }),
    });
    if (!r.ok) return { ok: false, message: r.message };
    useModel(r);
    return { ok: true, id: r.id };
  };
  host.modelChoices = () =>
    [...new Set([host.model, opts.model, ctx.env.CODEAGENT_MODEL, settings.model])].filter(
      (m): m is string => m !== undefined && m.trim() !== "",
    );
  if (resolved.ok) useModel(resolved);
  else host.modelProblem = resolved.message;

  // Definition tokens are counted with the real tokenizer; its ranks load while the servers start.
  const counter = host.agent !== undefined ? loadTokenCounter().catch(() => undefined) : undefined;
  if (mode.interactive) void mcp.start({ waitMs: 0 });
  else if (host.agent !== undefined) await Promise.all([mcp.start(), counter]);
  return host;
}

/** A mentioned resource as text: text contents joined, binary ones as a placeholder, capped (§7). */
export async function readMentioned(
  manager: McpManager,
  server: string,
  uri: string,
  o: { saveDir: string; signal?: AbortSignal },
): Promise<{ text: string } | { error: string }> {
  try {
    if (manager.has(server)) await manager.waitForServer(server, MENTION_WAIT_MS);
    const raw = await manager
      .connection(server)
      .readResource(uri, { ...(o.signal !== undefined && { signal: o.signal }) });
    const contents = (Array.isArray(raw.contents) ? raw.contents : []) as {
      text?: unknown;
      blob?: unknown;
      mimeType?: unknown;
    }[];
    const parts = contents.map((c) =>
      typeof c.text === "string"
        ? c.text
        : `[binary content${typeof c.mimeType === "string" ? ` (${c.mimeType})` : ""}, ${typeof c.blob === "string" ? Math.floor((c.blob.length * 3) / 4) : 0} bytes, not attached]`,
    );
    return { text: capOutput(parts.join("\n"), { saveDir: o.saveDir, label: "resource" }).text };
  } catch (e) {
    return { error: errorMessage(e) };
  }
}

/** Instructions of the servers that are ready now (a server that starts later joins the next step). */
export function readyInstructions(manager: McpManager): ServerInstructions[] {
  return manager
    .snapshots()
    .flatMap((s) =>
      s.state.status === "ready" &&
      typeof s.info?.instructions === "string" &&
      s.info.instructions.trim() !== ""
        ? [{ server: s.name, text: s.info.instructions }]
        : [],
    );
}

export function parsePermissionMode(raw: string | undefined): PermissionMode {
  if (raw === undefined) return "default";
  if ((PERMISSION_MODES as readonly string[]).includes(raw)) return raw as PermissionMode;
  throw new CodeagentError(
    "USAGE",
    `--permission-mode must be one of ${PERMISSION_MODES.join(", ")}, got "${raw}"`,
  );
}

export function parseMaxSteps(raw: string | number | undefined): number | undefined {
  if (raw === undefined) return undefined;
  const n = typeof raw === "number" ? raw : Number(raw);
  if (!Number.isInteger(n) || n < 1) {
    throw new CodeagentError(
      "USAGE",
      `--max-steps must be a whole number of at least 1, got "${String(raw)}"`,
    );
  }
  return n;
}
