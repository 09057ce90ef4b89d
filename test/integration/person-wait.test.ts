// The call timeout stops while a person answers the server (§7, §9): a tool that elicits mid-call, under a
// short timeoutMs, still succeeds when the answer comes long after the timeout would have fired — in both
// eras (a 2025 `elicitation/create`, a 2026-07-28 `input_required` round) — and the timeout still fires when
// no one is being asked (headless decline, or the server's own work after the answer).
import { afterEach, describe, expect, it, vi } from "vitest";
import { ElicitQueue } from "../../src/cli/interactive/elicit-queue.js";
import { askingClients } from "../../src/core/mcp/connection/elicitation.js";
import type { McpManager } from "../../src/core/mcp/servers/manager.js";
import { fixture, nodeServer, sandbox } from "../helpers/env.js";
import { managerFor } from "../helpers/manager.js";

const managers: McpManager[] = [];
afterEach(async () => {
  await Promise.all(managers.splice(0).map((m) => m.shutdown()));
});

const TIMEOUT_MS = 1000;
const servers = {
  legacy: nodeServer("elicit.mjs", {}, { timeoutMs: TIMEOUT_MS }),
  modern: nodeServer(
    "modern-hints.mjs",
    {},
    { args: [fixture("modern-hints.mjs"), "stdio"], timeoutMs: TIMEOUT_MS },
  ),
  other: nodeServer(
    "modern-hints.mjs",
    {},
    { args: [fixture("modern-hints.mjs"), "stdio"], timeoutMs: TIMEOUT_MS },
  ),
};
const text = (r: Record<string, unknown>) => (r.content as { text: string }[])[0]!.text;
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function session(asking: boolean) {
  const queue = new ElicitQueue(() => true);
  const m = managerFor(sandbox(), servers, asking ? askingClients((s) => queue.handler(s)) : {});
  managers.push(m);
  await m.start({ waitMs: 20_000 });
  const asked = () => vi.waitFor(() => expect(queue.current()).toBeDefined(), { timeout: 15_000 });
  return { m, queue, asked };
}

describe.each([
  ["legacy", JSON.stringify({ action: "accept", content: { name: "Grace" } })],
  ["modern", "the user chose accept"],
] as const)("a %s server that asks mid-call", (server, accepted) => {
  it("waits for the person past timeoutMs, then gives the server a whole timeout for its work", async () => {
    const { m, queue, asked } = await session(true);
    const call = m.callTool(server, "ask-then-wait", { ms: 300 });
    const failed = vi.fn();
    call.catch(failed);
    await asked();
    // The person takes three timeouts to answer; the call must still be alive when they do.
    await pause(3 * TIMEOUT_MS);
    expect(failed).not.toHaveBeenCalled();
    queue.answer(queue.current()!.id, { action: "accept", content: { name: "Grace" } });
    expect(text(await call)).toBe(accepted);
  });

  it("still times out when the server's own work after the answer outlasts timeoutMs", async () => {
    const { m, queue, asked } = await session(true);
    const call = m.callTool(server, "ask-then-wait", { ms: 30_000 });
    await asked();
    queue.answer(queue.current()!.id, { action: "accept", content: { name: "Grace" } });
    await expect(call).rejects.toMatchObject({
      code: "CALL_TIMEOUT",
      message: `tools/call ask-then-wait timed out after 1 s; raise timeoutMs in the server config`,
    });
  });

  it("headless, the decline is immediate and the timeout runs as usual", async () => {
    const { m } = await session(false);
    await expect(m.callTool(server, "ask-then-wait", { ms: 30_000 })).rejects.toMatchObject({
      code: "CALL_TIMEOUT",
    });
  });
});

it("a call on another server times out at timeoutMs while a form of the first one is open", async () => {
  const { m, queue, asked } = await session(true);
  const asking = m.callTool("modern", "ask-then-wait", { ms: 0 });
  await asked();
  await expect(m.callTool("other", "wait", { ms: 30_000 })).rejects.toMatchObject({ code: "CALL_TIMEOUT" });
  queue.answer(queue.current()!.id, { action: "decline" });
  expect(text(await asking)).toBe("the user chose decline");
});
