import { Client } from "@modelcontextprotocol/client";
import type { JSONRPCNotification, JSONRPCRequest } from "@modelcontextprotocol/client";
import { describe, expect, it } from "vitest";
import { MAX_LOGGED, logUnknownMessages, unknownMessageLine } from "./unknown-messages.js";

describe("unknownMessageLine", () => {
  it.each([
    [
      "request",
      "log",
      { level: 50, message: "Error: Invalid AccountSid" },
      'server sent an unknown request "log": Error: Invalid AccountSid',
    ],
    [
      "notification",
      "progress/custom",
      { msg: "half way" },
      'server sent an unknown notification "progress/custom": half way',
    ],
    ["notification", "ping/extra", { n: 1 }, 'server sent an unknown notification "ping/extra": {"n":1}'],
    ["request", "bare", undefined, 'server sent an unknown request "bare"'],
    [
      "request",
      "log\u001b[31m",
      { message: "red\u001b[0m text\nnext" },
      'server sent an unknown request "log": red text next',
    ],
  ] as const)("%s %s", (kind, method, params, expected) => {
    expect(unknownMessageLine(kind, method, params)).toBe(expected);
  });

  it("cuts a long text", () => {
    const line = unknownMessageLine("request", "log", { message: "x".repeat(1000) });
    expect([line.length < 400, line.endsWith("…")]).toEqual([true, true]);
  });
});

describe("logUnknownMessages", () => {
  it("hands the words of every message on for an exit error, past the log's bound, and logs at most its bound", async () => {
    const client = new Client({ name: "t", version: "1" });
    const logged: string[] = [];
    const heard: [string, string][] = [];
    logUnknownMessages(
      client,
      (l) => logged.push(l),
      (method, words) => heard.push([method, words]),
    );
    const count = MAX_LOGGED + 5;
    for (let i = 1; i <= count; i++) {
      const request = {
        jsonrpc: "2.0",
        id: i,
        method: "log",
        params: { message: `line ${i}` },
      } as JSONRPCRequest;
      await expect(client.fallbackRequestHandler!(request, {} as never)).rejects.toThrow("Method not found");
    }
    const bare = { jsonrpc: "2.0", method: "bare" } as JSONRPCNotification;
    await client.fallbackNotificationHandler!(bare);
    expect({
      logged: logged.length,
      last: logged.at(-1),
      heard: heard.length,
      lastHeard: heard.at(-1),
    }).toEqual({
      logged: MAX_LOGGED + 1,
      last: "further unknown messages from the server are not logged",
      // A message without words has nothing to quote.
      heard: count,
      lastHeard: ["log", `line ${count}`],
    });
  });
});
