import type { JSONRPCMessage } from "@modelcontextprotocol/client";
import { describe, expect, it } from "vitest";
import { earlyMessage, type EarlyMessage } from "./server-words.js";

describe("earlyMessage", () => {
  it.each<[string, unknown, EarlyMessage | undefined]>([
    [
      "Twilio's log request",
      { jsonrpc: "2.0", id: "log-1", method: "log", params: { message: "Error: Invalid AccountSid" } },
      {
        handle: "unknown",
        kind: "request",
        method: "log",
        params: { message: "Error: Invalid AccountSid" },
      },
    ],
    [
      "a notification of its own",
      { jsonrpc: "2.0", method: "status", params: { text: "loading" } },
      { handle: "unknown", kind: "notification", method: "status", params: { text: "loading" } },
    ],
    [
      "MCP logging goes to the server log",
      { jsonrpc: "2.0", method: "notifications/message", params: { level: "error", data: "no token" } },
      { handle: "log", params: { level: "error", data: "no token" } },
    ],
    [
      "the probe's answer is the probe's",
      { jsonrpc: "2.0", id: "server-discover-probe-1", result: {} },
      undefined,
    ],
    [
      "an error answer too",
      { jsonrpc: "2.0", id: 1, error: { code: -32601, message: "Method not found" } },
      undefined,
    ],
  ])("%s", (_, message, expected) => {
    expect(earlyMessage(message as JSONRPCMessage)).toEqual(expected);
  });
});
