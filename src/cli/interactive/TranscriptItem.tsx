// One transcript item. Model and server text is stripped of terminal control sequences before display.
import { Box, Text } from "ink";
import { stripControl } from "../../core/text/strip.js";
import { Mark } from "./Mark.js";
import { Markdown } from "./Markdown.js";
import { ToolCall } from "./ToolCall.js";
import type { Item, NoticeLevel } from "./transcript.js";
import { ViewBlock } from "./ViewBlock.js";

const NOTICE: Record<NoticeLevel, { mark: string; color?: string }> = {
  info: { mark: "·" },
  // Plain glyphs only: emoji-like ones (⚠, ⏺) are drawn two cells wide by some terminals and skew wrapping.
  warning: { mark: "!", color: "yellow" },
  error: { mark: "✗", color: "red" },
};

export function TranscriptItem({ item }: { item: Item }) {
  switch (item.kind) {
    case "user":
      return (
        <Box marginTop={1}>
          <Mark color="gray">❯</Mark>
          <Text>{stripControl(item.text)}</Text>
        </Box>
      );
    case "assistant":
      // Blocks of one answer are separated by a blank line, as in the markdown source.
      return (
        <Box marginTop={1}>
          <Mark>{item.cont ? "" : "●"}</Mark>
          <Box minHeight={1} flexDirection="column" flexGrow={1}>
            <Markdown text={stripControl(item.text)} />
          </Box>
        </Box>
      );
    case "tool":
      return <ToolCall item={item} />;
    case "notice": {
      const n = NOTICE[item.level];
      return (
        <Box marginTop={1}>
          <Mark color={n.color} dim={item.level === "info"}>
            {n.mark}
          </Mark>
          <Text color={n.color} dimColor={item.level === "info"}>
            {stripControl(item.text)}
          </Text>
        </Box>
      );
    }
    case "view":
      return (
        <Box marginTop={1}>
          <ViewBlock view={item.view} />
        </Box>
      );
  }
}
