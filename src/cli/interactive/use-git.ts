// The status line's git part (§23): read when the session starts and again after each turn (and after a
// `!cmd`), never on a render; not a repository or no git: nothing.
import { useEffect, useState } from "react";
import { gitLabel } from "../../core/git/status.js";
import type { SessionHost } from "./host.js";

export function useGitLabel(host: SessionHost, busy: boolean): string | undefined {
  const [label, setLabel] = useState<string | undefined>(undefined);
  useEffect(() => {
    if (busy || host.gitStatus === undefined) return;
    let live = true;
    void host.gitStatus().then((s) => {
      if (live) setLabel(s === undefined ? undefined : gitLabel(s));
    });
    return () => {
      live = false;
    };
  }, [host, busy]);
  return label;
}
