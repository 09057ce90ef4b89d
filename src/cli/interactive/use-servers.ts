// Live server snapshots for the UI: re-read whenever the manager reports a state or list change.
import { useEffect, useState } from "react";
import type { ServerSnapshot } from "../../core/mcp/servers/state.js";
import type { ManagerView } from "./host.js";

export function useServers(manager: ManagerView): ServerSnapshot[] {
  const [snaps, setSnaps] = useState(() => manager.snapshots());
  useEffect(() => {
    const update = () => setSnaps(manager.snapshots());
    manager.on("state", update);
    manager.on("lists", update);
    // Changes between the first render and this subscription would otherwise be missed.
    update();
    return () => {
      manager.off("state", update);
      manager.off("lists", update);
    };
  }, [manager]);
  return snaps;
}
