// The ask_user question or plan approval currently waiting, re-read whenever the queue changes.
import { useEffect, useState } from "react";
import type { PendingQuestion, UserQueue } from "./user-queue.js";

export function useQuestion(queue: UserQueue | undefined): PendingQuestion | undefined {
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
