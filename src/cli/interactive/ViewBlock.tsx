// Renders a command view: /mcp, /tools, /help or /mcp logs (data captured when the command ran).
import { Box, Text } from "ink";
import { KEYS } from "./commands.js";
import { tokens, toolStatsLine } from "./format.js";
import { McpTable } from "./McpTable.js";
import type { View } from "./views.js";

export function ViewBlock({ view }: { view: View }) {
  switch (view.type) {
    case "mcp":
      return <McpTable view={view} />;
    case "tools":
      return <ToolsList view={view} />;
    case "help":
      return <Help view={view} />;
    case "context":
      return <ContextView view={view} />;
    case "diff":
      return <DiffView view={view} />;
    case "logs":
      return (
        <Box flexDirection="column">
          <Text bold>{`Log of ${view.server} (last ${view.lines.length} lines)`}</Text>
          {view.lines.map((l, i) => (
            // Long lines wrap in their own column, under the text rather than the time stamp.
            <Box key={i}>
              <Box flexShrink={0} width={20}>
                <Text>
                  <Text dimColor>{`${l.time.slice(11, 23)} `}</Text>
                  <Text color={l.kind === "event" ? "cyan" : undefined}>{l.kind}</Text>
                </Text>
              </Box>
              <Text>{l.text}</Text>
            </Box>
          ))}
        </Box>
      );
  }
}

function ContextView({ view }: { view: Extract<View, { type: "context" }> }) {
  const s = view.stats;
  const t = view.tools;
  const pct = (n: number) => `${Math.round((n / s.window) * 100)}%`;
  const used = s.lastInputTokens;
  const rows: [string, string][] = [
    ["last request", used === undefined ? "none yet" : `${tokens(used)} input tokens (${pct(used)})`],
    ["next request", `~${tokens(s.nextTokens)} (${pct(s.nextTokens)}), estimated`],
    [
      "  system prompt",
      `~${tokens(s.systemTokens)}${s.skillTokens !== undefined ? ` (skills list ~${tokens(s.skillTokens)})` : ""}`,
    ],
    [
      "  tool definitions",
      t === undefined
        ? `~${tokens(s.toolTokens)}`
        : `${tokens(t.loadedTokens)} in ${t.loaded} tools${t.deferred > 0 ? `; ${t.deferred} deferred (${tokens(t.deferredTokens)} not sent: ${t.deferredServers.map((d) => `${d.server} ${d.tools}`).join(", ")})` : ""}`,
    ],
    ["  messages", `~${tokens(s.messageTokens)} in ${s.messages} messages`],
    ["compacts at", `${tokens(s.compactAt)} (80%; /compact does it now)`],
    [
      "session so far",
      `${tokens(s.session.inputTokens)} in · ${tokens(s.session.outputTokens)} out${s.sessionToolDefinitionTokens ? ` · ${tokens(s.sessionToolDefinitionTokens)} of tool definitions (sub-agents included)` : ""}`,
    ],
  ];
  return (
    <Box flexDirection="column">
      <Text bold>{`Context of ${view.model ?? "the model"}: window ${tokens(s.window)} tokens`}</Text>
      {rows.map(([k, v]) => (
        <Text key={k}>
          {`  ${k.padEnd(20)}`}
          <Text dimColor>{v}</Text>
        </Text>
      ))}
    </Box>
  );
}

function ToolsList({ view }: { view: Extract<View, { type: "tools" }> }) {
  if (view.groups.length === 0) return <Text dimColor>No tools are registered yet.</Text>;
  const deferred = new Set(view.summary?.deferredServers.map((s) => s.server));
  return (
    <Box flexDirection="column">
      {view.summary !== undefined && <Text>{toolStatsLine(view.summary)}</Text>}
      {view.groups.map((g) => (
        <Box key={g.title} flexDirection="column">
          <Text bold>
            {`${g.title} (${g.count ?? g.tools.length})`}
            {deferred.has(g.title) && <Text dimColor> deferred: found by search_tools</Text>}
          </Text>
          {g.tools.map((t) => (
            <Text key={t.name} wrap="truncate-end">
              {`  ${t.name}`}
              {t.readOnly && <Text color="green"> [read-only]</Text>}
              {t.description !== "" && <Text dimColor>{` — ${t.description}`}</Text>}
            </Text>
          ))}
        </Box>
      ))}
    </Box>
  );
}

function Help({ view }: { view: Extract<View, { type: "help" }> }) {
  const width = Math.max(...[...view.commands, ...KEYS].map((c) => c.usage.length)) + 2;
  return (
    <Box flexDirection="column">
      <Text bold>Commands</Text>
      {view.commands.map((c) => (
        <Text key={c.usage}>
          {`  ${c.usage.padEnd(width)}`}
          <Text dimColor>{c.description}</Text>
        </Text>
      ))}
      {view.prompts.length > 0 && <Text bold>Skills, commands and MCP prompts</Text>}
      {view.prompts.map((p) => (
        <Text key={p.usage} wrap="truncate-end">
          {`  ${p.usage}`}
          {p.description !== "" && <Text dimColor>{` — ${p.description}`}</Text>}
        </Text>
      ))}
      <Text bold>Keys</Text>
      {KEYS.map((k) => (
        <Text key={k.usage}>
          {`  ${k.usage.padEnd(width)}`}
          <Text dimColor>{k.description}</Text>
        </Text>
      ))}
    </Box>
  );
}

/** /diff: git's unified diff, coloured by line kind, then the untracked files. */
function DiffView({ view }: { view: Extract<View, { type: "diff" }> }) {
  return (
    <Box flexDirection="column">
      {view.lines.map((l, i) => (
        <Text key={i} {...diffLineStyle(l)}>
          {l === "" ? " " : l}
        </Text>
      ))}
      {view.omitted > 0 && <Text dimColor>{`… ${view.omitted} more lines: run git diff in a shell`}</Text>}
      {view.untracked.length > 0 && (
        <Text bold>{`Untracked (${view.untracked.length}, not in the diff):`}</Text>
      )}
      {view.untracked.map((f) => (
        <Text key={f} color="green">{`  ${f}`}</Text>
      ))}
    </Box>
  );
}

export function diffLineStyle(l: string): { color?: string; bold?: boolean; dimColor?: boolean } {
  if (l.startsWith("diff --git") || l.startsWith("+++ ") || l.startsWith("--- ")) return { bold: true };
  if (l.startsWith("@@")) return { color: "cyan" };
  if (l.startsWith("+")) return { color: "green" };
  if (l.startsWith("-")) return { color: "red" };
  if (/^(index |new file|deleted file|similarity|rename |old mode|new mode|Binary)/.test(l))
    return { dimColor: true };
  return {};
}
