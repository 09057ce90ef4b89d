// Builds the agent host shared by `codeagent -p` and the interactive session: context → manager →
// registry (built-ins, ext_ HTTP tools, MCP bridge) → permission gate → Agent. Headless waits (bounded)
// for the servers before the turn; the interactive session starts them without waiting, so MCP servers
// never delay the first screen, and tools appear in the registry as servers become ready.
import { Agent } from "../core/agent/loop.js";
import { resolveModel } from "../core/agent/providers.js";
import type { ServerInstructions } from "../core/agent/system-prompt.js";
import { CodeagentError, errorMessage } from "../core/errors.js";
import type { McpManager } from "../core/mcp/manager.js";
import { PermissionGate, type PermissionPrompter } from "../core/permissions/gate.js";
import { PermissionStore } from "../core/permissions/store.js";
import { paths } from "../core/paths.js";
import { loadSettings } from "../core/settings.js";
import { registerBuiltins } from "../core/tools/builtin/index.js";
import { capOutput } from "../core/tools/cap-output.js";
import { registerExtTools } from "../core/tools/ext-http.js";
import type { McpToolBridge } from "../core/tools/mcp-bridge.js";
import type { ToolRegistry } from "../core/tools/registry.js";
import { createContext, type CliContext, type GlobalOptions } from "./context.js";

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
  /** `--max-steps N`. */
  maxSteps?: string | number;
}

export type AgentHostOptions = GlobalOptions & AgentFlags;

export interface AgentHostMode {
  interactive: boolean;
  /** Asks the user on "ask" decisions; without one (and without --yes) they are refusals. */
  prompter?: PermissionPrompter;
  /** Tests pass their own environment and directory; default process.env / process.cwd(). */
  env?: NodeJS.ProcessEnv;
  cwd?: string;
}

export interface AgentHost {
  ctx: CliContext;
  manager: McpManager;
  registry: ToolRegistry;
  bridge: McpToolBridge;
  gate: PermissionGate;
  /** Absent when no usable model is configured; `modelProblem` then says how to configure one. */
  agent?: Agent;
  modelProblem?: string;
  /** `provider:model`, for status lines and JSON output. */
  model?: string;
  /** Config, settings and ext_ tool problems, for the caller to show. */
  warnings: string[];
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
  const warnings: string[] = [
    ...ctx.config.fileErrors.map((p) => `config: ${p.message}`),
    ...ctx.config.warnings.map((p) => `config warning: ${p.message}`),
  ];
  const settings = loadSettings({ cwd: ctx.cwd, env: ctx.env });
  warnings.push(...settings.problems.map((p) => `settings: ${p}`));
  const store = new PermissionStore(paths.permissions(ctx.env));
  warnings.push(...store.problems().map((p) => `permissions: ${p}`));

  const mcp = await ctx.createHost();
  const { manager, registry, bridge } = mcp;
  const saveDir = paths.outputsDir(ctx.env);
  registerBuiltins(registry, { cwd: ctx.cwd, saveDir, env: ctx.env });
  warnings.push(
    ...registerExtTools(registry, { cwd: ctx.cwd, env: ctx.env, variables: ctx.variables, saveDir }).map(
      (w) => `tools: ${w}`,
    ),
  );

  const gate = new PermissionGate({
    configRules: {
      allow: [...settings.permissions.allow, ...(opts.allow ?? [])],
      deny: [...settings.permissions.deny, ...(opts.deny ?? [])],
    },
    store,
    yes: opts.yes === true,
    ...(mode.prompter !== undefined && { prompter: mode.prompter }),
  });

  const resolved = resolveModel(opts.model, {
    env: ctx.env,
    ...(settings.model !== undefined && { settingsModel: settings.model }),
    ...(opts.baseUrl !== undefined && { baseUrl: opts.baseUrl }),
  });
  const host: AgentHost = {
    ctx,
    manager,
    registry,
    bridge,
    gate,
    warnings,
    shutdown: () => mcp.close(),
  };
  if (!resolved.ok) {
    host.modelProblem = resolved.message;
  } else {
    host.model = resolved.id;
    host.agent = new Agent({
      model: resolved.model,
      registry,
      gate,
      instructions: () => readyInstructions(manager),
      readResource: (server, uri, o) =>
        readMentioned(manager, server, uri, {
          saveDir,
          ...(o?.signal !== undefined && { signal: o.signal }),
        }),
      knownServers: () => new Set(manager.names()),
      ...(maxSteps !== undefined && { maxSteps }),
      cwd: ctx.cwd,
      supportsMedia: resolved.provider === "openai" || resolved.provider === "anthropic",
    });
  }

  if (mode.interactive) void mcp.start({ waitMs: 0 });
  else if (host.agent !== undefined) await mcp.start();
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
