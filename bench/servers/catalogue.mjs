// Bench server: lists the tools in the JSON file CATALOGUE_TOOLS (an array of raw MCP tools) and answers
// every call with "ok". Stands in for servers with thousands of real-looking tools.
import { readFileSync } from "node:fs";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";

const tools = JSON.parse(readFileSync(process.env.CATALOGUE_TOOLS ?? "", "utf8"));
const server = new Server({ name: "catalogue", version: "1.0.0" }, { capabilities: { tools: {} } });
server.setRequestHandler(ListToolsRequestSchema, () => ({ tools }));
server.setRequestHandler(CallToolRequestSchema, () => ({ content: [{ type: "text", text: "ok" }] }));
await server.connect(new StdioServerTransport());
