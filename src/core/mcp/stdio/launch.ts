// How a stdio server is started (§11, §18.3): its working directory checked, the OS sandbox's command in place
// of the one asked for where a sandbox confines the server, and the spawn itself — detached into a process group
// of its own, through cross-spawn for the launchers Windows runs only through cmd.exe.
import type { ChildProcessWithoutNullStreams } from "node:child_process";
import { stat } from "node:fs/promises";
import crossSpawn from "cross-spawn";
import { CodeagentError, errorMessage } from "../../errors.js";
import type { SpawnSpec } from "../../sandbox/sandbox.js";
import type { Confine } from "../../sandbox/server-sandbox.js";
import { spawnError } from "./messages.js";

export interface Launch {
  spec: SpawnSpec;
  /** Frees what the sandbox set up for this process, once it is gone. */
  release?: () => Promise<void>;
}

/** What to spawn for `asked`: itself, or the sandbox's wrapper of it; `note` takes what the sandbox says. */
export async function prepareLaunch(
  asked: SpawnSpec,
  confine: Confine | undefined,
  note: (text: string) => void,
): Promise<Launch> {
  if (asked.cwd !== undefined && !(await isDirectory(asked.cwd)))
    throw spawnError(asked.command, { code: "ENOCWD" }, asked.env, asked.cwd);
  if (confine === undefined) return { spec: asked };
  try {
    const confined = await confine(asked, note);
    return { spec: confined, release: () => confined.release() };
  } catch (e) {
    throw e instanceof CodeagentError ? e : new CodeagentError("SPAWN_FAILED", errorMessage(e), { cause: e });
  }
}

export function spawnDetached(spec: SpawnSpec): ChildProcessWithoutNullStreams {
  // cross-spawn: on Windows, `npx`, `uvx` and other `.cmd` launchers need cmd.exe, which child_process only uses
  // with `shell: true` (and then splits arguments by its own rules); cross-spawn finds the launcher on PATH and
  // quotes each argument for cmd.exe. Elsewhere it is child_process.spawn unchanged.
  return crossSpawn(spec.command, spec.args, {
    env: spec.env,
    cwd: spec.cwd,
    detached: true,
    stdio: "pipe",
    windowsHide: true,
  }) as ChildProcessWithoutNullStreams;
}

async function isDirectory(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isDirectory();
  } catch {
    return false;
  }
}
