// The bottom line: MCP server counts by state (live), the model in use, and a hint for the current mode.
import { Box, Text } from "ink";
import type { ServerSnapshot } from "../../core/mcp/server-state.js";
import { countStatuses, statusParts } from "./format.js";
import { STATUS_COLOR } from "./McpTable.js";

export interface StatusLineProps {
  servers: readonly ServerSnapshot[];
  model: string | undefined;
  hint?: string;
  /** A permission mode other than the default, e.g. "plan mode". */
  mode?: string;
}

export function StatusLine({ servers, model, hint, mode }: StatusLineProps) {
  const parts = statusParts(countStatuses(servers));
  return (
    <Box>
      <Text wrap="truncate-end">
        <Text dimColor>MCP </Text>
        {servers.length === 0 ? (
          <Text dimColor>no servers</Text>
        ) : (
          parts.map((p, i) => (
            <Text key={p.status}>
              {i > 0 && <Text dimColor> · </Text>}
              <Text color={STATUS_COLOR[p.status]}>{p.text}</Text>
            </Text>
          ))
        )}
        <Text dimColor>{"  │  "}</Text>
        {model !== undefined ? <Text color="cyan">{model}</Text> : <Text color="yellow">no model</Text>}
        {mode !== undefined && (
          <Text>
            <Text dimColor>{"  │  "}</Text>
            <Text color="magenta" bold>
              {mode}
            </Text>
          </Text>
        )}
        <Text dimColor>{`  │  ${hint ?? "/help for commands"}`}</Text>
      </Text>
    </Box>
  );
}
