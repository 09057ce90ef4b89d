// Bench stdio MCP server (SDK McpServer + StdioServerTransport). `--log FILE` appends one JSON line per process
// with its start time and the time `initialized` arrived, so a run can tell serial from parallel start-up.
import { appendFileSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { registerTools } from "./tools.mjs";

const logAt = process.argv.indexOf("--log");
const logFile = logAt === -1 ? undefined : process.argv[logAt + 1];
const server = new McpServer({ name: "bench", version: "1.0.0" });
registerTools(server);
server.server.oninitialized = () => {
  if (logFile !== undefined) {
    const line = { pid: process.pid, start: performance.timeOrigin, initialized: Date.now() };
    appendFileSync(logFile, JSON.stringify(line) + "\n");
  }
};
await server.connect(new StdioServerTransport());
