// `codeagent mcp get NAME`: one server in full — resolved config (secrets masked), where it came from,
// status, server info, capabilities, instructions, registered tool names, skipped tools and what listing
// could not do (§2.1, §5).
import type { CacheHint, ListHints } from "../../core/mcp/servers/cache-hints.js";
import { describeHint, maskConfigValues } from "../../core/host/servers.js";
import { describeChange } from "../../core/pinning/describe.js";
import { codeagentHome, userHome } from "../../core/paths.js";
import { serverSandboxView } from "../../core/sandbox/server-sandbox.js";
import { dirname } from "node:path";
import { printable } from "../../core/text/printable.js";
import { countTools, describeCounts } from "../../core/tools/server-counts.js";
import { createContext, reportConfigProblems, type GlobalOptions } from "../context.js";
import { printJson, warn, writeOut } from "../output.js";
import { withServers } from "../session.js";
import { requireServer } from "./mcp-host.js";

export async function mcpGet(name: string, g: GlobalOptions): Promise<number> {
  const ctx = createContext(g);
  reportConfigProblems(ctx.config, warn);
  requireServer(ctx, name);
  const doc = await withServers(
    ctx,
    { only: [name], manager: { startAll: true } },
    async (m, _signal, { registry, toolPins: pins }) => {
      const s = m.snapshot(name);
      const config = s.definition.config ?? (s.definition.raw as Record<string, unknown>);
      return {
        name,
        scope: s.scope,
        source: s.source,
        transport: s.transport,
        status: s.state.status,
        error: s.error,
        // As written (§3.3): `${VAR}` templates, never the values they expand to.
        config: maskConfigValues({ ...config }),
        serverInfo: s.info?.serverInfo ?? null,
        protocolVersion: s.info?.protocolVersion ?? null,
        capabilities: s.info?.capabilities ?? null,
        instructions: s.info?.instructions ?? null,
        tools: registry.serverTools(name).map((t) => t.name),
        // The count `mcp list` shows (the server's own tools), and the resource/prompt tools listed with them.
        toolCounts: (({ tools, resourcePromptTools }) => ({ tools, resourcePromptTools }))(
          countTools(registry.serverTools(name)),
        ),
        skippedTools: registry.skipped(name).length > 0 ? registry.skipped(name) : s.lists.skippedTools,
        // §16: what the server changed since its tools were accepted, with a diff of each change.
        changedTools: pins.details(name).map((d) => ({
          name: d.name,
          change: d.change,
          fields: d.fields,
          diff: describeChange(d),
        })),
        notes: s.lists.notes.map((n) => n.text),
        // §14: the 2026-07-28 cache hints of the lists as last listed (null for a 2025-era server).
        cacheHints: hintsDoc(s.lists.hints),
        variables: s.variables.map((v) => ({ name: v.name, source: v.source, field: v.field })),
        shadowed: ctx.config.shadowed
          .filter((d) => d.name === name)
          .map((d) => ({ scope: d.scope, source: d.source })),
        warnings: s.definition.warnings,
        // §18.3: whether the OS sandbox confines it, and with what policy.
        sandbox: serverSandboxView(
          {
            name,
            scope: s.scope,
            setting: s.definition.config?.sandbox,
            baseDir: s.definition.baseDir ?? dirname(s.source),
          },
          s.definition.config?.transport === "stdio" ? s.definition.config : undefined,
          {
            home: userHome(ctx.env),
            codeagentHome: codeagentHome(ctx.host.homeEnv),
            projectDir: ctx.cwd,
            addDirs: ctx.host.addDirs,
          },
        ),
      };
    },
  );
  if (ctx.json) {
    await printJson(doc);
    return 0;
  }
  const lines = [
    `${doc.name}  (${doc.scope}, ${doc.transport})`,
    `  source:    ${doc.source}`,
    ...doc.shadowed.map((d) => `  overrides: ${d.scope} entry in ${d.source}`),
    `  status:    ${doc.status}${doc.error !== null ? ` — ${doc.error}` : ""}`,
    ...(doc.serverInfo !== null
      ? [
          `  server:    ${doc.serverInfo.name} ${doc.serverInfo.version} (protocol ${doc.protocolVersion ?? "?"})`,
        ]
      : []),
    `  config:    ${JSON.stringify(doc.config)}`,
    `  sandbox:   ${doc.sandbox.text}`,
    ...(doc.variables.length > 0
      ? [`  variables: ${doc.variables.map((v) => `${v.name} (${v.source}, in ${v.field})`).join(", ")}`]
      : []),
    ...(doc.capabilities !== null
      ? [`  capabilities: ${Object.keys(doc.capabilities).join(", ") || "none"}`]
      : []),
    ...(doc.instructions ? [`  instructions: ${printable(doc.instructions, 300)}`] : []),
    ...doc.warnings.map((w) => `  warning:   ${w}`),
    `  tools (${describeCounts(doc.toolCounts)}):`,
    ...doc.tools.map((t) => `    ${t}`),
    ...(doc.skippedTools.length > 0
      ? [
          `  skipped tools (${doc.skippedTools.length}):`,
          ...doc.skippedTools.map((t) => `    ${printable(t.name, 80)}: ${printable(t.reason, 300)}`),
        ]
      : []),
    ...(doc.cacheHints !== null
      ? [
          `  cache hints: ${Object.values(doc.cacheHints)
            .map((h) => h.text)
            .join("; ")}`,
        ]
      : []),
    ...(doc.notes.length > 0
      ? [`  listing notes (${doc.notes.length}):`, ...doc.notes.map((n) => `    ${n}`)]
      : []),
    ...(doc.changedTools.length > 0
      ? [
          `  changed tools since accepted (${doc.changedTools.length}); accept with codeagent mcp accept ${doc.name} [TOOL…]:`,
          ...doc.changedTools.flatMap((c) => [
            `    ${c.name} (${c.change})`,
            ...c.diff.map((l) => `      ${l}`),
          ]),
        ]
      : []),
  ];
  await writeOut(lines.join("\n"));
  return 0;
}

const HINT_METHODS = { tools: "tools/list", resources: "resources/list", prompts: "prompts/list" } as const;

function hintsDoc(hints: ListHints | undefined) {
  const entries = Object.entries(hints ?? {}) as [keyof typeof HINT_METHODS, CacheHint][];
  if (entries.length === 0) return null;
  return Object.fromEntries(
    entries.map(([kind, h]) => [
      kind,
      {
        ttlMs: h.ttlMs,
        scope: h.scope,
        receivedAt: new Date(h.receivedAt).toISOString(),
        text: describeHint(HINT_METHODS[kind], h),
      },
    ]),
  );
}
