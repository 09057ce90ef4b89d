// The elicitation request currently waiting, re-read whenever the queue changes; its notices go to `note`.
import { useEffect, useState } from "react";
import type { ElicitQueue, PendingElicitation } from "./elicit-queue.js";

export function useElicitation(
  queue: ElicitQueue | undefined,
  note: (level: "info" | "warning", text: string) => void,
): PendingElicitation | undefined {
  const [pending, setPending] = useState(() => queue?.current());
  useEffect(() => {
    if (queue === undefined) return;
    const update = () => setPending(queue.current());
    queue.on("changed", update);
    queue.on("notice", note);
    update();
    return () => {
      queue.off("changed", update);
      queue.off("notice", note);
    };
  }, [queue, note]);
  return pending;
}
