// One tool call in the transcript: name and compact arguments, then a spinner or progress bar while it
// runs, then the first lines of its result with an (error), denied or cancelled marker.
import { Box, Text } from "ink";
import { stripControlLine } from "../../core/text/strip.js";
import { ProgressBar } from "./ProgressBar.js";
import { Spinner } from "./Spinner.js";
import type { Item } from "./transcript.js";
import { Mark } from "./Mark.js";

type ToolItem = Extract<Item, { kind: "tool" }>;

export function ToolCall({ item }: { item: ToolItem }) {
  const r = item.result;
  const color =
    r?.isError === true ? "red" : r?.denied === true || r?.cancelled === true ? "yellow" : "green";
  return (
    <Box flexDirection="column" marginTop={1}>
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
        {item.args !== "" && <Text dimColor wrap="truncate-end">{` ${item.args}`}</Text>}
      </Box>
      {item.running && item.progress !== undefined && (
        <Box marginLeft={2}>
          <Mark dim>⎿</Mark>
          <ProgressBar {...item.progress} />
        </Box>
      )}
      {r !== undefined && <ResultLines result={r} />}
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
