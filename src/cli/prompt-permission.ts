// Asks the user on the terminal whether a tool may run (used by one-shot commands when a TTY is present).
import { createInterface } from "node:readline/promises";
import type { PermissionAnswer, PermissionPrompter } from "../core/permissions/gate.js";

export function terminalPrompter(): PermissionPrompter {
  return {
    async ask(req, detail): Promise<PermissionAnswer> {
      const rl = createInterface({ input: process.stdin, output: process.stderr });
      try {
        process.stderr.write(
          `\nAllow ${req.tool}${req.server !== undefined ? ` (server ${req.server})` : ""}?\n`,
        );
        process.stderr.write(`  arguments: ${detail.argsPreview}\n`);
        const a = (await rl.question("  [y] once  [t] always this tool  [s] always this server  [n] deny: "))
          .trim()
          .toLowerCase();
        if (a === "y" || a === "yes") return "once";
        if (a === "t") return "always-tool";
        if (a === "s") return "always-server";
        return "deny";
      } finally {
        rl.close();
      }
    },
  };
}
