// The /mcp view: one row per server (name, scope, status, counts) with errors below, then tools whose
// definitions changed since accepted (with their diffs), skipped tools and what listing could not do.
import { Box, Text } from "ink";
import type { ServerStatus } from "../../core/mcp/servers/state.js";
import { TOOL_COUNT_MEANS } from "../../core/tools/server-counts.js";
import type { McpRow, View } from "./views.js";

export const STATUS_COLOR: Record<ServerStatus, string> = {
  ready: "green",
  idle: "cyan",
  starting: "yellow",
  failed: "red",
  "needs-approval": "magenta",
  "needs-auth": "magenta",
  disabled: "gray",
};

const HEAD = ["server", "scope", "status", "tools", "resources", "prompts"];

export function McpTable({ view }: { view: Extract<View, { type: "mcp" }> }) {
  if (view.rows.length === 0) {
    return <Text dimColor>No MCP servers are configured (codeagent mcp add, or --mcp-config FILE).</Text>;
  }
  const cells = (r: McpRow) => [
    r.name,
    r.scope,
    r.status,
    String(r.tools),
    String(r.resources),
    String(r.prompts),
  ];
  const widths = HEAD.map((h, i) => Math.max(h.length, ...view.rows.map((r) => (cells(r)[i] ?? "").length)));
  const pad = (s: string, i: number) => s.padEnd((widths[i] ?? 0) + 2);
  return (
    <Box flexDirection="column">
      <Text bold>{HEAD.map(pad).join("").trimEnd()}</Text>
      <Text dimColor>{`(${TOOL_COUNT_MEANS})`}</Text>
      {view.rows.map((r) => (
        <Box key={r.name} flexDirection="column">
          <Text>
            {pad(r.name, 0)}
            {pad(r.scope, 1)}
            <Text color={STATUS_COLOR[r.status]}>{pad(r.status, 2)}</Text>
            {pad(String(r.tools), 3)}
            {pad(String(r.resources), 4)}
            {String(r.prompts)}
          </Text>
          {r.error !== null && (
            <Box marginLeft={2}>
              <Text color="red">{`⎿ ${r.error}`}</Text>
            </Box>
          )}
          {r.sandbox !== undefined && (
            <Box marginLeft={2}>
              <Text dimColor>{`⎿ sandbox: ${r.sandbox}`}</Text>
            </Box>
          )}
          {r.status === "idle" && (
            <Box marginLeft={2}>
              <Text dimColor>{"⎿ idle: tools from the cache; the server starts on its first use"}</Text>
            </Box>
          )}
          {r.status === "needs-approval" && (
            <Box marginLeft={2}>
              <Text
                dimColor
              >{`⎿ from this project's config, not approved: codeagent mcp approve ${r.name}`}</Text>
            </Box>
          )}
        </Box>
      ))}
      {view.changed !== undefined && (
        <Box flexDirection="column" marginTop={1}>
          <Text color="yellow">
            Tool definitions changed since accepted (changed ones are withheld until /mcp accept NAME):
          </Text>
          {view.changed.map((c, i) => (
            <Box key={i} flexDirection="column" marginLeft={2}>
              <Text>{`${c.server}/${c.tool} (${c.change})`}</Text>
              {c.lines.map((l, j) => (
                <Text
                  key={j}
                  color={l.startsWith("  + ") ? "green" : l.startsWith("  - ") ? "red" : undefined}
                  dimColor={!l.startsWith("  + ") && !l.startsWith("  - ")}
                >{`  ${l}`}</Text>
              ))}
            </Box>
          ))}
        </Box>
      )}
      {view.skipped.length > 0 && (
        <Box flexDirection="column" marginTop={1}>
          <Text dimColor>Tools left out:</Text>
          {view.skipped.map((s, i) => (
            <Text key={i} dimColor>{`  ${s.server}/${s.tool}: ${s.reason}`}</Text>
          ))}
        </Box>
      )}
      {view.notes.length > 0 && (
        <Box flexDirection="column" marginTop={1}>
          <Text color="yellow">Listing notes:</Text>
          {view.notes.map((n, i) => (
            <Text key={i} dimColor>{`  ${n.server}: ${n.text}`}</Text>
          ))}
        </Box>
      )}
    </Box>
  );
}
