// The session's hooks (§23): loaded from the user's, the `--settings` and the project's settings; problems
// (a bad entry, project hooks waiting for approval) become the session's warnings.
import { resolve } from "node:path";
import { loadHooks } from "../hooks/load.js";
import { HookRunner } from "../hooks/runner.js";
import type { HostContext } from "./host-context.js";

export function hookRunner(
  ctx: Pick<HostContext, "cwd" | "env">,
  settingsFiles: readonly string[],
  warnings: string[],
): HookRunner {
  const config = loadHooks({
    cwd: ctx.cwd,
    env: ctx.env,
    extraFiles: settingsFiles.map((f) => resolve(ctx.cwd, f)),
  });
  warnings.push(...config.problems.map((p) => `hooks: ${p}`));
  return new HookRunner({ hooks: config.active, cwd: ctx.cwd, env: ctx.env });
}
