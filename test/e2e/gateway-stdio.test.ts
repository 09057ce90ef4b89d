// `codeagent mcp serve` over stdio, as a host would run it from one `mcpServers` entry: the SDK v1 client
// (2025-11-25) and the v2 client (2026-07-28), progress and questions forwarded, list changes propagated,
// a profile applied, and `--check`.
import { Client as ClientV2 } from "@modelcontextprotocol/client";
import { StdioClientTransport as StdioV2 } from "@modelcontextprotocol/client/stdio";
import { Client as ClientV1 } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport as StdioV1 } from "@modelcontextprotocol/sdk/client/stdio.js";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";
import { fixture, nodeServer, sandbox } from "../helpers/env.js";
import { gatewayArgs } from "../helpers/gateway.js";

function setup() {
  const sb = sandbox();
  sb.writeJson(join(sb.home, ".codeagent", "settings.json"), {
    gateway: { profiles: { modern: { servers: ["modern"] } } },
  });
  const cfg = sb.writeJson("servers.json", {
    mcpServers: {
      echo: nodeServer("echo.mjs"),
      modern: nodeServer("modern.mjs", {}, { args: [fixture("modern.mjs"), "stdio"] }),
    },
  });
  return { sb, cfg };
}

const texts = (r: unknown) => ((r as { content: { text: string }[] }).content ?? []).map((b) => b.text);

describe("mcp serve over stdio", () => {
  it("serves a 2025-era client: tools, progress, the upstream's question, and list changes", async () => {
    const { sb, cfg } = setup();
    const c = new ClientV1({ name: "v1", version: "1" }, { capabilities: { elicitation: {} } });
    const asked: string[] = [];
    const { ElicitRequestSchema, ToolListChangedNotificationSchema } =
      await import("@modelcontextprotocol/sdk/types.js");
    c.setRequestHandler(ElicitRequestSchema, (r) => {
      asked.push(r.params.message);
      return { action: "accept", content: { name: "Ada L" } };
    });
    let changed = 0;
    c.setNotificationHandler(ToolListChangedNotificationSchema, () => void changed++);
    const transport = new StdioV1({
      command: process.execPath,
      args: gatewayArgs(cfg, []),
      env: sb.env,
      cwd: sb.project,
      stderr: "pipe",
    });
    await c.connect(transport);
    // What the gateway wrote, in order, as the client reads it. The v1 client handles a notification a microtask
    // after a response read in the same chunk, so on a loaded machine its onprogress can miss the last step even
    // when the gateway sent it first; the wire order is the gateway's part.
    const wire: (number | "result")[] = [];
    const read = transport.onmessage;
    transport.onmessage = (m) => {
      const msg = m as { method?: string; params?: { progress?: number }; result?: { content?: unknown } };
      if (msg.method === "notifications/progress") wire.push(msg.params?.progress ?? -1);
      else if (msg.result?.content !== undefined) wire.push("result");
      read?.(m);
    };
    expect(c.getServerVersion()?.name).toBe("codeagent-gateway");
    const names = (await c.listTools()).tools.map((t) => t.name);
    expect(names).toEqual(
      expect.arrayContaining(["echo__echo", "echo__progress", "modern__ask", "modern__grow"]),
    );
    expect(names).not.toContain("modern__grown");
    const progress: number[] = [];
    const r = await c.callTool(
      { name: "echo__progress", arguments: { steps: 3, intervalMs: 10 } },
      undefined,
      {
        onprogress: (p) => progress.push(p.progress),
      },
    );
    expect(r.isError).toBeFalsy();
    expect(wire).toEqual([1, 2, 3, "result"]);
    expect(progress).toEqual([1, 2, 3].slice(0, progress.length));
    expect(texts(await c.callTool({ name: "modern__ask", arguments: {} }))).toEqual(["hello Ada L"]);
    expect(asked).toEqual(["Your name?"]);
    // The upstream adds a tool: the caller is told, and lists it.
    await c.callTool({ name: "modern__grow", arguments: {} });
    await expect.poll(() => changed, { timeout: 15_000 }).toBeGreaterThan(0);
    await expect
      .poll(async () => (await c.listTools()).tools.map((t) => t.name), { timeout: 15_000 })
      .toContain("modern__grown");
    await c.close();
  }, 60_000);

  it("serves a 2026-07-28 client what its profile shows", async () => {
    const { sb, cfg } = setup();
    const c = new ClientV2({ name: "v2", version: "1" }, { versionNegotiation: { mode: "auto" } });
    await c.connect(
      new StdioV2({
        command: process.execPath,
        args: gatewayArgs(cfg, ["--profile", "modern"]),
        env: sb.env,
        cwd: sb.project,
        stderr: "pipe",
      }),
    );
    expect(c.getNegotiatedProtocolVersion()).toBe("2026-07-28");
    const names = (await c.listTools()).tools.map((t) => t.name).sort();
    expect(names).toEqual(["modern__ask", "modern__echo", "modern__grow", "modern__roots", "modern__visit"]);
    expect(texts(await c.callTool({ name: "modern__echo", arguments: { text: "x" } }))).toEqual(["x"]);
    await expect(c.callTool({ name: "echo__echo", arguments: { text: "x" } })).rejects.toThrow(
      "Unknown tool",
    );
    expect((await c.listResources()).resources).toEqual([]);
    await c.close();
  }, 60_000);

  it("serves the search front: two tools, search then call", async () => {
    const { sb, cfg } = setup();
    const c = new ClientV2({ name: "v2", version: "1" });
    await c.connect(
      new StdioV2({
        command: process.execPath,
        args: gatewayArgs(cfg, ["--tools", "search"]),
        env: sb.env,
        cwd: sb.project,
        stderr: "pipe",
      }),
    );
    expect((await c.listTools()).tools.map((t) => t.name)).toEqual(["search_tools", "call_tool"]);
    const found = await c.callTool({
      name: "search_tools",
      arguments: { query: "add two numbers", limit: 3 },
    });
    const tools = (found.structuredContent as { tools: { name: string }[] }).tools.map((t) => t.name);
    expect(tools[0]).toBe("echo__add");
    const r = await c.callTool({
      name: "call_tool",
      arguments: { name: "echo__add", arguments: { a: 4, b: 5 } },
    });
    expect(texts(r)).toEqual(["9"]);
    await c.close();
  }, 60_000);

  it("--check validates profiles and tokens without starting a server", async () => {
    const { sb, cfg } = setup();
    const ok = await runCli(sb, ["mcp", "serve", "--check", "--strict-mcp-config", "--mcp-config", cfg]);
    expect([ok.code, ok.stdout.trim()]).toEqual([0, "ok: 2 server(s), profiles all, modern, stdio"]);
    const bad = await runCli(sb, ["mcp", "serve", "--check", "--profile", "nope", "--mcp-config", cfg]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--profile: no gateway profile "nope" (known: all, modern)');
    const loose = sb.writeJson("tokens", {});
    const tok = await runCli(sb, [
      "mcp",
      "serve",
      "--check",
      "--http",
      "0",
      "--token-file",
      loose,
      "--mcp-config",
      cfg,
    ]);
    expect(tok.code).toBe(2);
    expect(tok.stderr).toContain("run chmod 600 on it");
  }, 60_000);
});

describe("mcp serve forwards upstream log messages", () => {
  it("to a caller that set a level, at or above it, naming the server; never to stderr", async () => {
    const sb = sandbox();
    const cfg = sb.writeJson("servers.json", { mcpServers: { logs: nodeServer("logging.mjs") } });
    const c = new ClientV1({ name: "v1", version: "1" });
    const { LoggingMessageNotificationSchema } = await import("@modelcontextprotocol/sdk/types.js");
    const got: { level: string; logger?: string; data: unknown }[] = [];
    c.setNotificationHandler(LoggingMessageNotificationSchema, (n) => void got.push(n.params));
    const transport = new StdioV1({
      command: process.execPath,
      args: gatewayArgs(cfg, []),
      env: sb.env,
      cwd: sb.project,
      stderr: "pipe",
    });
    let stderr = "";
    transport.stderr?.on("data", (d: Buffer) => (stderr += d.toString()));
    await c.connect(transport);
    const say = (level: string, text: string) =>
      c.callTool({ name: "logs__say", arguments: { level, text } });
    // Nothing until the caller asks for logs.
    expect(texts(await say("error", "before any level"))).toEqual(["said"]);
    await c.setLoggingLevel("warning");
    await say("info", "too low");
    await say("error", "disk full");
    await expect.poll(() => got.length, { timeout: 10_000 }).toBe(1);
    expect(got).toEqual([{ level: "error", logger: "logs/say", data: "disk full" }]);
    await c.close();
    expect(stderr).not.toContain("disk full");
    // The server's own log keeps every message, as in the agent.
    const log = await runCli(sb, ["mcp", "logs", "logs", "--strict-mcp-config", "--mcp-config", cfg]);
    expect(log.stdout).toContain("server log [info say]: too low");
  }, 60_000);
});

describe("mcp serve --tools code", () => {
  it("runs a caller's script that calls two upstream tools, bound to its profile's tools only", async () => {
    const sb = sandbox();
    sb.writeJson(join(sb.home, ".codeagent", "settings.json"), {
      gateway: { profiles: { narrow: { servers: ["echo"], tools: ["mcp__echo__echo"] } } },
    });
    const cfg = sb.writeJson("servers.json", { mcpServers: { echo: nodeServer("echo.mjs") } });
    const open = async (extra: string[]) => {
      const c = new ClientV2({ name: "v2", version: "1" }, { versionNegotiation: { mode: "auto" } });
      await c.connect(
        new StdioV2({
          command: process.execPath,
          args: gatewayArgs(cfg, ["--tools", "code", ...extra]),
          env: sb.env,
          cwd: sb.project,
          stderr: "pipe",
        }),
      );
      return c;
    };
    const c = await open([]);
    expect((await c.listTools()).tools.map((t) => t.name)).toEqual(["search_tools", "execute_code"]);
    const found = await c.callTool({ name: "search_tools", arguments: { query: "add two numbers" } });
    expect(JSON.stringify(found.structuredContent)).toContain('"name":"mcp__echo__add"');
    const r = await c.callTool({
      name: "execute_code",
      arguments: {
        code:
          "const sum = await tools.mcp__echo__add({ a: 2, b: 3 });" +
          "const said = await tools.mcp__echo__echo({ text: 'sum is ' + sum });" +
          "return said;",
      },
    });
    expect(r.isError).toBeFalsy();
    expect(texts(r).join("")).toContain("sum is 5");
    await c.close();

    // A narrower profile: the hidden tool is neither listed to the script nor callable.
    const n = await open(["--profile", "narrow"]);
    const keys = await n.callTool({
      name: "execute_code",
      arguments: { code: "return Object.keys(tools);" },
    });
    expect(texts(keys).join("")).toContain("mcp__echo__echo");
    expect(texts(keys).join("")).not.toContain("mcp__echo__add");
    const hidden = await n.callTool({
      name: "execute_code",
      arguments: { code: "return await tools.mcp__echo__add({ a: 1, b: 1 });" },
    });
    expect(hidden.isError).toBe(true);
    await n.close();
  }, 60_000);
});
