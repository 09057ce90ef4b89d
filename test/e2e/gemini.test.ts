/* eslint-disable @typescript-eslint/no-explicit-any -- request bodies are untyped JSON */
// The Gemini provider (`google:MODEL`) end to end against the scripted model server in Gemini's wire format
// (streamGenerateContent, SSE): its 512-declaration cap, the local tool search it uses (Gemini has no
// native one in the AI SDK), and its schema dialect on real fixture servers' tools.
import { afterEach, describe, expect, it } from "vitest";
import { startModelServer, type ModelServer, type Script } from "../fixtures/model-server.js";
import { runCli } from "../helpers/cli.js";
import { nodeServer, sandbox, type Sandbox } from "../helpers/env.js";

let model: ModelServer | undefined;
afterEach(async () => {
  await model?.close();
  model = undefined;
});

function setup(
  servers: Record<string, number>,
  extra: Record<string, Record<string, unknown>> = {},
): { sb: Sandbox; config: string } {
  const sb = sandbox();
  const mcpServers: Record<string, unknown> = {};
  for (const [name, n] of Object.entries(servers))
    mcpServers[name] = nodeServer(
      "many-tools.mjs",
      { TOOLS_THEME: name, TOOLS_COUNT: String(n) },
      extra[name],
    );
  return { sb, config: sb.writeJson("mcp.json", { mcpServers }) };
}

async function run(sb: Sandbox, config: string, script: Script, env: Record<string, string> = {}) {
  model = await startModelServer(script, { maxTools: 512 });
  return runCli(
    sb,
    [
      "-p",
      "open a merge request",
      "--model",
      "google:gemini-2.5-flash",
      "--base-url",
      model.url,
      "--mcp-config",
      config,
      "--yes",
      "--output-format",
      "json",
    ],
    { env: { GEMINI_API_KEY: "k", ...env }, timeoutMs: 60_000 },
  );
}

const declarations = (i: number): any[] =>
  (model!.requests[i]!.body.tools ?? []).flatMap((t: any) => t.functionDeclarations ?? []);

describe("Gemini (google:MODEL)", () => {
  it("defers hundreds of tools behind search_tools, then loads and calls the one found", async () => {
    const { sb, config } = setup({ tracker: 100, cloud: 100, crm: 60 });
    const r = await run(sb, config, (req, i) => {
      if (i === 0)
        return { toolCalls: [{ name: "search_tools", args: { query: "create a merge request" } }] };
      const results = model!.view(i).toolResults;
      if (i === 1) {
        const first = results.at(-1)!.text.split("\n")[1]!.split(" ")[0]!;
        return { toolCalls: [{ name: first, args: { workspace: "group/app", title: "Fix login" } }] };
      }
      return { text: `result: ${results.at(-1)!.text}` };
    });
    expect(r.code, r.stderr).toBe(0);
    const doc = r.json();
    expect(doc.result).toBe(
      'result: tracker.create_merge_request {"workspace":"group/app","title":"Fix login"}',
    );
    expect(model!.requests[0]!.path).toBe("/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse");
    const first = declarations(0).map((d) => d.name);
    expect(first).toContain("search_tools");
    expect(first.filter((n) => n.startsWith("mcp__"))).toEqual([]);
    expect(declarations(1).map((d) => d.name)).toContain("mcp__tracker__create_merge_request");
    expect(model!.view(0).system).toContain("call search_tools with the task");
  });

  it("sends a server's tools in Gemini's schema subset, the union kept", async () => {
    const { sb, config } = setup({ crm: 20 });
    const r = await run(sb, config, [{ text: "ok" }]);
    expect(r.code, r.stderr).toBe(0);
    const contact = declarations(0).find((d) => d.name === "mcp__crm__create_contact");
    expect(contact.parameters).toEqual({
      type: "object",
      properties: {
        workspace: { type: "string", description: "The crm workspace (project path or id)" },
        contact_id: { type: "string", description: "The contact's id (for get, update, delete)" },
        title: { type: "string", description: "Title of the contact" },
        labels: {
          description: "One label or a list of labels",
          anyOf: [{ type: "string" }, { type: "array", items: { type: "string" } }],
        },
      },
      required: ["workspace"],
    });
  });

  it("fails before any request when toolSearch is never and the tools pass Gemini's 512", async () => {
    const { sb, config } = setup({ tracker: 200, cloud: 200, crm: 200 });
    const r = await run(sb, config, [{ text: "never sent" }], { CODEAGENT_TOOL_SEARCH: "never" });
    expect(r.code).toBe(2);
    expect(r.json().error.code).toBe("TOO_MANY_TOOLS");
    expect(r.json().error.message).toMatch(
      /^This request would carry 6\d\d tool definitions, but the provider accepts at most 512\. Set "toolSearch" to "auto"/,
    );
    expect(model!.requests).toEqual([]);
  });

  it("sends all of them with toolSearch never while they fit 512, which OpenAI's 128 would refuse", async () => {
    const { sb, config } = setup({ tracker: 100, cloud: 100, crm: 60 });
    const r = await run(sb, config, [{ text: "ok" }], { CODEAGENT_TOOL_SEARCH: "never" });
    expect(r.code, r.stderr).toBe(0);
    expect(declarations(0).filter((d) => d.name.startsWith("mcp__"))).toHaveLength(260);
  });
});
