/* eslint-disable @typescript-eslint/no-explicit-any -- request bodies are untyped JSON */
// The provider's own tool search (§15.3) end to end: `codeagent -p` with three fixture servers of 260 tools
// against the scripted model server, in Anthropic Messages and OpenAI Responses wire formats. The scripted
// model searches with the provider's search tool, reads the result (tools the request sent deferred) and
// calls the deferred MCP tool it found; the tool runs through the real server.
import { readFileSync } from "node:fs";
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

let model: ModelServer | undefined;
afterEach(async () => {
  await model?.close();
  model = undefined;
});

const setup = (extra: Record<string, Record<string, unknown>> = {}) => manyToolServers(SERVERS, extra);

type Provider = "anthropic" | "openai";

async function run(
  sb: Sandbox,
  config: string,
  script: Script,
  o: {
    provider: Provider;
    model?: string;
    env?: Record<string, string>;
    prompt?: string;
    args?: string[];
  },
) {
  model = await startModelServer(script, { maxTools: 128 });
  const base = o.provider === "anthropic" ? model.url : `${model.url}/v1`;
  const key: Record<string, string> =
    o.provider === "anthropic" ? { ANTHROPIC_API_KEY: "k" } : { OPENAI_API_KEY: "k" };
  const id = o.model ?? (o.provider === "anthropic" ? "claude-sonnet-4-5" : "gpt-5.4");
  return runCli(
    sb,
    [
      "-p",
      o.prompt ?? "open a merge request for the login fix",
      "--model",
      `${o.provider}:${id}`,
      "--base-url",
      base,
      "--mcp-config",
      config,
      "--yes",
      "--output-format",
      "json",
      ...(o.args ?? []),
    ],
    { env: { ...key, ...o.env }, timeoutMs: 60_000 },
  );
}

/** Deferred function names of a request, in order (Anthropic: flagged entries; Responses: in namespaces). */
function deferred(req: RecordedRequest): string[] {
  const tools: any[] = req.body.tools ?? [];
  if (req.path.endsWith("/messages")) return tools.filter((t) => t.defer_loading === true).map((t) => t.name);
  return tools.flatMap((t) =>
    t.type === "namespace"
      ? t.tools.filter((f: any) => f.defer_loading === true).map((f: any) => f.name)
      : [],
  );
}

/** The deferred tools whose names contain every word of the query (a stand-in for the provider's BM25). */
function search(req: RecordedRequest, query: string): string[] {
  const words = query.split(" ");
  return deferred(req)
    .filter((n) => words.every((w) => n.includes(w)))
    .slice(0, 3);
}

/** Searches natively, calls the first tool found in the same response, then answers with its result. */
const searchingModel: Script = (req, i) => {
  if (i === 0) {
    const found = search(req, "merge_request");
    // The best match first, as the provider ranks them.
    found.sort((a, b) => Number(b.includes("create")) - Number(a.includes("create")));
    return {
      toolSearch: { query: "merge request", found },
      toolCalls: [
        { id: "call_t", name: found[0] ?? "none", args: { workspace: "group/app", title: "Fix login" } },
      ],
    };
  }
  return { text: "done" };
};

const MCP_COUNT = 260;

describe("Anthropic tool search (defer_loading + tool_search_tool_bm25)", () => {
  it("sends every MCP tool deferred plus the search tool, and calls the tool the search found", async () => {
    const { sb, config } = setup();
    const r = await run(sb, config, searchingModel, { provider: "anthropic" });
    expect(r.code, r.stderr).toBe(0);
    const doc = r.json();
    expect(doc.result).toBe("done");
    expect(doc.tool_calls.map((c: any) => c.name)).toEqual([
      "tool_search_tool_bm25",
      "mcp__tracker__create_merge_request",
    ]);
    expect(model!.requests).toHaveLength(2);
    const [first, second] = model!.requests as [RecordedRequest, RecordedRequest];
    const tools: any[] = first.body.tools;
    const builtins = tools.filter((t) => t.type === undefined && !t.name.startsWith("mcp__"));
    // Built-ins first and whole, then every MCP tool with defer_loading, then the search tool; no search_tools.
    expect(builtins.length).toBeGreaterThan(10);
    expect(tools.map((t) => [t.name, t.defer_loading ?? false])).toEqual([
      ...builtins.map((t) => [t.name, false]),
      ...tools.filter((t) => t.name.startsWith("mcp__")).map((t) => [t.name, true]),
      ["tool_search_tool_bm25", false],
    ]);
    expect(tools.filter((t) => t.name.startsWith("mcp__"))).toHaveLength(MCP_COUNT);
    expect(tools.at(-1)).toEqual({ type: "tool_search_tool_bm25_20251119", name: "tool_search_tool_bm25" });
    expect(tools.map((t) => t.name)).not.toContain("search_tools");
    expect(tools).toHaveLength(builtins.length + MCP_COUNT + 1);
    // Deferred definitions are complete: the provider loads them as they are.
    const mr = tools.find((t) => t.name === "mcp__tracker__create_merge_request");
    expect(mr.input_schema.required).toEqual(["workspace"]);

    // The second request carries the search and its result back; the found tool stays deferred (loaded
    // from the history), so the tools array is the same as before and the cached prefix holds.
    expect(second.body.tools).toEqual(first.body.tools);
    const assistant = second.body.messages.find((m: any) => m.role === "assistant");
    expect(assistant.content.map((p: any) => p.type)).toEqual([
      "server_tool_use",
      "tool_search_tool_result",
      "tool_use",
    ]);
    expect(assistant.content[1].content.tool_references).toEqual([
      { type: "tool_reference", tool_name: "mcp__tracker__create_merge_request" },
      { type: "tool_reference", tool_name: "mcp__tracker__archive_merge_request" },
      { type: "tool_reference", tool_name: "mcp__tracker__delete_merge_request" },
    ]);
    expect(model!.view(1).toolResults).toEqual([
      {
        id: "call_t",
        text: 'tracker.create_merge_request {"workspace":"group/app","title":"Fix login"}',
        isError: false,
      },
    ]);
    // The system prompt points at the provider's search, not at search_tools.
    expect(model!.view(0).system).toContain("call tool_search_tool_bm25 with the task");
  });

  it("counts only what enters the model's context: a quarter of the full definitions at most", async () => {
    const { sb, config } = setup();
    const r = await run(sb, config, [{ text: "ok" }], { provider: "anthropic" });
    expect(r.code, r.stderr).toBe(0);
    const native = r.json().usage.tool_definition_tokens as number;
    await model!.close();
    const all = await run(sb, config, [{ text: "ok" }], {
      provider: "anthropic",
      env: { CODEAGENT_TOOL_SEARCH: "never" },
    });
    expect(all.code, all.stderr).toBe(0);
    const full = all.json().usage.tool_definition_tokens as number;
    expect(native).toBeGreaterThan(0);
    expect(native).toBeLessThan(full / 4);
  });

  it("keeps the local search_tools when native search is turned off or the model lacks it", async () => {
    const { sb, config } = setup();
    for (const o of [
      { env: { CODEAGENT_NATIVE_TOOL_SEARCH: "never" } },
      { model: "claude-3-5-haiku-20241022" },
    ]) {
      const r = await run(sb, config, [{ text: "ok" }], { provider: "anthropic", ...o });
      expect(r.code, r.stderr).toBe(0);
      const tools: any[] = model!.requests[0]!.body.tools;
      expect(tools.filter((t) => t.defer_loading !== undefined)).toEqual([]);
      expect(tools.map((t) => t.name)).toContain("search_tools");
      expect(tools.map((t) => t.name)).not.toContain("tool_search_tool_bm25");
      expect(tools.filter((t) => t.name.startsWith("mcp__"))).toEqual([]);
      await model!.close();
      model = undefined;
    }
  });

  it("still runs search_tools locally when a model asks for it by name", async () => {
    const { sb, config } = setup();
    const r = await run(
      sb,
      config,
      [
        { toolCalls: [{ id: "s1", name: "search_tools", args: { query: "create merge request" } }] },
        {
          toolCalls: [
            {
              id: "c1",
              name: "mcp__tracker__create_merge_request",
              args: { workspace: "group/app", title: "Fix login" },
            },
          ],
        },
        { text: "done" },
      ],
      { provider: "anthropic" },
    );
    expect(r.code, r.stderr).toBe(0);
    expect(r.json().tool_calls.map((c: any) => [c.name, c.is_error ?? false])).toEqual([
      ["search_tools", false],
      ["mcp__tracker__create_merge_request", false],
    ]);
    // The request offered only the provider's search; the local one answered anyway.
    expect(model!.requests[0]!.body.tools.map((t: any) => t.name)).not.toContain("search_tools");
    const [found] = model!.view(1).toolResults;
    expect(found!.isError).toBe(false);
    expect(found!.text).toContain("mcp__tracker__create_merge_request");
    expect(model!.view(2).toolResults.slice(1)).toEqual([
      {
        id: "c1",
        text: 'tracker.create_merge_request {"workspace":"group/app","title":"Fix login"}',
        isError: false,
      },
    ]);
  });

  it("sends alwaysLoad servers whole and names the deferred servers", async () => {
    const { sb, config } = setup({ crm: { alwaysLoad: true } });
    const r = await run(sb, config, [{ text: "ok" }], { provider: "anthropic" });
    expect(r.code, r.stderr).toBe(0);
    const tools: any[] = model!.requests[0]!.body.tools;
    const crm = tools.filter((t) => t.name.startsWith("mcp__crm__"));
    expect(crm).toHaveLength(60);
    expect(crm.every((t) => t.defer_loading === undefined)).toBe(true);
    expect(deferred(model!.requests[0]!)).toHaveLength(200);
    expect(model!.view(0).system).toContain("not loaded: cloud (100 tools), tracker (100 tools).");
  });
});

describe("OpenAI tool_search (Responses API, one namespace per server)", () => {
  it("keeps the tools array within 128 with 260 MCP tools and calls the namespaced tool it found", async () => {
    const { sb, config } = setup();
    const r = await run(sb, config, searchingModel, { provider: "openai" });
    expect(r.code, r.stderr).toBe(0);
    const doc = r.json();
    expect(doc.result).toBe("done");
    expect(doc.tool_calls.map((c: any) => c.name)).toEqual([
      "tool_search",
      "mcp__tracker__create_merge_request",
    ]);
    expect(model!.requests).toHaveLength(2);
    const [first, second] = model!.requests as [RecordedRequest, RecordedRequest];
    expect(first.path).toBe("/v1/responses");
    const tools: any[] = first.body.tools;
    const functions = tools.filter((t) => t.type === "function");
    expect(functions.length).toBeGreaterThan(10);
    expect(functions.every((t) => !t.name.startsWith("mcp__") && t.defer_loading === undefined)).toBe(true);
    // Built-ins, then one namespace per server with all its tools deferred, then the hosted search.
    expect(tools.map((t) => [t.type, t.name ?? null, t.tools?.length ?? null])).toEqual([
      ...functions.map((t) => ["function", t.name, null]),
      ["namespace", "mcp__cloud", 100],
      ["namespace", "mcp__crm", 60],
      ["namespace", "mcp__tracker", 100],
      ["tool_search", null, null],
    ]);
    expect(tools.length).toBeLessThanOrEqual(128);
    expect(deferred(first)).toHaveLength(MCP_COUNT);
    expect(tools.find((t) => t.name === "mcp__crm").description).toMatch(
      /^Tools of the MCP server "crm" \(60 tools\): archive_company, archive_contact, .*, …\.$/,
    );
    const tracker = tools.find((t) => t.name === "mcp__tracker");
    const mr = tracker.tools.find((f: any) => f.name === "mcp__tracker__create_merge_request");
    expect([mr.defer_loading, mr.strict, mr.parameters.required]).toEqual([true, false, ["workspace"]]);

    // The found tool stays deferred; the call and its output go back (the search as stored items).
    expect(second.body.tools).toEqual(first.body.tools);
    expect(second.body.input.map((i: any) => i.type ?? i.role)).toEqual([
      "developer",
      "user",
      "item_reference",
      "item_reference",
      "function_call",
      "function_call_output",
    ]);
    expect(second.body.input.find((i: any) => i.type === "function_call")).toMatchObject({
      name: "mcp__tracker__create_merge_request",
      namespace: "mcp__tracker",
    });
    expect(model!.view(1).toolResults).toEqual([
      {
        id: "call_t",
        text: 'tracker.create_merge_request {"workspace":"group/app","title":"Fix login"}',
        isError: false,
      },
    ]);
  });

  it("uses the local search for models without tool_search, within 128 tools", async () => {
    const { sb, config } = setup();
    const r = await run(sb, config, [{ text: "ok" }], { provider: "openai", model: "gpt-4.1" });
    expect(r.code, r.stderr).toBe(0);
    const tools: any[] = model!.requests[0]!.body.tools;
    expect(tools.map((t) => t.type)).not.toContain("namespace");
    expect(tools.map((t) => t.name)).toContain("search_tools");
    expect(tools.length).toBeLessThanOrEqual(128);
  });
});

describe("nothing left to defer: no search tool (the provider's would have nothing to search)", () => {
  const provider = (p: Provider) => p;
  it.each([provider("anthropic"), provider("openai")])(
    "%s: every server alwaysLoad under toolSearch always sends the tools whole, without a search tool",
    async (p) => {
      const { sb, config } = manyToolServers(
        { tracker: 5, crm: 3 },
        { tracker: { alwaysLoad: true }, crm: { alwaysLoad: true } },
      );
      const r = await run(sb, config, [{ text: "ok" }], {
        provider: p,
        env: { CODEAGENT_TOOL_SEARCH: "always" },
      });
      expect(r.code, r.stderr).toBe(0);
      const req = model!.requests[0]!;
      expect(model!.view(0).tools.filter((n) => n.startsWith("mcp__"))).toHaveLength(8);
      expect(JSON.stringify(req.body.tools)).not.toMatch(/defer_loading|tool_search|search_tools|namespace/);
      expect(model!.view(0).system).not.toContain("Deferred tools");
    },
  );

  it.each([provider("anthropic"), provider("openai")])(
    "%s: once every MCP tool was called by name, the next request sends them whole and no search tool",
    async (p) => {
      const { sb, config } = manyToolServers({ tracker: 2, crm: 1 });
      const calls = ["mcp__tracker__create_issue", "mcp__tracker__get_issue", "mcp__crm__create_contact"];
      const r = await run(
        sb,
        config,
        [
          { toolCalls: calls.map((name, i) => ({ id: `c${i}`, name, args: { workspace: "w" } })) },
          { text: "done" },
        ],
        { provider: p, env: { CODEAGENT_TOOL_SEARCH: "always" } },
      );
      expect(r.code, r.stderr).toBe(0);
      expect(r.json().tool_calls.map((c: any) => [c.name, c.is_error ?? false])).toEqual(
        calls.map((n) => [n, false]),
      );
      expect(deferred(model!.requests[0]!)).toHaveLength(3);
      const second = model!.requests[1]!;
      expect(
        model!
          .view(1)
          .tools.filter((n) => n.startsWith("mcp__"))
          .sort(),
      ).toEqual([...calls].sort());
      expect(JSON.stringify(second.body.tools)).not.toMatch(/defer_loading|tool_search|search_tools/);
    },
  );
});

describe("a resumed conversation whose search found tools of a server no longer configured", () => {
  it("drops those tool references instead of sending a conversation Anthropic refuses", async () => {
    const { sb, config } = setup();
    const first = await run(sb, config, searchingModel, { provider: "anthropic" });
    expect(first.code, first.stderr).toBe(0);
    await model!.close();
    // The same project without the tracker server, whose tools the earlier search found.
    const servers = JSON.parse(readFileSync(config, "utf8")).mcpServers;
    delete servers.tracker;
    const smaller = sb.writeJson("mcp-smaller.json", { mcpServers: servers });
    const r = await run(sb, smaller, [{ text: "resumed" }], {
      provider: "anthropic",
      prompt: "and now?",
      args: ["--continue"],
    });
    expect(r.code, r.stderr).toBe(0);
    expect(r.json().result).toBe("resumed");
    const assistant = model!.requests[0]!.body.messages.find((m: any) => m.role === "assistant");
    expect(assistant.content.map((p: any) => p.type)).toEqual([
      "server_tool_use",
      "tool_search_tool_result",
      "tool_use",
    ]);
    expect(assistant.content[1].content.tool_references).toEqual([]);
  });
});
