// A small spinner for a running tool or turn; one timer per spinner, stopped on unmount.
import { Text } from "ink";
import { useEffect, useState } from "react";

const FRAMES = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"];

export function Spinner({ intervalMs = 120 }: { intervalMs?: number }) {
  const [frame, setFrame] = useState(0);
  useEffect(() => {
    const t = setInterval(() => setFrame((f) => (f + 1) % FRAMES.length), intervalMs);
    return () => clearInterval(t);
  }, [intervalMs]);
  return <Text color="cyan">{FRAMES[frame]}</Text>;
}
