// What one caller sees of the host (§22): the registered MCP tools as `SERVER__TOOL`, resources and prompts,
// each filtered by the caller's profile. Identity runs one way (§5): a caller's name is made from a registered
// entry (its name without the `mcp__` prefix) and looked up in a map built from the entries, never split back.
import type { Tool } from "@modelcontextprotocol/server";
import type { ToolEntry } from "../tools/types.js";
import type { AssembledHost } from "../host/create-host.js";
import type { RawPrompt, RawResource, RawTemplate, RawTool } from "../mcp/types.js";
import { offersTasksExtension } from "../mcp/connection/tasks-modern.js";
import { START_WAIT_MS } from "./upstream.js";
import { serverVisible, toolVisible, type Profile } from "./profiles.js";

const MCP_PREFIX = "mcp__";

/**
 * Pure: whether a caller may run this tool as a task: its upstream runs it as one (2025-11-25 `taskSupport`),
 * or may answer any call with one (a 2026-07-28 server with the tasks extension).
 */
export const taskCapable = (t: Pick<CallerTool, "raw" | "modernTasks">) =>
  t.raw?.taskSupport === "optional" || t.raw?.taskSupport === "required" || t.modernTasks === true;

/** The name a caller sees for a registered MCP tool: `mcp__github__get_issue` → `github__get_issue`. */
export const callerToolName = (registered: string) =>
  registered.startsWith(MCP_PREFIX) ? registered.slice(MCP_PREFIX.length) : registered;

/** The host as the gateway reads it: the stable API plus the server lists it serves. */
export type GatewayHost = Pick<
  AssembledHost,
  "callTool" | "search" | "servers" | "on" | "registry" | "manager"
>;

export interface CallerTool {
  name: string;
  entry: ToolEntry;
  server: string;
  /** The tool's name on its server. */
  upstreamName: string;
  raw: RawTool | undefined;
  /** Its server speaks 2026-07-28 with the tasks extension: it may answer any call with a task. */
  modernTasks?: boolean;
}

/** Whether `server` is a 2026-07-28 server that offers the tasks extension (as far as is known now). */
export function offersTasks(host: Pick<GatewayHost, "manager">, server: string): boolean {
  const info = host.manager.snapshot(server).info;
  return info?.era === "modern" && offersTasksExtension(info.capabilities);
}

/**
 * The same, known for sure: a server still starting (its tools served from the cache) is waited for, bounded,
 * as a call of it waits anyway.
 */
export async function offersTasksNow(host: Pick<GatewayHost, "manager">, server: string): Promise<boolean> {
  if (host.manager.snapshot(server).state.status === "starting")
    await host.manager.waitForServer(server, START_WAIT_MS).catch(() => undefined);
  return offersTasks(host, server);
}

/** The real (not virtual) MCP tools the profile lets the caller see, keyed by the caller's name. */
export function callerTools(host: GatewayHost, profile: Profile): Map<string, CallerTool> {
  const out = new Map<string, CallerTool>();
  const rawOf = new Map<string, Map<string, RawTool>>();
  const tasksOf = new Map<string, boolean>();
  for (const entry of host.registry.list()) {
    const src = entry.source;
    if (src.type !== "mcp" || src.kind !== "tool") continue;
    if (!toolVisible(profile, src.server, entry.name)) continue;
    let raws = rawOf.get(src.server);
    if (raws === undefined) {
      raws = new Map(host.manager.snapshot(src.server).lists.tools.map((t) => [t.name, t]));
      rawOf.set(src.server, raws);
    }
    let modernTasks = tasksOf.get(src.server);
    if (modernTasks === undefined) tasksOf.set(src.server, (modernTasks = offersTasks(host, src.server)));
    const name = callerToolName(entry.name);
    out.set(name, {
      name,
      entry,
      server: src.server,
      upstreamName: src.tool,
      raw: raws.get(src.tool),
      ...(modernTasks && { modernTasks }),
    });
  }
  return out;
}

/**
 * Each profile's tools, built once per change of the registry or of a server's lists rather than on every
 * call and list: a call then costs one map lookup.
 */
export class CallerToolViews {
  private views = new WeakMap<Profile, Map<string, CallerTool>>();

  constructor(private readonly host: GatewayHost) {
    const reset = () => void (this.views = new WeakMap());
    host.registry.on("changed", reset);
    host.manager.on("lists", reset);
  }

  of(profile: Profile): Map<string, CallerTool> {
    let v = this.views.get(profile);
    if (v === undefined) this.views.set(profile, (v = callerTools(this.host, profile)));
    return v;
  }
}

/**
 * A tool as `tools/list` serves it: the server's own schemas (callers validate against them), stripped text.
 * `tasks`: the front serves tasks, and a tool its upstream runs as a task, or may (a 2026-07-28 server with
 * the tasks extension), may be called as one (or not: the host runs the upstream task for a plain call).
 */
export function toolDefinition(t: CallerTool, tasks = false): Tool {
  const raw = t.raw;
  const schema = raw?.inputSchema;
  const input =
    schema !== null && typeof schema === "object" && (schema as { type?: unknown }).type === "object"
      ? schema
      : t.entry.inputSchema;
  return {
    name: t.name,
    ...(raw?.title !== undefined && { title: raw.title }),
    description: t.entry.fullDescription ?? t.entry.description,
    inputSchema: input as Tool["inputSchema"],
    ...(raw?.outputSchema !== undefined && { outputSchema: raw.outputSchema as Tool["outputSchema"] }),
    ...(raw?.annotations !== undefined && { annotations: raw.annotations }),
    ...(tasks && taskCapable(t) && { execution: { taskSupport: "optional" as const } }),
  };
}

/** The servers whose resources and prompts the caller may see, ready ones only. */
function readyServers(host: GatewayHost, profile: Profile): string[] {
  return host
    .servers()
    .filter((s) => s.status === "ready" && serverVisible(profile, s.name))
    .map((s) => s.name);
}

export interface CallerResource {
  server: string;
  resource: RawResource;
}

export function callerResources(host: GatewayHost, profile: Profile): CallerResource[] {
  return readyServers(host, profile).flatMap((server) =>
    host.manager.snapshot(server).lists.resources.map((resource) => ({ server, resource })),
  );
}

export function callerTemplates(
  host: GatewayHost,
  profile: Profile,
): { server: string; template: RawTemplate }[] {
  return readyServers(host, profile).flatMap((server) =>
    host.manager.snapshot(server).lists.templates.map((template) => ({ server, template })),
  );
}

export interface CallerPrompt {
  name: string;
  server: string;
  prompt: RawPrompt;
}

/** Prompts as `SERVER__PROMPT`, keyed by that name (made from the server and prompt, never split back). */
export function callerPrompts(host: GatewayHost, profile: Profile): Map<string, CallerPrompt> {
  const out = new Map<string, CallerPrompt>();
  for (const server of readyServers(host, profile)) {
    for (const prompt of host.manager.snapshot(server).lists.prompts) {
      const name = `${server}__${prompt.name}`;
      if (!out.has(name)) out.set(name, { name, server, prompt });
    }
  }
  return out;
}

/** The server that serves `uri` to this caller: the one listing it, else the first whose template matches. */
export function resourceServer(
  host: GatewayHost,
  profile: Profile,
  uri: string,
  matches: (template: string, uri: string) => boolean,
): string | undefined {
  const listed = callerResources(host, profile).find((r) => r.resource.uri === uri);
  if (listed !== undefined) return listed.server;
  return callerTemplates(host, profile).find((t) => matches(t.template.uriTemplate, uri))?.server;
}
