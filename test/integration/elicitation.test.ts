// Form elicitation end to end through the manager and a real server that asks (test/fixtures/servers/elicit.mjs).
import { afterEach, describe, expect, it } from "vitest";
import { installElicitationHandler } from "../../src/core/mcp/elicitation.js";
import type { McpManager } from "../../src/core/mcp/manager.js";
import { nodeServer, sandbox } from "../helpers/env.js";
import { managerFor } from "../helpers/manager.js";

const managers: McpManager[] = [];
afterEach(async () => {
  await Promise.all(managers.splice(0).map((m) => m.shutdown()));
});

describe("elicitation through the manager", () => {
  it("declares form elicitation and, with no one to ask, declines and logs it", async () => {
    const m = managerFor(sandbox(), { e: nodeServer("elicit.mjs") });
    managers.push(m);
    await m.start({ waitMs: 10_000 });
    const r = await m.callTool("e", "ask", {});
    expect(r.content).toEqual([{ type: "text", text: JSON.stringify({ action: "decline" }) }]);
    expect(
      m
        .log("e")
        .lines()
        .map((l) => l.text),
    ).toContain("declined an elicitation request (no one to ask in this session): Who are you?");
  });

  it("lets setupClient answer instead; accepted forms get the schema defaults filled in", async () => {
    const m = managerFor(
      sandbox(),
      { e: nodeServer("elicit.mjs") },
      {
        setupClient: (_server, client) =>
          installElicitationHandler(client, () =>
            Promise.resolve({ action: "accept", content: { admin: true } }),
          ),
      },
    );
    managers.push(m);
    await m.start({ waitMs: 10_000 });
    const r = await m.callTool("e", "ask", {});
    const answer = JSON.parse((r.content as { text: string }[])[0]!.text) as unknown;
    expect(answer).toEqual({ action: "accept", content: { admin: true, name: "Ada", age: 36 } });
  });
});
