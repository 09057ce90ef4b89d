// Reference for `codeagent mcp list` with no servers configured: only what that command needs (the argument
// parser, the config loader with its zod schema, one line of output) and no MCP SDK. The gap between this and
// the real command is what loading the SDK, the manager and the OAuth code eagerly costs.
import { Command } from "commander";

const program = new Command("codeagent-floor");
program.command("list").action(async () => {
  const { loadConfig } = await import("../dist/core/config/load.js");
  const { loadVariableLookup } = await import("../dist/core/config/variables.js");
  const cwd = process.cwd();
  const config = loadConfig({ cwd, env: process.env });
  loadVariableLookup({ cwd, env: process.env, defines: {} });
  if (config.servers.length === 0) process.stdout.write("No MCP servers configured.\n");
});
await program.parseAsync(["node", "floor", "list"]);
