// The permission question currently waiting in the queue, re-read whenever the queue changes.
import { useEffect, useState } from "react";
import type { PendingPermission, PermissionQueue } from "./permission-queue.js";

export function usePermission(queue: PermissionQueue): PendingPermission | undefined {
  const [pending, setPending] = useState(() => queue.current());
  useEffect(() => {
    const update = () => setPending(queue.current());
    queue.on("changed", update);
    update();
    return () => {
      queue.off("changed", update);
    };
  }, [queue]);
  return pending;
}
