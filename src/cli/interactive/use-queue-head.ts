// The request waiting at the head of a prompt queue (a permission, an ask_user question or plan approval, an
// elicitation), re-read whenever the queue says it changed. One hook for every queue the session shows.
import { useEffect, useState } from "react";

export interface PromptQueue<T> {
  current(): T | undefined;
  on(event: "changed", listener: () => void): unknown;
  off(event: "changed", listener: () => void): unknown;
}

export function useQueueHead<T>(queue: PromptQueue<T> | undefined): T | undefined {
  const [pending, setPending] = useState(() => queue?.current());
  useEffect(() => {
    if (queue === undefined) return;
    const update = () => setPending(queue.current());
    queue.on("changed", update);
    update();
    return () => {
      queue.off("changed", update);
    };
  }, [queue]);
  return pending;
}
