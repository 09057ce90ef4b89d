#!/usr/bin/env node
// A tiny MCP server over stdio with no dependencies: newline-delimited JSON-RPC, two tools (echo, add).
// It stands in for any stdio server you would configure (npx -y @modelcontextprotocol/server-…, uvx …).
import { createInterface } from "node:readline";

const TOOLS = [
  {
    name: "echo",
    description: "Returns the text it is given",
    inputSchema: { type: "object", properties: { text: { type: "string" } }, required: ["text"] },
    annotations: { readOnlyHint: true },
  },
  {
    name: "add",
    description: "Adds two numbers",
    inputSchema: {
      type: "object",
      properties: { a: { type: "number" }, b: { type: "number" } },
      required: ["a", "b"],
    },
  },
];

const send = (msg) => process.stdout.write(`${JSON.stringify({ jsonrpc: "2.0", ...msg })}\n`);
const text = (t, isError = false) => ({ content: [{ type: "text", text: t }], isError });

function call(name, args) {
  if (name === "echo") return text(String(args.text ?? ""));
  if (name === "add") {
    const [a, b] = [Number(args.a), Number(args.b)];
    return Number.isFinite(a) && Number.isFinite(b)
      ? text(String(a + b))
      : text("a and b must be numbers", true);
  }
  return undefined;
}

createInterface({ input: process.stdin }).on("line", (line) => {
  let msg;
  try {
    msg = JSON.parse(line);
  } catch {
    return;
  }
  if (msg.id === undefined) return; // notifications (initialized, cancelled) need no answer
  const { id, method, params = {} } = msg;
  if (method === "initialize") {
    send({
      id,
      result: {
        protocolVersion: params.protocolVersion ?? "2025-06-18",
        capabilities: { tools: {} },
        serverInfo: { name: "example-echo", version: "1.0.0" },
      },
    });
  } else if (method === "ping") send({ id, result: {} });
  else if (method === "tools/list") send({ id, result: { tools: TOOLS } });
  else if (method === "tools/call") {
    const result = call(params.name, params.arguments ?? {});
    if (result !== undefined) send({ id, result });
    else send({ id, error: { code: -32602, message: `unknown tool: ${params.name}` } });
  } else send({ id, error: { code: -32601, message: `method not found: ${method}` } });
});
