// Asks whether a tool may run (§8.1): once, always this tool, always this server, or deny (y/t/s/n).
import { Box, Text } from "ink";
import type { PermissionAnswer } from "../../core/permissions/gate.js";
import { stripControlLine } from "../../core/text/strip.js";
import { Choice, type ChoiceOption } from "./Choice.js";
import type { PendingPermission } from "./permission-queue.js";

export interface PermissionPromptProps {
  pending: PendingPermission;
  onAnswer: (answer: PermissionAnswer) => void;
}

export function PermissionPrompt({ pending, onAnswer }: PermissionPromptProps) {
  const { req, argsPreview } = pending;
  const tool = stripControlLine(req.tool);
  const server = req.server === undefined ? undefined : stripControlLine(req.server);
  const options: ChoiceOption<PermissionAnswer>[] = [
    { key: "y", label: "Yes, this once", value: "once" },
    { key: "t", label: `Yes, and always allow ${tool}`, value: "always-tool" },
    ...(server !== undefined
      ? [
          {
            key: "s",
            label: `Yes, and always allow every tool of ${server}`,
            value: "always-server" as const,
          },
        ]
      : []),
    { key: "n", label: "No, deny (Esc)", value: "deny" },
  ];
  return (
    <Box flexDirection="column" borderStyle="round" borderColor="yellow" paddingX={1} marginTop={1}>
      <Text>
        <Text bold color="yellow">
          Allow tool call?
        </Text>
        {`  ${tool}`}
        {server !== undefined && <Text dimColor>{`  (server ${server})`}</Text>}
      </Text>
      <Text wrap="truncate-end">
        <Text dimColor>arguments </Text>
        {argsPreview === "" ? "{}" : argsPreview}
      </Text>
      <Box marginTop={1}>
        <Choice key={pending.id} options={options} onChoose={onAnswer} escape="deny" />
      </Box>
    </Box>
  );
}
