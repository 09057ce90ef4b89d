// Compaction through the real provider code (both wire formats): with a small `contextWindow`, a long
// session keeps going — a summary request happens, and the next request carries the summary and the recent
// turns, not the old ones. The session file keeps the full log and marks the compaction point.
import { createAnthropic } from "@ai-sdk/anthropic";
import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  startModelServer,
  type ModelServer,
  type RecordedRequest,
} from "../../../test/fixtures/model-server.js";
import { PermissionGate } from "../permissions/gate.js";
import { SessionStore } from "../session/store.js";
import { ToolRegistry } from "../tools/registry.js";
import { SUMMARY_SYSTEM } from "./compact.js";
import { chooseCut, contextWindowFor, nextRequestTokens } from "./context.js";
import { Agent, type AgentEvent } from "./loop.js";

let server: ModelServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const isSummaryRequest = (r: RecordedRequest) =>
  JSON.stringify(r.body).includes("You summarise a conversation");
/** ~500 tokens of filler that names its turn, so a test can tell which turns a request carried. */
const filler = (i: number) => `turn-${i} ` + "lorem ipsum dolor sit amet ".repeat(75);

async function longSession(wire: "openai" | "anthropic") {
  server = await startModelServer((req, i) =>
    isSummaryRequest(req)
      ? { text: "SUMMARY: the user wrote turns 1 to 3 about kiwis." }
      : { text: `ok ${i}` },
  );
  const model =
    wire === "openai"
      ? createOpenAICompatible({ name: "t", baseURL: `${server.url}/v1` })("scripted")
      : createAnthropic({ apiKey: "k", baseURL: `${server.url}/v1` })("claude-sonnet-4-5");
  const store = new SessionStore(mkdtempSync(join(tmpdir(), "codeagent-compact-")));
  const log = store.create({ cwd: "/project" });
  const agent = new Agent({
    model,
    registry: new ToolRegistry(),
    gate: new PermissionGate({ configRules: { allow: [], deny: [] }, yes: false }),
    instructions: () => [],
    cwd: "/project",
    contextWindow: 3000,
    log,
  });
  return { agent, store, log, srv: server };
}

describe.each(["openai", "anthropic"] as const)("automatic compaction (%s)", (wire) => {
  it("summarises the older turns near the window's end, and the session goes on", async () => {
    const { agent, store, log, srv } = await longSession(wire);
    const events: AgentEvent[] = [];
    for (let i = 1; i <= 6; i++) {
      const r = await agent.run(filler(i), { onEvent: (e) => events.push(e) });
      expect(r.reason).toBe("stop");
    }
    const summaries = srv.requests.filter(isSummaryRequest);
    expect(summaries.length).toBeGreaterThanOrEqual(1);
    const first = srv.requests.findIndex(isSummaryRequest);
    // The summary request has its own system prompt, no tools, and the older turns as a transcript.
    const sreq = srv.view(first);
    expect(sreq.system).toBe(SUMMARY_SYSTEM);
    expect(sreq.tools).toEqual([]);
    expect(sreq.user[0]).toContain("User: turn-1 ");
    // The next request carries the summary and the recent turns, not the summarised ones.
    const next = srv.view(first + 1);
    expect(next.user[0]).toContain("SUMMARY: the user wrote turns 1 to 3 about kiwis.");
    expect(next.user.join("\n")).not.toContain("turn-1 ");
    expect(next.user.at(-1)).toContain(`turn-`);
    const compaction = events.find((e) => e.type === "compaction");
    expect(compaction).toMatchObject({ type: "compaction", auto: true });
    // Every turn was answered; the last request is within the window again.
    expect(agent.contextStats().nextTokens).toBeLessThan(3000 * 0.8);

    // On disk: the full log, and the compaction point; replaying it gives what the model is sent now.
    const loaded = store.load({ file: log.file });
    expect(loaded.log.filter((m) => m.role === "user")).toHaveLength(6);
    expect(loaded.compactions.length).toBe(summaries.length);
    expect(loaded.messages).toEqual(agent.history);
  });
});

describe("/compact", () => {
  it("summarises on request with a focus, and says when there is nothing to summarise", async () => {
    const { agent, srv } = await longSession("openai");
    expect(await agent.compact()).toEqual({
      ok: false,
      message: "there are no earlier turns to summarise yet",
    });
    await agent.run("hello", { onEvent: () => undefined });
    await agent.run("again", { onEvent: () => undefined });
    const r = await agent.compact({ focus: "the kiwis" });
    expect(r).toMatchObject({ ok: true, summarized: 2, kept: 2 });
    expect(srv.view(2).user[0]).toMatch(/Focus on: the kiwis$/);
    expect(agent.history.map((m) => m.role)).toEqual(["user", "user", "assistant"]);
  });
});

describe("context decisions", () => {
  it("the window comes from the setting, then the model table, then a default", () => {
    expect(contextWindowFor("anthropic:claude-sonnet-4-5", 50_000)).toBe(50_000);
    expect(contextWindowFor("anthropic:claude-sonnet-4-5")).toBe(200_000);
    expect(contextWindowFor("openai:gpt-4.1-mini")).toBe(1_047_576);
    expect(contextWindowFor("openai-compatible:some-local-model")).toBe(128_000);
  });

  it("never cuts between a tool call and its result", () => {
    const call = {
      role: "assistant" as const,
      content: [{ type: "tool-call" as const, toolCallId: "1", toolName: "t", input: {} }],
    };
    const result = {
      role: "tool" as const,
      content: [
        {
          type: "tool-result" as const,
          toolCallId: "1",
          toolName: "t",
          output: { type: "text" as const, value: "r" },
        },
      ],
    };
    const msgs = [
      { role: "user" as const, content: "a" },
      call,
      result,
      { role: "assistant" as const, content: "done" },
      { role: "user" as const, content: "b" },
    ];
    expect(chooseCut(msgs, 0)).toBe(4);
    expect(chooseCut(msgs, 1000)).toBe(3);
    expect(chooseCut([{ role: "user", content: "only" }], 1000)).toBeUndefined();
  });

  it("goes by the provider's figure when it is larger than the estimate", () => {
    const messages = [{ role: "user" as const, content: "x".repeat(400) }];
    expect(nextRequestTokens({ fixed: 0, messages })).toBe(105);
    expect(
      nextRequestTokens({
        fixed: 0,
        messages,
        last: { inputTokens: 900, outputTokens: 50, messageCount: 1 },
      }),
    ).toBe(950);
  });
});
