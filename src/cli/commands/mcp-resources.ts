// `codeagent mcp resources [NAME]`, `mcp read NAME URI`, `mcp prompts [NAME]`, `mcp prompt NAME PROMPT`:
// browse and fetch what servers offer besides tools (§2.1, §9).
import { CodeagentError } from "../../core/errors.js";
import type { McpManager } from "../../core/mcp/servers/manager.js";
import { renderToolResult } from "../../core/tools/output.js";
import { promptBlocks } from "../../core/tools/render-prompt.js";
import { paths } from "../../core/paths.js";
import { createContext, reportConfigProblems, type CliContext, type GlobalOptions } from "../context.js";
import { printJson, warn, writeOut } from "../output.js";
import { withServers } from "../session.js";
import { requireServer } from "./mcp-host.js";
import { renderTable } from "../table.js";

function reportUnavailable(m: McpManager, servers: string[]): void {
  for (const s of servers) {
    const snap = m.snapshot(s);
    if (snap.state.status !== "ready")
      warn(`${s}: ${snap.state.status}${snap.error !== null ? ` — ${snap.error}` : ""}`);
  }
}

export async function mcpResources(name: string | undefined, g: GlobalOptions): Promise<number> {
  const ctx = createContext(g);
  reportConfigProblems(ctx.config, warn);
  requireServer(ctx, name);
  const doc = await withServers(ctx, name === undefined ? {} : { only: [name] }, async (m) => {
    const servers = name === undefined ? m.names() : [name];
    reportUnavailable(m, servers);
    const ready = servers.filter((s) => m.snapshot(s).state.status === "ready");
    return {
      resources: ready.flatMap((s) =>
        m.snapshot(s).lists.resources.map((r) => ({
          server: s,
          uri: r.uri,
          name: r.name,
          mimeType: r.mimeType ?? null,
          description: r.description ?? null,
        })),
      ),
      templates: ready.flatMap((s) =>
        m.snapshot(s).lists.templates.map((t) => ({
          server: s,
          uriTemplate: t.uriTemplate,
          name: t.name,
          description: t.description ?? null,
        })),
      ),
    };
  });
  if (ctx.json) {
    await printJson(doc);
    return 0;
  }
  const out: string[] = [];
  out.push(
    doc.resources.length === 0
      ? "No resources."
      : renderTable(
          ["SERVER", "URI", "NAME", "MIME TYPE"],
          doc.resources.map((r) => [r.server, r.uri, r.name, r.mimeType ?? ""]),
        ),
  );
  if (doc.templates.length > 0) {
    out.push(
      "",
      renderTable(
        ["SERVER", "URI TEMPLATE", "NAME"],
        doc.templates.map((t) => [t.server, t.uriTemplate, t.name]),
      ),
    );
  }
  await writeOut(out.join("\n"));
  return 0;
}

async function onReady<T>(
  ctx: CliContext,
  name: string,
  fn: (m: McpManager, signal: AbortSignal) => Promise<T>,
): Promise<T> {
  return withServers(ctx, { only: [name] }, async (m, signal) => {
    // A server that did not get ready fails here with the reason (SERVER_UNAVAILABLE, NEEDS_APPROVAL).
    return fn(m, signal);
  });
}

export async function mcpRead(name: string, uri: string, g: GlobalOptions): Promise<number> {
  const ctx = createContext(g);
  reportConfigProblems(ctx.config, warn);
  requireServer(ctx, name);
  const raw = await onReady(ctx, name, (m, signal) => m.readResource(name, uri, { signal }));
  const contents = (Array.isArray(raw.contents) ? raw.contents : []) as Record<string, unknown>[];
  if (ctx.json) {
    await printJson({
      contents: contents.map((c) => ({
        uri: c.uri,
        mimeType: c.mimeType ?? null,
        ...(typeof c.text === "string" ? { text: c.text } : { blob: c.blob }),
      })),
    });
    return 0;
  }
  const r = renderToolResult(
    { content: contents.map((c) => ({ type: "resource", resource: c })) },
    { saveDir: paths.outputsDir(ctx.env), label: "resource" },
  );
  await writeOut(r.text);
  return 0;
}

export async function mcpPrompts(name: string | undefined, g: GlobalOptions): Promise<number> {
  const ctx = createContext(g);
  reportConfigProblems(ctx.config, warn);
  requireServer(ctx, name);
  const prompts = await withServers(ctx, name === undefined ? {} : { only: [name] }, async (m) => {
    const servers = name === undefined ? m.names() : [name];
    reportUnavailable(m, servers);
    return servers
      .filter((s) => m.snapshot(s).state.status === "ready")
      .flatMap((s) =>
        m.snapshot(s).lists.prompts.map((p) => ({
          server: s,
          name: p.name,
          description: p.description ?? null,
          arguments: p.arguments ?? [],
        })),
      );
  });
  if (ctx.json) {
    await printJson({ prompts });
    return 0;
  }
  await writeOut(
    prompts.length === 0
      ? "No prompts."
      : renderTable(
          ["SERVER", "PROMPT", "ARGUMENTS", "DESCRIPTION"],
          prompts.map((p) => [
            p.server,
            p.name,
            p.arguments.map((a) => (a.required === true ? a.name : `[${a.name}]`)).join(" "),
            p.description ?? "",
          ]),
        ),
  );
  return 0;
}

export function parsePromptArgs(list: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const kv of list) {
    const i = kv.indexOf("=");
    if (i <= 0) throw new CodeagentError("USAGE", `--arg must look like key=value, got "${kv}"`);
    out[kv.slice(0, i)] = kv.slice(i + 1);
  }
  return out;
}

export async function mcpPrompt(
  name: string,
  prompt: string,
  o: { arg?: string[] },
  g: GlobalOptions,
): Promise<number> {
  const ctx = createContext(g);
  reportConfigProblems(ctx.config, warn);
  requireServer(ctx, name);
  const args = parsePromptArgs(o.arg ?? []);
  const raw = await onReady(ctx, name, (m, signal) => m.getPrompt(name, prompt, args, { signal }));
  const messages = Array.isArray(raw.messages)
    ? (raw.messages as { role?: unknown; content?: unknown }[])
    : [];
  if (ctx.json) {
    await printJson({
      messages,
      ...(typeof raw.description === "string" && { description: raw.description }),
    });
    return 0;
  }
  const r = renderToolResult(
    { content: promptBlocks(raw) },
    { saveDir: paths.outputsDir(ctx.env), label: "prompt" },
  );
  await writeOut(r.text);
  return 0;
}
