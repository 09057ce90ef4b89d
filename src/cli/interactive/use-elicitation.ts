// The elicitation request currently waiting, re-read whenever the queue changes; its notices go to `note`.
import { useEffect } from "react";
import type { ElicitQueue, PendingElicitation } from "./elicit-queue.js";
import { useQueueHead } from "./use-queue-head.js";

export function useElicitation(
  queue: ElicitQueue | undefined,
  note: (level: "info" | "warning", text: string) => void,
): PendingElicitation | undefined {
  useEffect(() => {
    if (queue === undefined) return;
    queue.on("notice", note);
    return () => {
      queue.off("notice", note);
    };
  }, [queue, note]);
  return useQueueHead(queue);
}
