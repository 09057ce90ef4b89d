// A progress bar for a tool that reports MCP progress with a total; without a total, the count alone.
// Messages arrive cleaned (the MCP bridge strips a server's progress text where it enters).
import { Text } from "ink";
import { cut } from "./format.js";

export interface ProgressProps {
  progress: number;
  total?: number;
  message?: string;
  width?: number;
}

export function progressLine({ progress, total, message, width = 20 }: ProgressProps): string {
  const note = message !== undefined && message !== "" ? ` ${cut(message, 60)}` : "";
  // A task's status line comes with no figures of its own until the server reports some.
  if (total === undefined || !(total > 0))
    return progress === 0 && note !== "" ? note.slice(1) : `${progress}${note}`;
  const ratio = Math.max(0, Math.min(1, progress / total));
  const filled = Math.round(ratio * width);
  return `${"█".repeat(filled)}${"░".repeat(width - filled)} ${Math.round(ratio * 100)}%${note}`;
}

export function ProgressBar(props: ProgressProps) {
  return <Text color="cyan">{progressLine(props)}</Text>;
}
