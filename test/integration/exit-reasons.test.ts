// A server that floods stderr and then dies of a bad setting: its failure quotes the reason, and a flood cannot
// make that message huge (the host keeps only the last lines for it; the log keeps the rest).
import { afterEach, describe, expect, it } from "vitest";
import type { McpManager } from "../../src/core/mcp/servers/manager.js";
import { nodeServer, sandbox } from "../helpers/env.js";
import { managerFor } from "../helpers/manager.js";

const managers: McpManager[] = [];
afterEach(async () => {
  await Promise.all(managers.splice(0).map((m) => m.shutdown()));
});

async function failedWith(env: Record<string, string>): Promise<string | null> {
  const m = managerFor(sandbox(), { chatty: nodeServer("flood-stderr.mjs", env) }, { restartDelaysMs: [] });
  managers.push(m);
  await m.start({ waitMs: 30_000 });
  const snap = m.snapshot("chatty");
  expect(snap.state.status).toBe("failed");
  return snap.error?.replace(/ in \S+\)$/, ")") ?? null;
}

describe("the failure of a server that flooded stderr", () => {
  it("quotes the reason written after 5 MB of chatter", async () => {
    expect(
      await failedWith({ FLOOD_BYTES: "5000000", EXIT_MESSAGE: "Error: SLACK_BOT_TOKEN is required" }),
    ).toBe(
      "exited with code 1: Error: SLACK_BOT_TOKEN is required (last stderr line; more: codeagent mcp logs chatty; " +
        "check command, args and env of mcpServers.chatty)",
    );
  });

  it("quotes the reason behind a few lines of chatter after it", async () => {
    expect(
      await failedWith({
        FLOOD_BYTES: "100000",
        EXIT_MESSAGE: "fatal: no config",
        FLOOD_AFTER_BYTES: "1000",
      }),
    ).toBe(
      "exited with code 1: fatal: no config (from stderr; more: codeagent mcp logs chatty; " +
        "check command, args and env of mcpServers.chatty)",
    );
  });

  it("stays short when the chatter after the reason is longer than what is kept", async () => {
    const error = await failedWith({
      FLOOD_BYTES: "0",
      EXIT_MESSAGE: "fatal: no config",
      FLOOD_AFTER_BYTES: "5000000",
    });
    // Only the flood's last lines are left to quote: the last three, bounded.
    expect(error).toMatch(
      /^exited with code 1: flood \d+ x+ \| flood \d+ x+ \| flood \d+ x+ \(last stderr lines; more: codeagent mcp logs chatty; check command, args and env of mcpServers\.chatty\)$/,
    );
    expect(error!.length).toBeLessThan(500);
  });
});
