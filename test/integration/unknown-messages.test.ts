// A server that says why it failed in a message MCP has no method for (Twilio's logger writes a JSON-RPC
// request `log` on stdout): the words reach the server's log instead of vanishing.
import { afterEach, describe, expect, it } from "vitest";
import type { McpManager } from "../../src/core/mcp/manager.js";
import { nodeServer, sandbox } from "../helpers/env.js";
import { managerFor } from "../helpers/manager.js";

const managers: McpManager[] = [];
afterEach(async () => {
  await Promise.all(managers.splice(0).map((m) => m.shutdown()));
});

describe("unknown server messages", () => {
  it("a failed start that spoke only through a `log` request leaves its words in the server's log", async () => {
    const m = managerFor(
      sandbox(),
      {
        twilio: nodeServer("exit-immediately.mjs", {
          STDOUT_LOG: "1",
          EXIT_MESSAGE: "Error: Invalid AccountSid",
        }),
      },
      { restartDelaysMs: [] },
    );
    managers.push(m);
    await m.start({ waitMs: 20_000 });
    const events = m
      .log("twilio")
      .lines()
      .map((l) => l.text);
    expect({
      status: m.snapshot("twilio").state.status,
      logged: events.includes('server sent an unknown request "log": Error: Invalid AccountSid'),
    }).toEqual({ status: "failed", logged: true });
  });
});
