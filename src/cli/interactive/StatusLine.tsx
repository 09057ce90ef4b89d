// The bottom line: MCP server counts by state (live), the model in use, the session's cost and a hint for the
// current mode. Parts that do not fit the width are dropped (status-layout.ts); the context gauge never is.
import { Box, Text } from "ink";
import type { ServerSnapshot } from "../../core/mcp/servers/state.js";
import { countStatuses, statusParts, tokens } from "./format.js";
import { STATUS_COLOR } from "./McpTable.js";
import { fitStatus, SEPARATOR, type StatusPart } from "./status-layout.js";
import { useColumns } from "./use-columns.js";

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
  /** The session's cost so far ("$0.42"); absent when the model has no price (§23). */
  cost?: string;
  /** The git branch (and dirty mark) of the project, as shown. */
  branch?: string;
  /** Columns to fit; default the terminal's width. */
  width?: number;
}

/** "ctx 12.3k/200k (6%)": what the last request took of the window. */
export function contextText(c: { used: number; window: number }): string {
  return `ctx ${tokens(c.used)}/${tokens(c.window)} (${Math.round((c.used / c.window) * 100)}%)`;
}

export function StatusLine(props: StatusLineProps) {
  const columns = useColumns();
  const { servers, model, hint, context, tools, mode, cost, branch } = props;
  const mcp = statusParts(countStatuses(servers));
  const parts: StatusPart[] = [
    { key: "mcp", text: `MCP ${servers.length === 0 ? "no servers" : mcp.map((p) => p.text).join(" · ")}` },
    ...(tools !== undefined
      ? [
          {
            key: "tools" as const,
            text: `tools ${tools.loaded}${tools.deferred > 0 ? ` +${tools.deferred} deferred` : ""} · ${tokens(tools.loadedTokens)} tok`,
          },
        ]
      : []),
    ...(branch !== undefined ? [{ key: "branch" as const, text: branch }] : []),
    { key: "model", text: model ?? "no model" },
    ...(mode !== undefined ? [{ key: "mode" as const, text: mode }] : []),
    ...(context !== undefined ? [{ key: "context" as const, text: contextText(context) }] : []),
    ...(cost !== undefined ? [{ key: "cost" as const, text: cost }] : []),
    { key: "hint", text: hint ?? "/help for commands" },
  ];
  // One column spare: a line exactly as wide as the terminal wraps in some of them.
  const shown = fitStatus(parts, (props.width ?? columns) - 1);
  return (
    <Box>
      <Text wrap="truncate-end">
        {shown.map((p, i) => (
          <Text key={p.key}>
            {i > 0 && <Text dimColor>{SEPARATOR}</Text>}
            {partView(p, props, mcp)}
          </Text>
        ))}
      </Text>
    </Box>
  );
}

function partView(p: StatusPart, props: StatusLineProps, mcp: ReturnType<typeof statusParts>) {
  switch (p.key) {
    case "mcp":
      return (
        <Text>
          <Text dimColor>MCP </Text>
          {props.servers.length === 0 ? (
            <Text dimColor>no servers</Text>
          ) : (
            mcp.map((s, i) => (
              <Text key={s.status}>
                {i > 0 && <Text dimColor> · </Text>}
                <Text color={STATUS_COLOR[s.status]}>{s.text}</Text>
              </Text>
            ))
          )}
        </Text>
      );
    case "model":
      return props.model !== undefined ? (
        <Text color="cyan">{p.text}</Text>
      ) : (
        <Text color="yellow">{p.text}</Text>
      );
    case "mode":
      return (
        <Text color="magenta" bold>
          {p.text}
        </Text>
      );
    case "context": {
      const c = props.context!;
      return (
        <Text color={c.used >= c.window * 0.8 ? "yellow" : undefined} dimColor={c.used < c.window * 0.6}>
          {p.text}
        </Text>
      );
    }
    case "cost":
      return <Text color="green">{p.text}</Text>;
    default:
      return <Text dimColor>{p.text}</Text>;
  }
}
