// `codeagent mcp serve --http` against real clients no one here wrote: the SDK v2 client (2026-07-28,
// stateless) and the v1 client (2025-11-25 sessions), with tokens and profiles, and callers that should be
// refused: no token, another caller's session, a foreign Origin, an oversized body.
import { Client as ClientV2, StreamableHTTPClientTransport as HttpV2 } from "@modelcontextprotocol/client";
import { Client as ClientV1 } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport as HttpV1 } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixture, nodeServer, sandbox } from "../helpers/env.js";
import { startGateway, tokenFile, type RunningGateway } from "../helpers/gateway.js";

const ALL = "token-for-the-all-profile-0001";
const RO = "token-for-the-echo-only-0002";
let gw: RunningGateway;

beforeAll(async () => {
  const sb = sandbox();
  sb.writeJson(join(sb.home, ".codeagent", "settings.json"), {
    gateway: { profiles: { "echo-only": { servers: ["echo"], tools: ["mcp__echo__echo"] } } },
  });
  const cfg = sb.writeJson("servers.json", {
    mcpServers: {
      echo: nodeServer("echo.mjs"),
      modern: nodeServer("modern.mjs", {}, { args: [fixture("modern.mjs"), "stdio"] }),
    },
  });
  const tokens = tokenFile(sb, [`${ALL} all`, `${RO} echo-only`]);
  gw = await startGateway(sb, cfg, ["--http", "127.0.0.1:0", "--token-file", tokens, "--replica", "r1"]);
}, 60_000);

afterAll(async () => {
  expect(await gw.stop()).toBe(0);
  expect(gw.log()).toContain('"event":"stopped"');
});

const auth = (token: string) => ({ headers: { Authorization: `Bearer ${token}` } });

async function v2(token: string) {
  const c = new ClientV2(
    { name: "v2", version: "1" },
    { capabilities: { elicitation: { form: {} } }, versionNegotiation: { mode: "auto" } },
  );
  c.setRequestHandler("elicitation/create", () =>
    Promise.resolve({ action: "accept" as const, content: { name: "Grace" } }),
  );
  await c.connect(new HttpV2(new URL(gw.url), { requestInit: auth(token) }));
  return c;
}

async function v1(token: string) {
  const c = new ClientV1({ name: "v1", version: "1" });
  const t = new HttpV1(new URL(gw.url), { requestInit: auth(token) });
  await c.connect(t);
  return { c, t };
}

const texts = (r: unknown) => ((r as { content: { text: string }[] }).content ?? []).map((b) => b.text);

describe("mcp serve --http", () => {
  it("serves every tool to a 2026-07-28 caller, and forwards the upstream's question to it", async () => {
    const c = await v2(ALL);
    expect(c.getNegotiatedProtocolVersion()).toBe("2026-07-28");
    const names = (await c.listTools()).tools.map((t) => t.name).sort();
    expect(names).toEqual(expect.arrayContaining(["echo__echo", "echo__add", "modern__ask", "modern__echo"]));
    expect(texts(await c.callTool({ name: "echo__add", arguments: { a: 2, b: 3 } }))).toEqual(["5"]);
    // modern__ask asks for a name: the gateway hands the question to this caller, whose answer comes back.
    expect(texts(await c.callTool({ name: "modern__ask", arguments: {} }))).toEqual(["hello Grace"]);
    const read = await c.readResource({ uri: "echo://hello" });
    expect(read.contents.length).toBe(1);
    await c.close();
  });

  it("gives a 2025-era caller a session named after the replica, and only what its profile shows", async () => {
    const { c, t } = await v1(RO);
    expect(t.sessionId).toMatch(/^r1\./);
    expect((await c.listTools()).tools.map((x) => x.name)).toEqual(["echo__echo"]);
    expect(texts(await c.callTool({ name: "echo__echo", arguments: { text: "hi" } }))).toEqual(["hi"]);
    // A hidden tool reads as an unknown one.
    await expect(c.callTool({ name: "echo__add", arguments: { a: 1, b: 1 } })).rejects.toThrow(
      "Unknown tool: echo__add",
    );
    expect((await c.listPrompts()).prompts.map((p) => p.name)).toEqual(["echo__greet"]);
    // Another caller cannot use this session: it reads as no session at all.
    const stolen = await fetch(gw.url, {
      method: "POST",
      headers: {
        Authorization: `Bearer ${ALL}`,
        "Mcp-Session-Id": t.sessionId ?? "",
        "Content-Type": "application/json",
        Accept: "application/json, text/event-stream",
      },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
    });
    expect(stolen.status).toBe(404);
    await c.close();
  });

  it("refuses callers without a known token, from a foreign page, or with too big a body", async () => {
    const post = (headers: Record<string, string>, body = "{}") =>
      fetch(gw.url, {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          Accept: "application/json, text/event-stream",
          ...headers,
        },
        body,
      });
    const none = await post({});
    expect([none.status, none.headers.get("www-authenticate")]).toEqual([
      401,
      'Bearer realm="codeagent-gateway"',
    ]);
    const wrong = await post({ Authorization: "Bearer not-a-real-token-000000" });
    expect([wrong.status, wrong.headers.get("www-authenticate")]).toEqual([
      401,
      'Bearer realm="codeagent-gateway", error="invalid_token"',
    ]);
    expect((await post({ Authorization: `Bearer ${ALL}`, Origin: "http://evil.example" })).status).toBe(403);
    const big = await post(
      { Authorization: `Bearer ${ALL}` },
      JSON.stringify({ pad: "x".repeat(5 * 1024 * 1024) }),
    );
    expect(big.status).toBe(413);
    const broken = await post({ Authorization: `Bearer ${ALL}` }, "{not json");
    expect(broken.status).toBe(400);
  });

  it("reports health openly, and per-tool metrics to a caller, without arguments or tokens", async () => {
    const health = await fetch(new URL("/healthz", gw.url));
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({
      ready: true,
      servers: [
        { name: "echo", status: "ready" },
        { name: "modern", status: "ready" },
      ],
    });
    // /metrics names every profile's servers and tools: it takes a credential, as /mcp does.
    const anonymous = await fetch(new URL("/metrics", gw.url));
    expect(anonymous.status).toBe(401);
    expect((await fetch(new URL("/metrics", gw.url), auth("not-a-token-at-all-0000"))).status).toBe(401);
    const metrics = await (await fetch(new URL("/metrics", gw.url), auth(RO))).text();
    expect(metrics).toMatch(/codeagent_gateway_tool_calls_total\{server="echo",tool="echo__add"\} \d+/);
    expect(metrics).toMatch(/codeagent_gateway_http_refused_total\{reason="unauthorized"\} \d+/);
    expect(metrics).not.toContain(ALL);
    expect(gw.log()).toMatch(
      /"event":"call","caller":"t-[0-9a-f]{12}","profile":"echo-only","server":"echo","tool":"echo__echo"/,
    );
  });
});
