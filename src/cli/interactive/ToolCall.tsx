// One tool call in the transcript: name and compact arguments, then a spinner or progress bar while it
// runs, then the first lines of its result with an (error), denied or cancelled marker.
import { Box, Text } from "ink";
import { stripControl, stripControlLine } from "../../core/text/strip.js";
import { ProgressBar } from "./ProgressBar.js";
import { Spinner } from "./Spinner.js";
import type { Todo } from "../../core/tools/builtin/todo-write.js";
import type { Item } from "./transcript.js";
import { Mark } from "./Mark.js";
import { highlightJs, type TokenKind } from "./highlight-js.js";

type ToolItem = Extract<Item, { kind: "tool" }>;

export function ToolCall({ item }: { item: ToolItem }) {
  const r = item.result;
  const color =
    r?.isError === true ? "red" : r?.denied === true || r?.cancelled === true ? "yellow" : "green";
  return (
    <Box
      flexDirection="column"
      marginTop={item.parentId !== undefined ? 0 : 1}
      marginLeft={item.parentId !== undefined ? 4 : 0}
    >
      <Box>
        {item.running ? (
          <Box width={2} flexShrink={0}>
            <Spinner />
          </Box>
        ) : (
          <Mark color={color}>●</Mark>
        )}
        <Box flexShrink={0}>
          <Text bold>{stripControlLine(item.name)}</Text>
        </Box>
        {item.args !== "" && item.todos === undefined && item.code === undefined && (
          <Text dimColor wrap="truncate-end">{` ${item.args}`}</Text>
        )}
      </Box>
      {item.code !== undefined && <Script code={item.code} />}
      {item.running && item.progress !== undefined && (
        <Box marginLeft={2}>
          <Mark dim>⎿</Mark>
          <ProgressBar {...item.progress} />
        </Box>
      )}
      {item.todos !== undefined && r?.isError !== true && <Checklist todos={item.todos} />}
      {r !== undefined && item.todos === undefined && <ResultLines result={r} />}
      {r !== undefined && item.todos !== undefined && r.isError && <ResultLines result={r} />}
    </Box>
  );
}

function ResultLines({ result }: { result: NonNullable<ToolItem["result"]> }) {
  const { preview } = result;
  const marker = result.denied
    ? { text: "denied", color: "yellow" }
    : result.cancelled === true
      ? { text: "cancelled", color: "yellow" }
      : result.isError
        ? { text: "(error)", color: "red" }
        : undefined;
  const lines = result.denied || result.cancelled === true ? [] : preview.lines;
  const first = lines[0] ?? (marker === undefined ? "(no output)" : "");
  return (
    <Box flexDirection="column" marginLeft={2}>
      <Box>
        <Mark dim>⎿</Mark>
        {marker !== undefined && <Text color={marker.color}>{marker.text}</Text>}
        {marker !== undefined && first !== "" && <Text> </Text>}
        <Text wrap="truncate-end">{first}</Text>
      </Box>
      {lines.slice(1).map((l, i) => (
        <Text key={i} wrap="truncate-end">{`  ${l}`}</Text>
      ))}
      {preview.more > 0 && !result.denied && <Text dimColor>{`  … +${preview.more} lines`}</Text>}
    </Box>
  );
}

const TODO_MARK = { completed: "☒", in_progress: "◐", pending: "☐" } as const;

function Checklist({ todos }: { todos: readonly Todo[] }) {
  return (
    <Box flexDirection="column" marginLeft={2}>
      {todos.map((t, i) => (
        <Box key={i}>
          <Mark dim>{i === 0 ? "⎿" : ""}</Mark>
          <Text
            color={t.status === "in_progress" ? "cyan" : undefined}
            dimColor={t.status === "completed"}
            strikethrough={t.status === "completed"}
            bold={t.status === "in_progress"}
          >
            {`${TODO_MARK[t.status]} ${stripControlLine(t.content)}`}
          </Text>
        </Box>
      ))}
    </Box>
  );
}

/** Lines of an execute_code script shown at most; the rest is counted. */
const SCRIPT_LINES = 20;
const TOKEN_COLOR: Record<TokenKind, string | undefined> = {
  keyword: "magenta",
  string: "green",
  comment: "gray",
  number: "yellow",
  tool: "cyan",
  plain: undefined,
};

/** The script of an execute_code call, highlighted (its inner calls follow, nested under it). */
function Script({ code }: { code: string }) {
  const lines = highlightJs(stripControl(code).replace(/\s+$/, ""));
  return (
    <Box
      flexDirection="column"
      marginLeft={2}
      borderStyle="single"
      borderLeft
      borderTop={false}
      borderRight={false}
      borderBottom={false}
      borderDimColor
      paddingLeft={1}
    >
      {lines.slice(0, SCRIPT_LINES).map((tokens, i) => (
        <Text key={i} wrap="truncate-end">
          {tokens.length === 0
            ? " "
            : tokens.map((t, j) => (
                <Text key={j} {...(TOKEN_COLOR[t.kind] !== undefined && { color: TOKEN_COLOR[t.kind] })}>
                  {t.text}
                </Text>
              ))}
        </Text>
      ))}
      {lines.length > SCRIPT_LINES && <Text dimColor>{`… +${lines.length - SCRIPT_LINES} lines`}</Text>}
    </Box>
  );
}
