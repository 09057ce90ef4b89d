#!/usr/bin/env node
// Embeds codeagent's MCP host: starts one stdio server, lists servers and tools, calls two tools, closes.
// Run it in a project that has codeagent installed (npm install codeagent): node list-and-call.mjs
import { fileURLToPath } from "node:url";
import { createMcpHost } from "codeagent";

const server = fileURLToPath(new URL("./echo-server.mjs", import.meta.url));

const host = await createMcpHost({
  // Entries are written as in mcp.json; `${VAR}` expansion and every per-server option apply.
  servers: { echo: { command: process.execPath, args: [server] } },
  startupWaitMs: 10_000,
});
try {
  for (const s of host.servers()) {
    console.log(`server ${s.name}: ${s.status}, ${s.tools} tools${s.error !== null ? ` (${s.error})` : ""}`);
  }
  for (const t of host.tools()) console.log(`tool ${t.name}: ${t.description}`);

  const echoed = await host.callTool("mcp__echo__echo", { text: "hello from the library" });
  console.log(`echo → ${echoed.text}`);
  const sum = await host.callTool("mcp__echo__add", { a: 2, b: 40 });
  console.log(`add → ${sum.text}${sum.isError ? " (error)" : ""}`);
} finally {
  await host.close(); // ends the server's whole process tree
}
