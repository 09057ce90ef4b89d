// Reference for `codeagent mcp list` with servers: what a raw SDK host writes to do the same — read the user's
// mcp.json, connect to every stdio server in parallel, count its tools, resources and prompts, print a row each,
// close, exit. The CLI rows of `npm run bench` put `mcp list` beside this, in the same run.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";

const home = process.env.CODEAGENT_HOME;
if (home === undefined) {
  process.stderr.write("sdk-list: set CODEAGENT_HOME to the folder holding mcp.json\n");
  process.exit(2);
}
const { mcpServers } = JSON.parse(readFileSync(join(home, "mcp.json"), "utf8"));

async function row([name, s]) {
  const client = new Client({ name: "sdk-list", version: "1.0.0" });
  await client.connect(
    new StdioClientTransport({
      command: s.command,
      args: s.args ?? [],
      env: { ...process.env, ...s.env },
      stderr: "ignore",
    }),
  );
  const caps = client.getServerCapabilities() ?? {};
  const [tools, resources, prompts] = await Promise.all([
    caps.tools ? client.listTools().then((r) => r.tools.length) : 0,
    caps.resources ? client.listResources().then((r) => r.resources.length) : 0,
    caps.prompts ? client.listPrompts().then((r) => r.prompts.length) : 0,
  ]);
  return { client, line: `${name}\tready\t${tools}\t${resources}\t${prompts}` };
}

const rows = await Promise.all(Object.entries(mcpServers).map(row));
process.stdout.write(
  `${["NAME\tSTATUS\tTOOLS\tRESOURCES\tPROMPTS", ...rows.map((r) => r.line)].join("\n")}\n`,
);
await Promise.all(rows.map((r) => r.client.close()));
process.exit(0);
