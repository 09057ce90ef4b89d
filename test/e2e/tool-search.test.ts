/* eslint-disable @typescript-eslint/no-explicit-any -- request bodies are untyped JSON */
// Deferred tool loading end to end (§15): `codeagent -p` with three servers totalling 260 tools against a
// scripted OpenAI-style endpoint that enforces the real 128-tool limit with HTTP 400, and the Anthropic
// wire format. The scripted model behaves as models do: it searches, then calls what it found.
import { afterEach, describe, expect, it } from "vitest";
import {
  startModelServer,
  type ModelServer,
  type RecordedRequest,
  type Script,
} from "../fixtures/model-server.js";
import { runCli } from "../helpers/cli.js";
import { manyToolServers, type Sandbox } from "../helpers/env.js";

const SERVERS = { tracker: 100, cloud: 100, crm: 60 };
const TOTAL_MCP = 260;

let model: ModelServer | undefined;
afterEach(async () => {
  await model?.close();
  model = undefined;
});

const setup = (extra: Record<string, Record<string, unknown>> = {}) => manyToolServers(SERVERS, extra);

async function run(
  sb: Sandbox,
  config: string,
  script: Script,
  o: { provider?: "openai-compatible" | "anthropic"; env?: Record<string, string>; args?: string[] } = {},
) {
  model = await startModelServer(script, { maxTools: 128 });
  const provider = o.provider ?? "openai-compatible";
  const base = provider === "anthropic" ? model.url : `${model.url}/v1`;
  const env = provider === "anthropic" ? { ANTHROPIC_API_KEY: "k", ...o.env } : { ...o.env };
  return runCli(
    sb,
    [
      "-p",
      "do the task",
      "--model",
      `${provider}:scripted`,
      "--base-url",
      base,
      "--mcp-config",
      config,
      "--yes",
      "--output-format",
      "json",
      ...(o.args ?? []),
    ],
    { env, timeoutMs: 60_000 },
  );
}

const toolNames = (r: RecordedRequest): string[] =>
  (r.body.tools ?? []).map((t: any) => t.function?.name ?? t.name);

/** Searches for a merge request tool, calls the first hit, then answers with the tool's result. */
const searchingModel: Script = (req, i) => {
  if (i === 0)
    return { toolCalls: [{ id: "call_s", name: "search_tools", args: { query: "open a merge request" } }] };
  const results = (req.body.messages as any[]).filter((m) => m.role === "tool");
  const last = String(results.at(-1)?.content ?? "");
  if (i === 1) {
    const first = last.split("\n")[1]?.split(" ")[0] ?? "none";
    return {
      toolCalls: [{ id: "call_t", name: first, args: { workspace: "group/app", title: "Fix login" } }],
    };
  }
  return { text: `result: ${last}` };
};

describe("deferred tool loading (toolSearch auto)", () => {
  it("searches, loads the found tool and runs it, with every request inside the 128-tool limit", async () => {
    const { sb, config } = setup();
    const r = await run(sb, config, searchingModel);
    expect(r.code, r.stderr).toBe(0);
    const doc = r.json();
    expect(doc.result).toBe(
      'result: tracker.create_merge_request {"workspace":"group/app","title":"Fix login"}',
    );
    expect(doc.tool_calls.map((c: any) => c.name)).toEqual([
      "search_tools",
      "mcp__tracker__create_merge_request",
    ]);
    const [first, second, third] = model!.requests;
    // Built-ins and search_tools only: no MCP definition in the first request.
    expect(toolNames(first!).filter((n) => n.startsWith("mcp__"))).toEqual([]);
    expect(toolNames(first!)).toContain("search_tools");
    expect(toolNames(first!).length).toBeLessThanOrEqual((TOTAL_MCP + toolNames(first!).length) / 4);
    // The search result lists registered names with server and description, one a line.
    const found = (second!.body.messages as any[]).filter((m) => m.role === "tool")[0].content as string;
    expect(found.split("\n")[1]).toMatch(
      /^mcp__tracker__create_merge_request \(server tracker\): Create a new merge request/,
    );
    // Found tools join the following requests; all requests stay within the limit (no HTTP 400 was sent).
    expect(toolNames(second!)).toContain("mcp__tracker__create_merge_request");
    expect(toolNames(third!)).toContain("mcp__tracker__create_merge_request");
    for (const req of model!.requests) expect(toolNames(req).length).toBeLessThanOrEqual(128);
    expect(model!.requests).toHaveLength(3);
    expect(doc.usage.tool_definition_tokens).toBeGreaterThan(0);
  });

  it("names the deferred servers and their tool counts in the system prompt", async () => {
    const { sb, config } = setup();
    const r = await run(sb, config, [{ text: "ok" }]);
    expect(r.code, r.stderr).toBe(0);
    expect(model!.view(0).system).toContain(
      "these MCP servers have tools whose definitions are not loaded: cloud (100 tools), crm (60 tools), tracker (100 tools).",
    );
    expect(model!.view(0).system).toContain("call search_tools");
  });

  it("runs a call by exact registered name whose definition was not sent, and keeps it loaded", async () => {
    const { sb, config } = setup();
    const r = await run(sb, config, [
      { toolCalls: [{ name: "mcp__cloud__delete_bucket", args: { workspace: "prod", bucket_id: "b1" } }] },
      { text: "deleted" },
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect(toolNames(model!.requests[0]!)).not.toContain("mcp__cloud__delete_bucket");
    expect(model!.view(1).toolResults).toEqual([
      { id: "call_1", text: 'cloud.delete_bucket {"workspace":"prod","bucket_id":"b1"}', isError: false },
    ]);
    expect(toolNames(model!.requests[1]!)).toContain("mcp__cloud__delete_bucket");
  });

  it("sends the tools of an alwaysLoad server with every request", async () => {
    const { sb, config } = setup({ crm: { alwaysLoad: true } });
    const r = await run(sb, config, [{ text: "ok" }]);
    expect(r.code, r.stderr).toBe(0);
    const mcp = toolNames(model!.requests[0]!).filter((n) => n.startsWith("mcp__"));
    expect(mcp).toHaveLength(60);
    expect(mcp.every((n) => n.startsWith("mcp__crm__"))).toBe(true);
    expect(model!.view(0).system).toContain("not loaded: cloud (100 tools), tracker (100 tools).");
  });

  it("fails before any request when toolSearch is never and the tools exceed the provider's limit", async () => {
    const { sb, config } = setup();
    const r = await run(sb, config, [{ text: "never sent" }], { env: { CODEAGENT_TOOL_SEARCH: "never" } });
    expect(r.code).toBe(2);
    expect(r.json()).toEqual({
      error: {
        code: "TOO_MANY_TOOLS",
        message:
          'This request would carry 276 tool definitions, but the provider accepts at most 128. Set "toolSearch" to "auto" (settings.json or CODEAGENT_TOOL_SEARCH) so MCP tools are found by search instead, or register fewer tools with "includeTools"/"excludeTools" in the MCP config.',
      },
    });
    expect(model!.requests).toEqual([]);
  });

  it("rejects an unknown CODEAGENT_TOOL_SEARCH value, naming the variable", async () => {
    const { sb, config } = setup();
    const r = await run(sb, config, [{ text: "never sent" }], {
      env: { CODEAGENT_TOOL_SEARCH: "sometimes" },
    });
    expect(r.code).toBe(2);
    expect(r.json()).toEqual({
      error: {
        code: "USAGE",
        message: 'CODEAGENT_TOOL_SEARCH must be one of "auto", "always", "never", got "sometimes"',
      },
    });
  });

  it("fails locally when the alwaysLoad servers alone exceed the limit, naming alwaysLoad", async () => {
    const { sb, config } = setup({ tracker: { alwaysLoad: true }, cloud: { alwaysLoad: true } });
    const r = await run(sb, config, [{ text: "never sent" }]);
    expect(r.code).toBe(2);
    expect(r.json().error.message).toMatch(
      /^This request would carry 217 tool definitions, but the provider accepts at most 128\. These are built-in and ext_ tools plus the tools of servers with "alwaysLoad": true \(tracker, cloud\)\. Remove "alwaysLoad"/,
    );
    expect(model!.requests).toEqual([]);
  });
});

describe("schema dialects at request time (§15.4)", () => {
  it("Anthropic gets the union back; chat-completions servers get the portable schema", async () => {
    const { sb, config } = setup({ crm: { alwaysLoad: true } });
    await run(sb, config, [{ text: "ok" }], { provider: "anthropic" });
    const anthropic = model!.requests[0]!.body.tools.find((t: any) => t.name === "mcp__crm__create_contact");
    expect(anthropic.input_schema.properties.labels).toEqual({
      anyOf: [{ type: "string" }, { type: "array", items: { type: "string" } }],
      description: "One label or a list of labels",
    });
    await model!.close();
    await run(sb, config, [{ text: "ok" }]);
    const compat = model!.requests[0]!.body.tools.find(
      (t: any) => t.function.name === "mcp__crm__create_contact",
    );
    expect(compat.function.parameters.properties.labels.anyOf).toBeUndefined();
    expect(compat.function.strict).toBeUndefined();
  });
});
