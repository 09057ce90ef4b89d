// Asks the user on the terminal whether a tool may run (used by one-shot commands when a TTY is present),
// showing what will run whole (§8.5): the command, the diff, or the arguments.
import { createInterface } from "node:readline/promises";
import type { PermissionAnswer, PermissionPrompter } from "../core/permissions/gate.js";
import { previewRows } from "./interactive/preview-rows.js";

export function terminalPrompter(): PermissionPrompter {
  return {
    async ask(req, detail): Promise<PermissionAnswer> {
      const rl = createInterface({ input: process.stdin, output: process.stderr });
      try {
        process.stderr.write(
          `\nAllow ${req.tool}${req.server !== undefined ? ` (server ${req.server})` : ""}?\n`,
        );
        const width = Math.max(40, (process.stderr.columns || 80) - 2);
        for (const r of previewRows(detail.preview, width)) process.stderr.write(`  ${r.text}\n`);
        const command = req.subject?.kind === "command";
        const rules = (detail.always ?? []).join(", ");
        const choices = command
          ? rules === ""
            ? "  [y] once  [n] deny: "
            : `  [y] once  [t] always ${rules} here  [g] always ${rules} everywhere  [n] deny: `
          : "  [y] once  [t] always this tool here  [s] always this server here  [g] this tool everywhere  [n] deny: ";
        const a = (await rl.question(choices)).trim().toLowerCase();
        if (a === "y" || a === "yes") return "once";
        if (a === "t") return "always-tool";
        if (a === "s") return "always-server";
        if (a === "g") return "always-tool-global";
        return "deny";
      } finally {
        rl.close();
      }
    },
  };
}
