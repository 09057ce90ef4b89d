// The bottom line: MCP server counts by state (live), the model in use, and a hint for the current mode.
import { Box, Text } from "ink";
import type { ServerSnapshot } from "../../core/mcp/server-state.js";
import { countStatuses, statusParts, tokens } from "./format.js";
import { STATUS_COLOR } from "./McpTable.js";

export interface StatusLineProps {
  servers: readonly ServerSnapshot[];
  model: string | undefined;
  hint?: string;
  /** Tokens of the session's context (the last request's input) against the model's window. */
  context?: { used: number; window: number };
}

/** "ctx 12.3k/200k (6%)": what the last request took of the window. */
export function contextText(c: { used: number; window: number }): string {
  return `ctx ${tokens(c.used)}/${tokens(c.window)} (${Math.round((c.used / c.window) * 100)}%)`;
}

export function StatusLine({ servers, model, hint, context }: StatusLineProps) {
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
        {context !== undefined && (
          <Text
            color={context.used >= context.window * 0.8 ? "yellow" : undefined}
            dimColor={context.used < context.window * 0.6}
          >
            {`  ${contextText(context)}`}
          </Text>
        )}
        <Text dimColor>{`  │  ${hint ?? "/help for commands"}`}</Text>
      </Text>
    </Box>
  );
}
