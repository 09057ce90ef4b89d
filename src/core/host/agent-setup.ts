// Over 300 lines: the one place the agent is wired; its parts (flags, server context, model switch) are
// read together, and several branches edit it at once, so it is split only where the seams are clean.
// Builds the agent host shared by `codeagent -p` and the interactive session: context → manager →
// registry (built-ins, ext_ HTTP tools, MCP bridge) → permission gate → Agent. Headless waits (bounded)
// for the servers before the turn; the interactive session starts them without waiting, so MCP servers
// never delay the first screen, and tools appear in the registry as servers become ready.
import { Agent, type AgentOptions } from "../agent/loop.js";
import { contextWindowFor } from "../agent/context.js";
import { nativeSearchFor } from "../agent/native-search.js";
import { loadProjectInstructions } from "../agent/project-instructions.js";
import { resolveModel, takesImages, type ModelResolution, type ProviderName } from "../agent/providers.js";
import { loadTokenCounter } from "../agent/token-count.js";
import { loadRequestSettings } from "../agent/provider/request-settings.js";
import { ToolSession } from "../agent/tool-session.js";
import { cachedToolIndex } from "../search/index-cache.js";
import { CodeagentError } from "../errors.js";
import type { McpManager } from "../mcp/servers/manager.js";
import { PermissionGate, type PermissionPrompter } from "../permissions/gate.js";
import { PermissionStore } from "../permissions/store.js";
import { codeagentHome, paths, userHome } from "../paths.js";
import { loadSettings, resolveNativeToolSearch, resolveToolSearch } from "../settings.js";
import { commandSandbox } from "../sandbox/command-sandbox.js";
import { unavailableWarning } from "../sandbox/probe.js";
import { readGitStatus } from "../git/status.js";
import type { PriceTable } from "../cost/prices.js";
import { projectRulesNotice, runRules } from "./permission-flags.js";
import { resolve } from "node:path";
import { codeModeSetup } from "../code-mode/setup.js";
import { BackgroundJobs, registerBuiltins, TodoList, type UserChannel } from "../tools/builtin/index.js";
import { taskTool, type SubagentStop } from "../agent/task-tool.js";
import { agentDirs, scanSubagents } from "../agent/subagents/scan.js";
import { subagentStarter } from "../agent/subagents/start.js";
import type { SubagentScan } from "../agent/subagents/types.js";
import { grantPatterns } from "../skills/grants.js";
import { skillTool } from "../skills/tool.js";
import type { SkillCatalog } from "../skills/catalog.js";
import { executeCodeTool } from "../code-mode/code-tools.js";
import { registerExtTools } from "../tools/ext-http.js";
import type { McpToolBridge } from "../tools/mcp-bridge.js";
import type { ToolPins } from "../pinning/pins.js";
import type { Acceptance } from "../pinning/review.js";
import type { ToolRegistry } from "../tools/registry.js";
import { askingClients, type ElicitationHandler } from "../mcp/connection/elicitation.js";
import type { HostContext } from "./host-context.js";
import { hookRunner } from "./hooks-setup.js";
import type { HookRunner } from "../hooks/runner.js";
import { parseMaxSteps, parsePermissionMode, type AgentFlags } from "./agent-flags.js";
import { readMentioned, readyInstructions } from "./server-context.js";
import { resolveStartup } from "../mcp/servers/lazy.js";
import { askUnconfined } from "./unconfined-ask.js";

/** `!cmd`: what the user's own shell command printed, or why the gate refused it. */
export type ShellOutcome = { denied: true; text: string } | { denied: false; text: string; isError: boolean };

export interface AgentHostMode {
  interactive: boolean;
  /** Asks the user on "ask" decisions; without one (and without --yes) they are refusals. */
  prompter?: PermissionPrompter;
  /** The person at the terminal, for ask_user and plan approval (interactive only). */
  user?: UserChannel;
  /** The person at the terminal, for servers' elicitation requests (interactive only; else declined). */
  elicitation?: { handler(server: string): ElicitationHandler };
}

export interface AgentHost {
  ctx: HostContext;
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
  /** `!cmd`: the user's own shell command, run without asking (in the command sandbox where there is one). */
  runShell(command: string, signal?: AbortSignal): Promise<ShellOutcome>;
  /** The user's hooks (§23); the session starts and ends them. */
  hooks: HookRunner;
  /** The models this run knows of (current, --model, CODEAGENT_MODEL, settings), for `/model`. */
  modelChoices(): string[];
  /** The latest todo_write list. */
  todos: TodoList;
  /** Subagents from the agents folders (§23), read at start: `task {subagent_type}` and `/agents`. */
  subagents: SubagentScan;
  /** Called as each sub-agent ends (hooks' SubagentStop); add a listener to be told. */
  subagentStop: Set<(e: SubagentStop) => void | Promise<void>>;
  shutdown(): Promise<void>;
}

/** The agent over the MCP host of `ctx` (the CLI builds `ctx` from its flags); `opts` are the agent's flags. */
export async function assembleAgentHost(
  ctx: HostContext,
  opts: AgentFlags,
  mode: AgentHostMode,
): Promise<AgentHost> {
  // The AI SDK would print provider warnings with console.warn (onto stdout); the loop reports them as events.
  (globalThis as { AI_SDK_LOG_WARNINGS?: unknown }).AI_SDK_LOG_WARNINGS = false;
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
  const hooks = hookRunner(ctx, opts.settings ?? [], warnings);

  const asker = mode.elicitation;
  // §20.1: a session starts a server whose tools are cached on its first use ("startup" in settings.json).
  const startup = resolveStartup(settings.startup);
  if (!startup.ok) throw new CodeagentError("USAGE", startup.message);
  const mcp = await ctx.createHost({
    // §18.5: no sandbox here → a server that would be confined asks first (--no-sandbox: context.ts says yes).
    ...(opts.sandbox !== false &&
      mode.prompter !== undefined && { unconfined: askUnconfined(mode.prompter) }),
    manager: {
      startup: startup.mode,
      ...(asker !== undefined && askingClients((server) => asker.handler(server))),
    },
  });
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
    ...(mode.prompter !== undefined && { prompter: hooks.notifying(mode.prompter) }),
  });
  hooks.setPermissionMode(gate.mode);
  gate.onModeChange((m) => hooks.setPermissionMode(m));

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

  const subagents = scanSubagents(agentDirs(ctx.cwd, ctx.env));
  warnings.push(...subagents.invalid.map((a) => `agents: ${a.file} skipped: ${a.reason}`));
  const subagentStop = new Set<(e: SubagentStop) => void | Promise<void>>();

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
    subagents,
    subagentStop,
    switchModel: () => ({ ok: false, message: "not ready" }),
    modelChoices: () => [],
    hooks,
    // The user typed it: no prompt, no rules (issue 30); the bash tool still runs it in the sandbox if on.
    runShell: async (command, signal) => {
      const bash = registry.get("bash");
      if (bash === undefined) return { denied: true, text: "the bash tool is not available" };
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
  const toolSession = (model = current!) => {
    const provider = model.provider as ProviderName;
    const modelId = model.id.slice(model.id.indexOf(":") + 1);
    const native = nativeSearchFor(provider, modelId, nativeSearch.mode);
    return new ToolSession({
      mode: code.searchMode,
      code: code.limits !== undefined,
      provider,
      ...(native !== undefined && { native }),
      contextWindow: contextWindowFor(model.id, settings.contextWindow),
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
    const supportsMedia = takesImages(r.provider, ctx.env);
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
      hooks,
      gitStatus: () => readGitStatus(ctx.cwd, { env: ctx.env }),
    };
    agentOptions = o;
    host.agent = new Agent({ ...o, toolSession: toolSession() });
    registry.register(
      taskTool({
        agents: subagents.agents,
        start: subagentStarter({
          options: () => ({ ...o, stopEvent: "SubagentStop" }),
          resolve: (spec) =>
            resolveModel(spec, {
              env: ctx.env,
              request: request.settings,
              ...(opts.baseUrl !== undefined && { baseUrl: opts.baseUrl }),
            }),
          toolSession,
          supportsMedia: (provider) => takesImages(provider, ctx.env),
        }),
        onStop: async (e) => {
          for (const listener of subagentStop) await listener(e);
        },
      }),
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
