// One caller's MCP server (§22): a low-level SDK `Server` whose handlers answer from the host, through the
// caller's profile. `tools` serves every visible tool as `SERVER__TOOL`; `search` serves a small front
// (`search_tools` + `call_tool`) so a caller's context stays small however many tools there are.
import { ProtocolError, ProtocolErrorCode, Server, UriTemplate } from "@modelcontextprotocol/server";
import type { LoggingLevel, ServerContext } from "@modelcontextprotocol/server";
import { stripControl } from "../text/strip.js";
import { VERSION } from "../version.js";
import {
  callerPrompts,
  callerResources,
  callerTemplates,
  type CallerToolViews,
  resourceServer,
  offersTasksNow,
  toolDefinition,
  type CallerTool,
} from "./catalog.js";
import { callTool, type CallDeps, type Caller } from "./call-tool.js";
import { serverVisible, type Profile } from "./profiles.js";
import { SEARCH_TOOLS, searchTools } from "./search-front.js";
import { CODE_TOOLS, runCallerCode } from "./code-front.js";
import { forwardedLog, wantsLevel, type UpstreamLogs } from "./upstream-logs.js";
import { withRequestLogs } from "./request-logs.js";
import { serveTasks, taskCapable, TASKS_CAPABILITY, type TaskFront } from "./task-front.js";
import { declaresTasks, TASKS_EXTENSION, type CallerTaskStores } from "./caller-task-stores.js";

export type FrontMode = "tools" | "search" | "code";

export interface FrontCaller extends Caller {
  profile: Profile;
}

export interface FrontOptions extends CallDeps {
  mode: FrontMode;
  views: CallerToolViews;
  /** Settles when the host's bounded start-up is over: lists wait for it, so a first list is not empty. */
  started: Promise<void>;
  logs: UpstreamLogs;
  /** Stateless 2026-07-28 callers' tasks, by caller identity: the one thing kept between their requests. */
  tasks?: CallerTaskStores;
}

const text = (s: string | undefined) => (s === undefined ? undefined : stripControl(s));

function templateMatches(template: string, uri: string): boolean {
  try {
    return new UriTemplate(template).match(uri) !== null;
  } catch {
    return false;
  }
}

function argsOf(v: unknown): Record<string, unknown> {
  if (v === undefined) return {};
  if (v === null || typeof v !== "object" || Array.isArray(v))
    throw new ProtocolError(ProtocolErrorCode.InvalidParams, "arguments must be a JSON object");
  return v as Record<string, unknown>;
}

/**
 * The tool a caller names, if the profile lets them see it; an unknown and a hidden tool read the same. A call
 * that comes before start-up is over waits for it, as a list does.
 */
async function visibleTool(o: FrontOptions, caller: FrontCaller, name: string): Promise<CallerTool> {
  let tool = o.views.of(caller.profile).get(name);
  if (tool === undefined) {
    await o.started;
    tool = o.views.of(caller.profile).get(name);
  }
  if (tool === undefined)
    throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Unknown tool: ${name} (see tools/list)`);
  return tool;
}

/** `call_tool` of the search front, listed as one that may run as a task (when the tool it names does). */
const SEARCH_TOOLS_WITH_TASKS = SEARCH_TOOLS.map((t) =>
  t.name === "call_tool" ? { ...t, execution: { taskSupport: "optional" as const } } : t,
);

/**
 * `tasks`: the front serves 2025-11-25 tasks — a caller's connection that outlives a request (stdio, a 2025-era
 * HTTP session), which owns the tasks it starts. Stateless 2026-07-28 requests get the tasks extension when
 * `o.tasks` keeps their tasks (task-front.ts).
 */
export function buildFront(o: FrontOptions, caller: FrontCaller, tasks = false): Server {
  const server = new Server(
    { name: "codeagent-gateway", version: VERSION },
    {
      capabilities: {
        tools: { listChanged: true },
        resources: { listChanged: true },
        prompts: { listChanged: true },
        logging: {},
        ...(tasks && { tasks: TASKS_CAPABILITY }),
        ...(o.tasks !== undefined && { extensions: { [TASKS_EXTENSION]: {} } }),
      },
    },
  );
  let taskFront: TaskFront | undefined;
  if (tasks || o.tasks !== undefined) {
    const t = (taskFront = serveTasks(server, o, caller, { session: tasks, stateless: o.tasks }));
    server.onclose = () => t.close();
  }
  /** The upstream tool a call would run, and its arguments: the tool named, or the one `call_tool` names. */
  const target = async (name: string, args: Record<string, unknown>) => {
    if (o.mode === "tools") return { tool: await visibleTool(o, caller, name), args };
    if (o.mode === "search" && name === "call_tool" && typeof args.name === "string")
      return { tool: await visibleTool(o, caller, args.name), args: argsOf(args.arguments) };
    return undefined;
  };
  const listed =
    <T>(f: () => T) =>
    async (): Promise<T> => {
      await o.started;
      return f();
    };
  const call = async (name: string, args: Record<string, unknown>, ctx: ServerContext) => {
    const tool = await visibleTool(o, caller, name);
    return withRequestLogs(o.logs, tool.server, ctx, () => callTool(o, caller, tool, args, ctx));
  };

  server.setRequestHandler(
    "tools/list",
    listed(() =>
      o.mode === "search"
        ? { tools: tasks ? SEARCH_TOOLS_WITH_TASKS : SEARCH_TOOLS }
        : o.mode === "code"
          ? { tools: CODE_TOOLS }
          : { tools: [...o.views.of(caller.profile).values()].map((t) => toolDefinition(t, tasks)) },
    ),
  );
  server.setRequestHandler("tools/call", async (req, ctx) => {
    const args = argsOf(req.params.arguments);
    const task = req.params.task;
    if (task !== undefined) {
      const t = tasks ? await target(req.params.name, args) : undefined;
      if (taskFront === undefined || t === undefined)
        throw new ProtocolError(
          ProtocolErrorCode.MethodNotFound,
          `${req.params.name} does not run as a task here; call it without "task"`,
        );
      return taskFront.call(t.tool, t.args, task, ctx);
    }
    // The tasks extension: the server decides, for a caller that declared it. A 2026-07-28 upstream decides
    // itself, and its task passes through; a 2025-era upstream's task runs here, under a task of the caller's.
    if (taskFront !== undefined && declaresTasks(ctx.mcpReq.envelope)) {
      const t = await target(req.params.name, args).catch(() => undefined);
      const modern = t !== undefined && (await offersTasksNow(o.host, t.tool.server));
      const relay = modern ? taskFront.passThrough(t.tool) : undefined;
      if (t !== undefined && relay !== undefined)
        return withRequestLogs(o.logs, t.tool.server, ctx, () =>
          callTool(o, caller, t.tool, t.args, ctx, relay),
        );
      const handle =
        t !== undefined && taskCapable(t.tool) ? taskFront.callStateless(t.tool, t.args) : undefined;
      if (handle !== undefined) return handle as never;
    }
    if (o.mode === "tools") return call(req.params.name, args, ctx);
    if (req.params.name === "search_tools") {
      await o.started;
      return searchTools(o.host, caller.profile, args, o.mode === "code" ? "registered" : "caller");
    }
    if (o.mode === "code" && req.params.name === "execute_code") {
      await o.started;
      return runCallerCode(o.views, caller.profile, args, ctx);
    }
    if (o.mode === "search" && req.params.name === "call_tool") {
      if (typeof args.name !== "string")
        return {
          content: [{ type: "text", text: 'call_tool needs "name", a tool name from search_tools' }],
          isError: true,
        };
      return call(args.name, argsOf(args.arguments), ctx);
    }
    throw new ProtocolError(
      ProtocolErrorCode.InvalidParams,
      `Unknown tool: ${req.params.name} (see tools/list)`,
    );
  });
  server.setRequestHandler(
    "resources/list",
    listed(() => ({
      resources: callerResources(o.host, caller.profile).map(({ resource: r }) => ({
        uri: r.uri,
        name: text(r.name) ?? r.uri,
        ...(r.description !== undefined && { description: text(r.description) }),
        ...(r.mimeType !== undefined && { mimeType: r.mimeType }),
      })),
    })),
  );
  server.setRequestHandler(
    "resources/templates/list",
    listed(() => ({
      resourceTemplates: callerTemplates(o.host, caller.profile).map(({ template: t }) => ({
        uriTemplate: t.uriTemplate,
        name: text(t.name) ?? t.uriTemplate,
        ...(t.description !== undefined && { description: text(t.description) }),
        ...(t.mimeType !== undefined && { mimeType: t.mimeType }),
      })),
    })),
  );
  server.setRequestHandler("resources/read", async (req, ctx) => {
    await o.started;
    const owner = resourceServer(o.host, caller.profile, req.params.uri, templateMatches);
    if (owner === undefined)
      throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Resource not found: ${req.params.uri}`, {
        uri: req.params.uri,
      });
    const r = await withRequestLogs(o.logs, owner, ctx, () =>
      o.host.manager.readResource(owner, req.params.uri, { signal: ctx.mcpReq.signal }),
    );
    return r as { contents: [] };
  });
  server.setRequestHandler(
    "prompts/list",
    listed(() => ({
      prompts: [...callerPrompts(o.host, caller.profile).values()].map(({ name, prompt: p }) => ({
        name,
        ...(p.description !== undefined && { description: text(p.description) }),
        ...(p.arguments !== undefined && { arguments: p.arguments }),
      })),
    })),
  );
  server.setRequestHandler("prompts/get", async (req, ctx) => {
    await o.started;
    const p = callerPrompts(o.host, caller.profile).get(req.params.name);
    if (p === undefined)
      throw new ProtocolError(
        ProtocolErrorCode.InvalidParams,
        `Unknown prompt: ${req.params.name} (see prompts/list)`,
      );
    const r = await withRequestLogs(o.logs, p.server, ctx, () =>
      o.host.manager.getPrompt(p.server, p.prompt.name, req.params.arguments ?? {}, {
        signal: ctx.mcpReq.signal,
      }),
    );
    return r as { messages: [] };
  });
  return server;
}

/**
 * Tells a long-lived caller (stdio, a 2025-era session) when its lists change, and forwards the log messages of
 * the upstream servers its profile shows, at the level it set; returns the unsubscribe.
 */
export function followChanges(o: FrontOptions, server: Server, caller: FrontCaller): () => void {
  let level: LoggingLevel | undefined;
  server.setRequestHandler("logging/setLevel", (req) => {
    level = req.params.level;
    return Promise.resolve({});
  });
  const offLogs = o.logs.on((upstream, params) => {
    if (!wantsLevel(level, params.level) || !serverVisible(caller.profile, upstream)) return;
    void server.sendLoggingMessage(forwardedLog(upstream, params)).catch(() => undefined);
  });
  const offTools = o.host.on("tools", () => void server.sendToolListChanged().catch(() => undefined));
  const onLists = () => {
    void server.sendResourceListChanged().catch(() => undefined);
    void server.sendPromptListChanged().catch(() => undefined);
  };
  o.host.manager.on("lists", onLists);
  return () => {
    offLogs();
    offTools();
    o.host.manager.off("lists", onLists);
  };
}
