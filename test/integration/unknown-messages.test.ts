// A server that says why it failed in a message MCP has no method for (Twilio's logger writes a JSON-RPC
// request `log` on stdout): the words reach the server's log instead of vanishing.
import { afterEach, describe, expect, it } from "vitest";
import type { McpManager } from "../../src/core/mcp/servers/manager.js";
import { fixture, nodeServer, sandbox } from "../helpers/env.js";
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

  it("30 servers that say why in a `log` request and exit at once all have their words quoted", async () => {
    // The race: the SDK's version probe holds the transport until the client attaches and drops every message
    // but its answer; when its write found the server gone (EPIPE) there was no second start to hear it again.
    // Half close their input first so the probe's write fails; the others exit as soon as they have spoken.
    const servers = Object.fromEntries(
      Array.from({ length: 30 }, (_, i) => [
        `s${i}`,
        {
          command: "sh",
          args: [fixture("says-and-exits.sh")],
          env: { EXIT_MESSAGE: `Error: Invalid AccountSid ${i}`, CLOSE_STDIN: i % 2 === 0 ? "1" : "0" },
        },
      ]),
    );
    const m = managerFor(sandbox(), servers, { restartDelaysMs: [] });
    managers.push(m);
    await m.start({ waitMs: 30_000 });
    const seen = Object.keys(servers).map((name, i) => {
      const error = m.snapshot(name).error ?? "";
      const logged = m
        .log(name)
        .lines()
        .some((l) => l.text === `server sent an unknown request "log": Error: Invalid AccountSid ${i}`);
      return {
        name,
        quoted: error.startsWith(`exited with code 1: Error: Invalid AccountSid ${i} (`),
        logged,
      };
    });
    expect(seen.filter((s) => !s.quoted || !s.logged)).toEqual([]);
  });
});
