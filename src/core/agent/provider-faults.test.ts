// A faulty provider of each wire format — chat completions, OpenAI Responses, Anthropic Messages — over real
// sockets (test/fixtures/model-server.ts), through the real provider code, the bounded fetch and the loop:
// hangs, stalls, cuts, rate limits with retry-after, overloads, and "too long" in each provider's words.
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { startModelServer, type ModelServer, type Script } from "../../../test/fixtures/model-server.js";
import { PermissionGate } from "../permissions/gate.js";
import { ToolRegistry } from "../tools/registry.js";
import { Agent, type AgentEvent } from "./loop.js";
import { createModel, type ProviderName } from "./providers.js";
import { endpointOf } from "./provider/endpoint.js";
import type { ModelRequestSettings } from "./provider/request-settings.js";
import { timedFetch } from "./provider/timed-fetch.js";
import { loadTokenCounter } from "./token-count.js";

let server: ModelServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});
beforeAll(() => loadTokenCounter());

const request: ModelRequestSettings = {
  timeouts: { connectMs: 2000, firstByteMs: 400, idleMs: 400 },
  retry: { maxRetries: 3, maxWaitMs: 20_000 },
};

const FORMATS: { provider: ProviderName; wire: string }[] = [
  { provider: "openai-compatible", wire: "chat completions" },
  { provider: "openai", wire: "OpenAI Responses" },
  { provider: "anthropic", wire: "Anthropic Messages" },
];

const bigTool = {
  name: "read_big",
  description: "reads a big file",
  inputSchema: { type: "object" as const, properties: {} },
  rawInputSchema: { type: "object" as const, properties: {} },
  source: { type: "builtin" as const },
  readOnly: true,
  execute: () => Promise.resolve({ text: "x".repeat(60_000), isError: false, media: [], truncated: false }),
};

async function setup(provider: ProviderName, script: Script, contextWindow?: number) {
  server = await startModelServer(script);
  const config = { provider, modelId: "m1", id: `${provider}:m1`, baseURL: `${server.url}/v1`, apiKey: "k" };
  const registry = new ToolRegistry();
  registry.register(bigTool);
  const agent = new Agent({
    model: createModel(config, timedFetch(request.timeouts)),
    registry,
    gate: new PermissionGate({ configRules: { allow: [], deny: [] }, yes: true }),
    instructions: () => [],
    cwd: "/project",
    modelId: config.id,
    endpoint: endpointOf({ ...config, modelFrom: "--model" }),
    request,
    ...(contextWindow !== undefined && { contextWindow }),
  });
  const events: AgentEvent[] = [];
  return { agent, events, onEvent: (e: AgentEvent) => events.push(e), srv: server };
}

const retries = (events: AgentEvent[]) =>
  events.flatMap((e) => (e.type === "retry" ? [`${e.attempt}/${e.of} ${e.reason}`] : []));

describe.each(FORMATS)("a faulty $wire provider", ({ provider }) => {
  it("is retried after an overload and a rate limit, as the provider asks, and the answer comes", async () => {
    const { agent, events, onEvent, srv } = await setup(provider, [
      {
        status: 529,
        headers: { "retry-after-ms": "20" },
        errorBody: `{"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}`,
      },
      { status: 429, headers: { "retry-after": "0" } },
      { text: "done" },
    ]);
    const r = await agent.run("go", { onEvent });
    expect({ reason: r.reason, text: r.text, requests: srv.requests.length }).toEqual({
      reason: "stop",
      text: "done",
      requests: 3,
    });
    expect(retries(events)).toEqual([
      "1/3 HTTP 529: overloaded_error: Overloaded",
      "2/3 HTTP 429: invalid_request_error: scripted failure 429",
    ]);
  });

  it("fails at once when retry-after asks for more than the turn's budget, naming endpoint and setting", async () => {
    const { agent, onEvent, srv } = await setup(provider, [
      { status: 429, headers: { "retry-after": "3600" } },
    ]);
    const r = await agent.run("go", { onEvent });
    expect({ code: r.errorCode, requests: srv.requests.length }).toEqual({
      code: "PROVIDER_ERROR",
      requests: 1,
    });
    expect(r.error).toBe(
      `${provider}:m1 at ${srv.url}/v1 failed: HTTP 429: invalid_request_error: scripted failure 429 — the provider asks to wait 3600 s before trying again, more than this turn's retry budget left (20 s; "modelRetryMaxWaitMs"). The provider is rate-limiting this key; wait and try again or use another model (--model). The prompt was not kept in the session: --continue goes on from before it.`,
    );
    expect(agent.history).toEqual([]);
  });

  it("ends a hung request at the first-byte bound, tried once more, saying which bound fired", async () => {
    const { agent, events, onEvent, srv } = await setup(provider, [{ silent: true }, { silent: true }]);
    const r = await agent.run("go", { onEvent });
    expect({ code: r.errorCode, requests: srv.requests.length, retries: retries(events) }).toEqual({
      code: "PROVIDER_TIMEOUT",
      requests: 2,
      retries: ["1/3 no response within 0.4 s"],
    });
    expect(r.error).toContain(
      `${provider}:m1 at ${srv.url}/v1 accepted the connection but sent no response within 0.4 s (2 attempts)`,
    );
    expect(r.error).toContain(
      `raise "modelFirstByteTimeoutMs" in settings.json (or CODEAGENT_MODEL_FIRST_BYTE_TIMEOUT_MS)`,
    );
  });

  it("ends a stream that stalls after output honestly and keeps what was shown", async () => {
    const { agent, onEvent, srv } = await setup(provider, [{ text: ["Here is ", "the start"], hang: true }]);
    const r = await agent.run("go", { onEvent });
    expect({ code: r.errorCode, requests: srv.requests.length, text: r.text }).toEqual({
      code: "STREAM_CUT",
      requests: 1,
      text: "Here is the start",
    });
    expect(r.error).toMatch(/^the stream was cut after \d+ tokens: .* sent nothing for 0\.4 s/);
    expect(agent.history.at(-1)).toEqual({ role: "assistant", content: "Here is the start" });
  });

  it("retries a stream cut before any output, and ends one cut after output", async () => {
    const { agent, events, onEvent } = await setup(provider, [{ cut: true }, { text: "partial", cut: true }]);
    const r = await agent.run("go", { onEvent });
    expect({ code: r.errorCode, text: r.text, retried: retries(events).length }).toEqual({
      code: "STREAM_CUT",
      text: "partial",
      retried: 1,
    });
  });

  it("cuts the largest tool result when the request is too long and nothing can be compacted", async () => {
    const tooLong =
      provider === "anthropic"
        ? `{"type":"error","error":{"type":"invalid_request_error","message":"prompt is too long: 25000 tokens > 20000 maximum"}}`
        : `{"error":{"message":"This model's maximum context length is 20000 tokens. However, your messages resulted in 25000 tokens.","type":"invalid_request_error","code":"context_length_exceeded"}}`;
    const { agent, events, onEvent, srv } = await setup(provider, [
      { toolCalls: [{ name: "read_big", args: {} }] },
      { status: 400, errorBody: tooLong },
      { text: "summarised what fit" },
    ]);
    const r = await agent.run("go", { onEvent });
    expect({ reason: r.reason, text: r.text, requests: srv.requests.length }).toEqual({
      reason: "stop",
      text: "summarised what fit",
      requests: 3,
    });
    const sent = srv.view(2).toolResults[0]?.text ?? "";
    expect(sent.length).toBeLessThan(60_000);
    expect(sent).toContain("characters of this result were cut because the conversation no longer fit");
    expect(
      events.flatMap((e) => (e.type === "warning" && !e.message.startsWith("model: ") ? [e.message] : [])),
    ).toEqual([
      expect.stringMatching(
        /^the request is longer than the model's context window .*; compacting the conversation and trying again$/,
      ),
      expect.stringMatching(
        /^cut 1 tool result by \d+ characters to fit the model's context window; trying again$/,
      ),
    ]);
    expect(agent.contextWindow).toBe(20_000);
  });
});

// The chat-completions servers people run locally, in their own words: each triggers compaction and a retry.
describe.each([
  [
    "vLLM",
    `{"object":"error","message":"This model's maximum context length is 4096 tokens. However, you requested 5120 tokens (4096 in the messages, 1024 in the completion). Please reduce the length of the messages or completion.","type":"BadRequestError","code":400}`,
  ],
  [
    "llama.cpp",
    `{"error":{"code":400,"message":"the request exceeds the available context size, try increasing it","type":"exceed_context_size_error","n_prompt_tokens":5120,"n_ctx":4096}}`,
  ],
  ["Ollama", `{"error":"prompt too long; exceeded max context length by 1024 tokens"}`],
  [
    "Gemini (through an OpenAI-compatible gateway)",
    `[{"error":{"code":400,"message":"The input token count (5120) exceeds the maximum number of tokens allowed (4096).","status":"INVALID_ARGUMENT"}}]`,
  ],
])("%s says the request is too long", (_name, body) => {
  it("compacts the earlier turns and sends the request again", async () => {
    const { agent, events, onEvent, srv } = await setup("openai-compatible", [
      { status: 400, errorBody: body },
      { text: "Summary: the user asked twice." },
      { text: "answer" },
    ]);
    agent.load([
      { role: "user", content: "first question" },
      { role: "assistant", content: "first answer" },
    ]);
    const r = await agent.run("second question", { onEvent });
    expect({ reason: r.reason, text: r.text, requests: srv.requests.length }).toEqual({
      reason: "stop",
      text: "answer",
      requests: 3,
    });
    expect(events.some((e) => e.type === "compaction")).toBe(true);
    expect(srv.view(2).user.at(-1)).toBe("second question");
  });
});

describe("cancelling", () => {
  it("ends the turn during a retry's wait at once", async () => {
    const { agent, events, srv } = await setup("openai-compatible", [
      { status: 503, headers: { "retry-after": "15" } },
    ]);
    const ac = new AbortController();
    const r = await agent.run("go", {
      signal: ac.signal,
      onEvent: (e) => {
        events.push(e);
        if (e.type === "retry") ac.abort();
      },
    });
    expect({ reason: r.reason, requests: srv.requests.length }).toEqual({ reason: "cancelled", requests: 1 });
  });
});
