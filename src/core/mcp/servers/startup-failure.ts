// Words a failed start in the user's terms (§4.2): what happened, the server's last stderr lines, and the
// setting to change.
import type { ServerDefinition } from "../../config/types.js";
import { CodeagentError, errorMessage } from "../../errors.js";
import { formatSeconds } from "../connection/sdk-errors.js";
import type { ServerLog } from "./logs.js";
import { RECENT_ENTRIES } from "../stdio/recent-output.js";
import { pickLastWords } from "../stdio/last-words.js";
import { ServerExitedError, exitMessage } from "../stdio/messages.js";
import { sandboxWriteHint } from "../../sandbox/write-hint.js";

type FailureContext = { def: ServerDefinition; timedOut: boolean; timeoutMs: number; log: ServerLog };

export function startupFailure(err: unknown, ctx: FailureContext): CodeagentError {
  const e = failure(err, ctx);
  const hint = sandboxWriteHint(e.message, ctx.def);
  return hint === undefined ? e : new CodeagentError(e.code, `${e.message}; ${hint}`, { cause: e });
}

function failure(err: unknown, ctx: FailureContext): CodeagentError {
  const where = `mcpServers.${ctx.def.name} in ${ctx.def.source}`;
  if (ctx.timedOut) {
    const tail = lastStderr(ctx.log);
    return new CodeagentError(
      "STARTUP_TIMEOUT",
      `did not finish starting within ${formatSeconds(ctx.timeoutMs)}${tail}; raise "startupTimeoutMs" (${where}) if it is just slow`,
    );
  }
  if (err instanceof ServerExitedError) {
    const check = `command, args and env of ${where}`;
    return new CodeagentError(err.code, exitMessage(err.exit, err.words, { server: ctx.def.name, check }));
  }
  if (err instanceof CodeagentError) {
    if (err.code === "SERVER_EXITED" || err.code === "CONNECTION_CLOSED") {
      const tail = err.code === "CONNECTION_CLOSED" ? lastStderr(ctx.log) : "";
      return new CodeagentError(err.code, `${err.message}${tail} (check command, args and env of ${where})`);
    }
    // A remote server that cannot be reached or answered with an HTTP error: say where its url is set.
    if (err.code === "SERVER_UNAVAILABLE") return new CodeagentError(err.code, `${err.message} (${where})`);
    return err;
  }
  return new CodeagentError("PROTOCOL_ERROR", errorMessage(err));
}

function lastStderr(log: ServerLog): string {
  const lines = log
    .lines()
    .filter((l) => l.kind === "stderr")
    .slice(-RECENT_ENTRIES)
    .map((l) => ({ from: "stderr" as const, text: l.text }));
  const why = pickLastWords(lines);
  return why === undefined ? "" : ` (last stderr: ${why.text})`;
}
