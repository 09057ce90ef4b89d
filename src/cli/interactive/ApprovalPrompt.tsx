// Offers a project server for approval (§8.2), showing exactly what would run or be contacted.
import { Box, Text } from "ink";
import { stripControlLine } from "../../core/text/strip.js";
import { Choice } from "./Choice.js";

export interface ApprovalRequest {
  name: string;
  source: string;
  /** The command line, or the URL, as written in the project's config. */
  runs: string;
  remote: boolean;
  /** Keys of the entry that widen what runs unasked (`"trust": true`), shown so approving accepts them. */
  widens?: string[];
}

export interface ApprovalPromptProps {
  request: ApprovalRequest;
  onAnswer: (approve: boolean) => void;
}

export function ApprovalPrompt({ request, onAnswer }: ApprovalPromptProps) {
  return (
    <Box flexDirection="column" borderStyle="round" borderColor="magenta" paddingX={1} marginTop={1}>
      <Text>
        <Text bold color="magenta">
          Approve project MCP server?
        </Text>
        {`  ${stripControlLine(request.name)}`}
        <Text dimColor>{`  from ${stripControlLine(request.source)}`}</Text>
      </Text>
      <Text>{request.runs}</Text>
      {(request.widens ?? []).map((w) => (
        <Text key={w} color="yellow">{`It also asks for ${w}.`}</Text>
      ))}
      <Text dimColor>
        {request.remote
          ? "This project's config would connect to this URL and send these headers. Approve only what you trust."
          : "This project's config would run this command on your machine. Approve only what you trust."}
      </Text>
      <Box marginTop={1}>
        <Choice
          key={request.name}
          options={[
            { key: "y", label: "Yes, approve and start it", value: true },
            { key: "n", label: "No, leave it stopped (Esc)", value: false },
          ]}
          onChoose={onAnswer}
          escape={false}
        />
      </Box>
    </Box>
  );
}
