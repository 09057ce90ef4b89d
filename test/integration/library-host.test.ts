// The host as a library (§17): createMcpHost over inline servers and config files, the shapes of servers(),
// tools() and callTool(), events, identity by registered name (§5), close(), and toAiSdkTools driving the
// AI SDK's generateText against a scripted model server.
import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import { stepCountIs, streamText } from "ai";
import { writeFileSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import {
  CodeagentError,
  createMcpHost,
  toAiSdkTools,
  type McpHost,
  type ServerRow,
} from "../../src/core/index.js";
import { startModelServer } from "../fixtures/model-server.js";
import { isAlive, nodeServer, sandbox } from "../helpers/env.js";

const hosts: McpHost[] = [];
afterEach(async () => {
  await Promise.all(hosts.splice(0).map((h) => h.close()));
});

async function host(servers: Record<string, unknown>, extra: Parameters<typeof createMcpHost>[0] = {}) {
  const sb = sandbox();
  const h = await createMcpHost({ cwd: sb.project, env: sb.env, servers, startupWaitMs: 15_000, ...extra });
  hosts.push(h);
  return { h, sb };
}

const codeOf = (p: Promise<unknown>) =>
  p.then(
    () => "resolved",
    (e: unknown) => (e instanceof CodeagentError ? e.code : String(e)),
  );

describe("createMcpHost", () => {
  it("starts inline servers and lists them as mcp list --json rows", async () => {
    const { h } = await host({ echo: nodeServer("echo.mjs"), off: { command: "nope", disabled: true } });
    expect(h.servers()).toEqual([
      {
        name: "echo",
        scope: "cli",
        source: "createMcpHost({ servers })",
        transport: "stdio",
        status: "ready",
        error: null,
        tools: 7,
        resources: 1,
        prompts: 1,
        changedTools: 0,
      },
      {
        name: "off",
        scope: "cli",
        source: "createMcpHost({ servers })",
        transport: "stdio",
        status: "disabled",
        error: null,
        tools: 0,
        resources: 0,
        prompts: 0,
        changedTools: 0,
      },
    ]);
  });

  it("lists tools with their sanitized schema and calls them by registered name", async () => {
    const { h } = await host({ echo: nodeServer("echo.mjs") });
    const echo = h.tools().find((t) => t.name === "mcp__echo__echo");
    expect(echo).toEqual({
      name: "mcp__echo__echo",
      server: "echo",
      tool: "echo",
      kind: "tool",
      description: "Returns the text",
      readOnly: false,
      inputSchema: {
        type: "object",
        properties: { text: { type: "string" } },
        required: ["text"],
      },
    });
    expect(h.tools({ server: "echo" }).map((t) => t.kind)).toContain("resource");
    expect(await h.callTool("mcp__echo__echo", { text: "hi" })).toEqual({
      tool: "mcp__echo__echo",
      isError: false,
      content: [{ type: "text", text: "hi" }],
      text: "hi",
      truncated: false,
    });
    const failed = await h.callTool("mcp__echo__fail", { message: "nope" });
    expect([failed.isError, failed.text]).toEqual([true, "nope"]);
  });

  it("rejects with a code when the call cannot be made or finish", async () => {
    const { h } = await host({ echo: nodeServer("echo.mjs"), dead: nodeServer("exit-immediately.mjs") });
    expect(await codeOf(h.callTool("mcp__echo__nope", {}))).toBe("UNKNOWN_TOOL");
    expect(await codeOf(h.callTool("mcp__nosuch__x", {}))).toBe("UNKNOWN_TOOL");
    expect(await codeOf(h.callTool("mcp__dead__x", {}))).toBe("SERVER_UNAVAILABLE");
    expect(await codeOf(h.callTool("mcp__echo__sleep", { ms: 60_000 }, { timeoutMs: 200 }))).toBe(
      "CALL_TIMEOUT",
    );
    const abort = new AbortController();
    const call = h.callTool("mcp__echo__sleep", { ms: 60_000 }, { signal: abort.signal });
    abort.abort();
    expect(await codeOf(call)).toBe("CANCELLED");
    expect(() => h.tools({ server: "nosuch" })).toThrow(/no MCP server named "nosuch"/);
  });

  it("finds tools of servers named a_ and of hashed long names by their registered names (§5)", async () => {
    const long = "s".repeat(60);
    const { h } = await host({
      a: nodeServer("echo.mjs"),
      a_: nodeServer("echo.mjs"),
      [long]: nodeServer("echo.mjs"),
    });
    const names = h.tools().map((t) => [t.name, t.server, t.tool]);
    // `a_`'s names are hashed: `mcp__a___…` would read two ways (server `a` has tools too).
    const under = h.tools({ server: "a_" }).find((t) => t.tool === "echo")!.name;
    expect(names).toContainEqual([under, "a_", "echo"]);
    expect(under).toMatch(/^mcp__a___echo_[0-9a-f]{8}$/);
    const longEcho = h.tools({ server: long }).find((t) => t.tool === "echo")!;
    expect(longEcho.name.length).toBeLessThanOrEqual(64);
    expect((await h.callTool(under, { text: "from a_" })).text).toBe("from a_");
    expect((await h.callTool("mcp__a__echo", { text: "from a" })).text).toBe("from a");
    expect((await h.callTool(longEcho.name, { text: "long" })).text).toBe("long");
  });

  it("waits for a starting server that may own the name, and reports state and tool events", async () => {
    const { h } = await host(
      { slow: nodeServer("slow-start.mjs", { SLOW_START_MS: "300" }) },
      { startupWaitMs: 0 },
    );
    const states: ServerRow["status"][] = [];
    const tools: number[] = [];
    const offState = h.on("state", (s) => states.push(s.status));
    const offTools = h.on("tools", (c) => tools.push(c.tools.length));
    expect(h.servers()[0]!.status).toBe("starting");
    const r = await h.callTool("mcp__slow__echo", { text: "late" });
    expect(r.text).toBe("late");
    expect(states).toEqual(["ready"]);
    expect(tools.at(-1)).toBeGreaterThan(0);
    offState();
    offTools();
  });

  it("merges config files and inline servers (inline wins) and ends every process on close", async () => {
    const sb = sandbox();
    const file = sb.writeJson("extra.json", {
      mcpServers: { echo: { command: "not-used" }, other: nodeServer("echo.mjs") },
    });
    const h = await createMcpHost({
      cwd: sb.project,
      env: sb.env,
      configFiles: [file],
      servers: { echo: nodeServer("echo.mjs") },
    });
    hosts.push(h);
    expect(h.servers().map((s) => [s.name, s.source, s.status])).toEqual([
      ["other", file, "ready"],
      ["echo", "createMcpHost({ servers })", "ready"],
    ]);
    const pids = h.manager.snapshots().map((s) => s.info?.pid);
    await h.close();
    await h.close(); // idempotent
    for (const pid of pids) expect(pid !== undefined && isAlive(pid)).toBe(false);
  });

  it("reads the user's and project's config only with userConfig, and approves project servers as asked", async () => {
    const sb = sandbox();
    sb.writeJson(`${sb.env.CODEAGENT_HOME}/mcp.json`, { mcpServers: { user: nodeServer("echo.mjs") } });
    sb.writeJson(`${sb.project}/.mcp.json`, { mcpServers: { proj: nodeServer("echo.mjs") } });
    const none = await createMcpHost({ cwd: sb.project, env: sb.env });
    hosts.push(none);
    expect(none.servers()).toEqual([]);
    const stored = await createMcpHost({ cwd: sb.project, env: sb.env, userConfig: true });
    hosts.push(stored);
    expect(stored.servers().map((s) => [s.name, s.scope, s.status])).toEqual([
      ["user", "user", "ready"],
      ["proj", "project", "needs-approval"],
    ]);
    const all = await createMcpHost({ cwd: sb.project, env: sb.env, userConfig: true, approvals: "all" });
    hosts.push(all);
    expect(all.servers().map((s) => s.status)).toEqual(["ready", "ready"]);
  });

  it("rejects when a configFiles file is missing or does not parse, naming the file and the option", async () => {
    const sb = sandbox();
    const missing = `${sb.project}/nope.json`;
    const broken = sb.writeJson("broken.json", {}).replace(/broken\.json$/, "broken.jsonc");
    writeFileSync(broken, "{ not json");
    const failure = (configFiles: string[]) =>
      createMcpHost({ cwd: sb.project, env: sb.env, configFiles, startupWaitMs: 0 }).then(
        async (h) => (await h.close(), "resolved"),
        (e: unknown) => (e instanceof CodeagentError ? { code: e.code, message: e.message } : String(e)),
      );
    expect(await failure([missing])).toEqual({
      code: "CONFIG_INVALID",
      message: `${missing}: file not found (given with configFiles)`,
    });
    expect(await failure([broken])).toMatchObject({ code: "CONFIG_PARSE" });
  });

  it("reports an invalid inline entry on that server, naming the key", async () => {
    const { h } = await host({ bad: { command: 42 }, echo: nodeServer("echo.mjs") });
    const bad = h.servers().find((s) => s.name === "bad")!;
    expect([bad.status, bad.error]).toEqual([
      "failed",
      "createMcpHost({ servers }): servers.bad.command: expected a string, got 42",
    ]);
    expect(h.servers().find((s) => s.name === "echo")!.status).toBe("ready");
  });
});

describe("toAiSdkTools", () => {
  it("gives the AI SDK the host's tools by registered name and runs them", async () => {
    const { h } = await host({ echo: nodeServer("echo.mjs") });
    const model = await startModelServer([
      {
        toolCalls: [
          { name: "mcp__echo__echo", args: { text: "via the AI SDK" } },
          { name: "mcp__echo__fail", args: { message: "bad input" } },
        ],
      },
      { text: "done" },
    ]);
    try {
      const tools = toAiSdkTools(h);
      expect(Object.keys(tools)).toEqual(h.tools().map((t) => t.name));
      // The scripted server streams (as real providers can); generateText takes the same tools.
      const r = streamText({
        model: createOpenAICompatible({ name: "test", baseURL: `${model.url}/v1` })("scripted"),
        tools,
        prompt: "echo something",
        stopWhen: stepCountIs(3),
      });
      expect(await r.text).toBe("done");
      expect(model.view(0).tools).toContain("mcp__echo__echo");
      // The OpenAI wire format has no error flag: the model reads the error's text.
      expect(model.view(1).toolResults.map((t) => t.text)).toEqual(["via the AI SDK", "bad input"]);
      expect(
        (await r.steps)[0]!.content.filter((c) => c.type === "tool-result").map((c) => c.output),
      ).toEqual([
        expect.objectContaining({ isError: false, text: "via the AI SDK" }),
        expect.objectContaining({ isError: true, text: "bad input" }),
      ]);
    } finally {
      await model.close();
    }
  });

  // Mastra 1.x calls toModelOutput with the output itself (the AI SDK v5 shape), not `{ output }`.
  it("gives the model's view of a result in the AI SDK's calling shape and in Mastra's", async () => {
    const { h } = await host({ echo: nodeServer("echo.mjs") });
    const t = toAiSdkTools(h)["mcp__echo__echo"]!;
    const doc = await h.callTool("mcp__echo__echo", { text: "hi" });
    const failed = { ...doc, isError: true, text: "bad" };
    const view = t.toModelOutput as (arg: unknown) => unknown;
    expect([view({ toolCallId: "1", input: {}, output: doc }), view(doc), view(failed)]).toEqual([
      { type: "text", value: "hi" },
      { type: "text", value: "hi" },
      { type: "error-text", value: "bad" },
    ]);
  });
});
