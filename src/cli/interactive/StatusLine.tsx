// The bottom line: MCP server counts by state (live), the model in use, and a hint for the current mode.
import { Box, Text } from "ink";
import type { ServerSnapshot } from "../../core/mcp/servers/state.js";
import { countStatuses, statusParts, tokens } from "./format.js";
import { STATUS_COLOR } from "./McpTable.js";

export interface StatusLineProps {
  servers: readonly ServerSnapshot[];
  model: string | undefined;
  hint?: string;
  /** A permission mode other than the default, e.g. "plan mode". */
  mode?: string;
  /** Tokens of the session's context (the last request's input) against the model's window. */
  context?: { used: number; window: number };
  /** Tools the next request carries and their definition tokens (§15.5). */
  tools?: { loaded: number; deferred: number; loadedTokens: number };
  /** The git branch, `*` when the tree has changes (§23); absent outside a repository. */
  git?: string;
}

/** "ctx 12.3k/200k (6%)": what the last request took of the window. */
export function contextText(c: { used: number; window: number }): string {
  return `ctx ${tokens(c.used)}/${tokens(c.window)} (${Math.round((c.used / c.window) * 100)}%)`;
}

export function StatusLine({ servers, model, hint, context, tools, mode, git }: StatusLineProps) {
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
            {`  │  tools ${tools.loaded}${tools.deferred > 0 ? ` +${tools.deferred} deferred` : ""} · ${tokens(tools.loadedTokens)} tok`}
          </Text>
        )}
        {git !== undefined && <Text dimColor>{`  │  ${git}`}</Text>}
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
