// Data for the command views (/mcp, /tools, /help, /mcp logs), captured when the command runs so that a
// printed view never changes afterwards. Every string from a server is made single-line and safe here.
import type { SkillRow } from "../../core/skills/catalog.js";
import type { ContextStats } from "../../core/agent/loop.js";
import type { LogLine } from "../../core/mcp/servers/logs.js";
import type { ServerSnapshot } from "../../core/mcp/servers/state.js";
import { describeToolCount, serverCounts } from "../../core/tools/server-counts.js";
import { stripControlLine } from "../../core/text/strip.js";
import type { ToolStats } from "../../core/agent/tool-session.js";
import type { ToolEntry } from "../../core/tools/types.js";
import { COMMANDS, type CommandHelp } from "./commands.js";
import { cut } from "./format.js";
import type { PinsView, RegistryView } from "./host.js";
import { describeChange } from "../../core/pinning/describe.js";
import { promptUsage } from "./prompt-args.js";

export interface McpRow {
  name: string;
  scope: string;
  status: ServerSnapshot["state"]["status"];
  tools: number;
  resources: number;
  prompts: number;
  error: string | null;
  /** Its OS sandbox (§18.3): mode and policy, or why it is off. */
  sandbox?: string;
}

export interface ToolGroup {
  title: string;
  /** `7 tools + 2 resource/prompt tools`: counted as `mcp list` and `/mcp` count (server-counts.ts). */
  count?: string;
  tools: { name: string; readOnly: boolean; description: string }[];
}

/** A tool whose definition differs from the accepted one (§16), with the diff lines to show. */
export interface ChangedToolRow {
  server: string;
  tool: string;
  change: "new" | "changed" | "removed";
  lines: string[];
}

export type View =
  | {
      type: "mcp";
      rows: McpRow[];
      skipped: { server: string; tool: string; reason: string }[];
      changed?: ChangedToolRow[];
      /** What listing could not do, per server (a list that failed or stopped early, malformed entries). */
      notes: { server: string; text: string }[];
    }
  | { type: "tools"; groups: ToolGroup[]; summary?: ToolStats }
  | { type: "help"; commands: CommandHelp[]; prompts: { usage: string; description: string }[] }
  | { type: "logs"; server: string; lines: LogLine[] }
  | { type: "context"; stats: ContextStats; model: string | undefined; tools?: ToolStats }
  | { type: "diff"; lines: string[]; omitted: number; untracked: string[] };

const line = (s: string, max = 300) => cut(stripControlLine(s), max);

export function mcpView(
  snaps: readonly ServerSnapshot[],
  registry: Pick<RegistryView, "skipped" | "serverTools" | "serverEntries">,
  pins?: Pick<PinsView, "details">,
  sandboxOf?: (s: ServerSnapshot) => string,
): View {
  const changed = snaps.flatMap((s) =>
    (pins?.details(s.name) ?? []).map((d): ChangedToolRow => ({
      server: s.name,
      tool: line(d.name, 80),
      change: d.change,
      lines: describeChange(d, { maxLines: 8 }).map((l) => line(l)),
    })),
  );
  return {
    ...(changed.length > 0 && { changed }),
    type: "mcp",
    rows: snaps.map((s) => ({
      name: s.name,
      scope: s.scope,
      status: s.state.status,
      ...serverCounts(s, registry),
      error: s.error === null ? null : line(s.error, 500),
      ...(sandboxOf !== undefined && { sandbox: line(sandboxOf(s), 500) }),
    })),
    skipped: snaps.flatMap((s) =>
      registry
        .skipped(s.name)
        .map((k) => ({ server: s.name, tool: line(k.name, 80), reason: line(k.reason) })),
    ),
    notes: snaps.flatMap((s) => s.lists.notes.map((n) => ({ server: s.name, text: line(n.text) }))),
  };
}

export function toolsView(tools: readonly ToolEntry[], summary?: ToolStats): View {
  const groups = new Map<string, ToolGroup>();
  for (const t of tools) {
    const title = groupTitle(t);
    let g = groups.get(title);
    if (g === undefined) groups.set(title, (g = { title, tools: [] }));
    g.tools.push({
      name: line(t.name, 80),
      readOnly: t.readOnly,
      description: line(firstSentence(t.description), 100),
    });
  }
  for (const g of groups.values())
    g.count = describeToolCount(tools.filter((t) => groupTitle(t) === g.title));
  return { type: "tools", groups: [...groups.values()], ...(summary !== undefined && { summary }) };
}

function groupTitle(t: ToolEntry): string {
  return t.source.type === "mcp"
    ? t.source.server
    : t.source.type === "ext"
      ? "HTTP tools (ext_)"
      : "built-in";
}

export function helpView(snaps: readonly ServerSnapshot[], skills: readonly SkillRow[] = []): View {
  const prompts = snaps.flatMap((s) =>
    s.lists.prompts.map((p) => ({
      usage: line(promptUsage(`/mcp__${s.name}__${p.name}`, p), 120),
      description: line(firstSentence(p.description ?? ""), 100),
    })),
  );
  const usable = skills.filter((r) => r.status === "ok" || r.status === "needs-approval");
  const skillHelp = usable.map((r) => ({
    usage: line(`/${r.name}${r.argumentHint !== undefined ? ` ${r.argumentHint}` : ""}`, 120),
    description: line(`${firstSentence(r.description)} (${r.server ?? r.origin} ${r.kind})`, 100),
  }));
  return { type: "help", commands: COMMANDS, prompts: [...skillHelp, ...prompts] };
}

/** `/skills`: one line a definition, the ones in use first, then what is shadowed, withheld or invalid. */
export function skillsText(rows: readonly SkillRow[]): string {
  if (rows.length === 0) {
    return "no skills or commands: add SKILL.md folders to .codeagent/skills/ or ~/.claude/skills/, commands to .claude/commands/";
  }
  return rows
    .map((r) => {
      const where = r.origin === "mcp" ? `mcp:${r.server ?? ""}` : r.origin;
      const status =
        r.status === "ok" ? "" : ` [${r.status}${r.reason !== undefined ? `: ${r.reason}` : ""}]`;
      return line(`/${r.name}  ${r.kind} · ${where}${status}  ${firstSentence(r.description)}`, 300);
    })
    .join("\n");
}

export function logsView(server: string, lines: readonly LogLine[]): View {
  return {
    type: "logs",
    server,
    lines: lines.map((l) => ({ time: l.time, kind: l.kind, text: line(l.text, 1000) })),
  };
}

function firstSentence(s: string): string {
  const one = s.trim().split("\n")[0] ?? "";
  // A sentence ends at ". " before a capital letter, so "e.g. *.ts" stays whole.
  const m = /^(.+?[.!?])(?:\s+(?=[A-Z])|$)/.exec(one);
  return m?.[1] ?? one;
}
