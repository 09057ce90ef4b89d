// The bottom line: MCP server counts by state (live), the model in use, and a hint for the current mode.
import { Box, Text } from "ink";
import type { ServerSnapshot } from "../../core/mcp/server-state.js";
import { countStatuses, formatTokens, statusParts } from "./format.js";
import { STATUS_COLOR } from "./McpTable.js";

export interface StatusLineProps {
  servers: readonly ServerSnapshot[];
  model: string | undefined;
  hint?: string;
  /** Tools the next request carries and their definition tokens (§15.5). */
  tools?: { loaded: number; deferred: number; loadedTokens: number };
}

export function StatusLine({ servers, model, hint, tools }: StatusLineProps) {
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
        {tools !== undefined && (
          <Text dimColor>
            {`  │  tools ${tools.loaded}${tools.deferred > 0 ? ` +${tools.deferred} deferred` : ""} · ${formatTokens(tools.loadedTokens)} tok`}
          </Text>
        )}
        <Text dimColor>{"  │  "}</Text>
        {model !== undefined ? <Text color="cyan">{model}</Text> : <Text color="yellow">no model</Text>}
        <Text dimColor>{`  │  ${hint ?? "/help for commands"}`}</Text>
      </Text>
    </Box>
  );
}
