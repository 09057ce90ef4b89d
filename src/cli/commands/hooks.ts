// `codeagent hooks list | approve` (§23): every hook with its source and whether it runs; approving a
// project's `hooks` block (bound to its hash, so an edited block asks again) after it was shown whole.
import { loadHooks, PROJECT_HOOKS_APPROVAL, type HookConfig } from "../../core/hooks/load.js";
import { createContext, type GlobalOptions } from "../context.js";
import { printJson, warn, writeOut } from "../output.js";
import { renderTable } from "../table.js";

/** The rows `/hooks` and `hooks list` show: event, matcher, command, source, status. */
export function hookTable(config: HookConfig): string {
  if (config.listed.length === 0)
    return 'No hooks. Add a "hooks" block (Claude Code\'s shape) to settings.json.';
  return renderTable(
    ["EVENT", "MATCHER", "SOURCE", "STATUS", "COMMAND"],
    config.listed.map((h) => [
      h.event,
      h.matcher === "" ? "*" : h.matcher,
      h.source,
      h.approved ? "runs" : "needs approval",
      h.command,
    ]),
    { maxCell: 100 },
  );
}

export async function hooksList(g: GlobalOptions): Promise<number> {
  const ctx = createContext(g);
  const config = loadHooks({ cwd: ctx.cwd, env: ctx.env });
  for (const p of config.problems) warn(`hooks: ${p}`);
  if (ctx.json)
    await printJson({
      hooks: config.listed.map((h) => ({
        event: h.event,
        matcher: h.matcher,
        command: h.command,
        timeout: h.timeoutS,
        source: h.source,
        file: h.file,
        approved: h.approved,
      })),
    });
  else await writeOut(hookTable(config));
  return 0;
}

export async function hooksApprove(g: GlobalOptions): Promise<number> {
  const ctx = createContext(g);
  const before = loadHooks({ cwd: ctx.cwd, env: ctx.env });
  const project = before.listed.filter((h) => h.source === "project");
  if (before.project === undefined) {
    if (ctx.json) await printJson({ approved: [] });
    else await writeOut("This project's settings define no hooks; there is nothing to approve.");
    return 0;
  }
  // The block as read and shown here, not the file again: what is approved is what was printed.
  ctx.approvals.approve(ctx.cwd, PROJECT_HOOKS_APPROVAL, before.project.block);
  if (ctx.json)
    await printJson({
      approved: project.map((h) => ({ event: h.event, matcher: h.matcher, command: h.command })),
      file: before.project.file,
      hash: before.project.hash,
    });
  else
    await writeOut(
      `Approved the hooks of ${before.project.file}; they run in this project until the block changes:\n` +
        project.map((h) => `  ${h.event} ${h.matcher === "" ? "*" : h.matcher}: ${h.command}`).join("\n"),
    );
  return 0;
}
