// Elicitation end to end through the manager and real servers that ask: a 2025-era one
// (test/fixtures/servers/elicit.mjs) and a 2026-07-28-only one (modern.mjs), headless and with a person.
import { afterEach, describe, expect, it, vi } from "vitest";
import { ElicitQueue } from "../../src/cli/interactive/elicit-queue.js";
import { askingClients, installElicitationHandler } from "../../src/core/mcp/connection/elicitation.js";
import { checkDraft, initialDraft } from "../../src/core/mcp/connection/elicitation-form.js";
import type { McpManager } from "../../src/core/mcp/servers/manager.js";
import { fixture, nodeServer, sandbox } from "../helpers/env.js";
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

describe("elicitation answered by the person, mid tool call, in both eras", () => {
  const modern = nodeServer("modern.mjs", {}, { args: [fixture("modern.mjs"), "stdio"] });

  async function session(servers: Record<string, unknown>) {
    const opened: string[] = [];
    const notices: string[] = [];
    const queue = new ElicitQueue((url) => (opened.push(url), true));
    queue.on("notice", (_level, text) => notices.push(text));
    const m = managerFor(
      sandbox(),
      servers,
      askingClients((s) => queue.handler(s)),
    );
    managers.push(m);
    await m.start({ waitMs: 15_000 });
    const asked = () => vi.waitFor(() => expect(queue.current()).toBeDefined(), { timeout: 15_000 });
    return { m, queue, opened, notices, asked };
  }

  it("2025-11-25: a form shown with its fields; the accepted, checked answer reaches the tool", async () => {
    const { m, queue, asked } = await session({ e: nodeServer("elicit.mjs") });
    const call = m.callTool("e", "ask", {});
    await asked();
    const p = queue.current()!;
    expect(p).toMatchObject({ server: "e", mode: "form", message: "Who are you?" });
    if (p.mode !== "form") throw new Error("not a form");
    expect(p.spec.fields.map((f) => [f.key, f.kind, f.default])).toEqual([
      ["name", "text", "Ada"],
      ["age", "number", 36],
      ["admin", "boolean", undefined],
    ]);
    const checked = checkDraft(p.spec.fields, { ...initialDraft(p.spec.fields), name: "Grace", admin: true });
    if (!checked.ok) throw new Error(JSON.stringify(checked.errors));
    queue.answer(p.id, { action: "accept", content: checked.content });
    const r = await call;
    expect(JSON.parse((r.content as { text: string }[])[0]!.text)).toEqual({
      action: "accept",
      content: { name: "Grace", age: 36, admin: true },
    });
  });

  it("2026-07-28: the form arrives inside input_required and the answer completes the retried call", async () => {
    const { m, queue, asked } = await session({ modern });
    const call = m.callTool("modern", "ask", {});
    await asked();
    const p = queue.current()!;
    expect(p).toMatchObject({ server: "modern", mode: "form", message: "Your name?" });
    queue.answer(p.id, { action: "accept", content: { name: "Grace" } });
    expect((await call).content).toEqual([{ type: "text", text: "hello Grace" }]);
  });

  it("a declined form is reported to the server as declined (2026-07-28)", async () => {
    const { m, queue, asked } = await session({ modern });
    const call = m.callTool("modern", "ask", {});
    await asked();
    queue.answer(queue.current()!.id, { action: "decline" });
    expect((await call).content).toEqual([{ type: "text", text: "the user chose decline" }]);
  });

  it("URL mode in both eras: shown whole, opened only when accepted", async () => {
    const { m, queue, opened, notices, asked } = await session({ e: nodeServer("elicit.mjs"), modern });
    const url = "https://auth.example.com/login?state=abc";
    for (const [server, want] of [
      ["e", JSON.stringify({ action: "accept" })],
      ["modern", "the user chose accept"],
    ] as const) {
      const call = m.callTool(server, "visit", { url });
      await asked();
      const p = queue.current()!;
      expect(p).toEqual({ id: p.id, server, mode: "url", message: "Sign in to continue", url });
      expect(opened).toEqual(server === "e" ? [] : [url]);
      queue.answer(p.id, { action: "accept" });
      expect((await call).content).toEqual([{ type: "text", text: want }]);
    }
    expect(opened).toEqual([url, url]);
    expect(notices).toEqual([
      `opened in your browser for "e": ${url}`,
      `opened in your browser for "modern": ${url}`,
    ]);
  });

  it("refuses a URL that is not https: (or http: to loopback), naming the endpoint, and never shows it", async () => {
    const { m, queue, opened, notices } = await session({ e: nodeServer("elicit.mjs") });
    const r = await m.callTool("e", "visit", { url: "file:///etc/passwd" });
    const refusal =
      'the elicitation URL of "e" (file:///etc/passwd) is a file: URL; only https: (or http: to localhost) is opened or shown';
    expect((r.content as { text: string }[])[0]!.text).toContain(refusal);
    expect([queue.current(), opened, notices]).toEqual([undefined, [], [refusal]]);
  });
});
