// A server that says why it failed in a message MCP has no method for (Twilio's logger writes a JSON-RPC
// request `log` on stdout): the words reach the server's log instead of vanishing.
import { afterEach, describe, expect, it } from "vitest";
import type { McpManager } from "../../src/core/mcp/servers/manager.js";
import { nodeServer, sandbox } from "../helpers/env.js";
import { managerFor } from "../helpers/manager.js";

const managers: McpManager[] = [];
afterEach(async () => {
  await Promise.all(managers.splice(0).map((m) => m.shutdown()));
});

describe("unknown server messages", () => {
  it("a failed start that spoke only through a `log` request leaves its words in its log and its error", async () => {
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
    const snap = m.snapshot("twilio");
    expect({
      status: snap.state.status,
      logged: events.includes('server sent an unknown request "log": Error: Invalid AccountSid'),
      // The failure says it too, where the user looks first.
      error: snap.error?.replace(/ in \S+\)$/, ")"),
    }).toEqual({
      status: "failed",
      logged: true,
      error:
        'exited with code 1: Error: Invalid AccountSid (last "log" message on stdout; more: codeagent mcp logs twilio; ' +
        "check command, args and env of mcpServers.twilio)",
    });
  });
});
