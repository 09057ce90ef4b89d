// examples/gateway-nginx/nginx.conf as shipped (only its ports changed), with Debian's nginx in front of two
// gateway replicas: 2025-era sessions stay on the replica that made them, 2026-07-28 requests spread over both,
// and a 2026-07-28 task's requests reach the replica that holds it (by the task id in Mcp-Name).
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";
import { Client as ClientV2, StreamableHTTPClientTransport as HttpV2 } from "@modelcontextprotocol/client";
import { Client as ClientV1 } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport as HttpV1 } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { TASK_METHOD_ALIAS, tapTaskWire } from "../../src/core/mcp/connection/tasks-wire.js";
import { fixture, nodeServer, ROOT, sandbox } from "../helpers/env.js";
import { startGateway, tokenFile, type RunningGateway } from "../helpers/gateway.js";

const NGINX = ["/usr/sbin/nginx", "/usr/bin/nginx"].find((p) => existsSync(p));
const TOKEN = "nginx-example-token-000000001";
const replicas: RunningGateway[] = [];
let nginx: ChildProcess | undefined;
let front = "";

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, "127.0.0.1", () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

beforeAll(async () => {
  if (NGINX === undefined) throw new Error("nginx not installed: apt-get install nginx");
  const sb = sandbox();
  const cfg = sb.writeJson("servers.json", {
    mcpServers: {
      echo: nodeServer("echo.mjs"),
      t: nodeServer("tasks.mjs", {}, { args: [fixture("tasks.mjs"), "stdio", "legacy"] }),
    },
  });
  const tokens = tokenFile(sb, [`${TOKEN} all`]);
  for (const name of ["a", "b"])
    replicas.push(
      await startGateway(sb, cfg, ["--http", "127.0.0.1:0", "--token-file", tokens, "--replica", name]),
    );
  const [pa, pb, pf] = [new URL(replicas[0]!.url).port, new URL(replicas[1]!.url).port, await freePort()];
  const prefix = join(sb.dir, "nginx");
  mkdirSync(join(prefix, "tmp"), { recursive: true });
  const conf = readFileSync(join(ROOT, "examples", "gateway-nginx", "nginx.conf"), "utf8")
    .replaceAll("127.0.0.1:8081", `127.0.0.1:${pa}`)
    .replaceAll("127.0.0.1:8082", `127.0.0.1:${pb}`)
    .replaceAll("127.0.0.1:8080", `127.0.0.1:${pf}`);
  writeFileSync(join(prefix, "nginx.conf"), conf);
  let err = "";
  nginx = spawn(NGINX, ["-p", prefix, "-c", "nginx.conf", "-g", "daemon off;"], {
    stdio: ["ignore", "ignore", "pipe"],
  });
  nginx.stderr?.on("data", (d: Buffer) => (err += d.toString()));
  front = `http://127.0.0.1:${pf}/mcp`;
  // Poll until nginx answers (a loop, not a timing: the deadline only ends a hang).
  const deadline = Date.now() + 20_000;
  for (;;) {
    const r = await fetch(new URL("/healthz", front)).catch(() => undefined);
    if (r?.status === 200) break;
    if (Date.now() > deadline || nginx.exitCode !== null) throw new Error(`nginx did not come up: ${err}`);
    await new Promise((res) => setTimeout(res, 100));
  }
}, 90_000);

afterAll(async () => {
  nginx?.kill("SIGQUIT");
  for (const r of replicas) await r.stop();
});

const auth = { headers: { Authorization: `Bearer ${TOKEN}` } };
// Calls of one tool only: a log line of the other test's calls may still be on its way when this one starts.
const callsOn = (r: RunningGateway, tool: string) =>
  r
    .log()
    .split("\n")
    .filter((l) => l.includes('"event":"call"') && l.includes(`"tool":"${tool}"`)).length;

describe("two replicas behind nginx", () => {
  it("keeps every 2025-era session on the replica that made it", async () => {
    const clients = await Promise.all(
      Array.from({ length: 6 }, async () => {
        const c = new ClientV1({ name: "v1", version: "1" });
        const t = new HttpV1(new URL(front), { requestInit: auth });
        await c.connect(t);
        return { c, t };
      }),
    );
    const owners = clients.map(({ t }) => t.sessionId?.split(".")[0]);
    expect(new Set(owners)).toEqual(new Set(["a", "b"]));
    // A request routed to the other replica would be answered 404 (no such session there).
    for (const { c } of clients)
      for (let i = 0; i < 3; i++)
        expect((await c.callTool({ name: "echo__echo", arguments: { text: `n${i}` } })).content).toEqual([
          { type: "text", text: `n${i}` },
        ]);
    await Promise.all(clients.map(({ c }) => c.close()));
  }, 60_000);

  it("spreads 2026-07-28 requests over both replicas", async () => {
    const before = replicas.map((r) => callsOn(r, "echo__add"));
    const c = new ClientV2({ name: "v2", version: "1" }, { versionNegotiation: { mode: "auto" } });
    await c.connect(new HttpV2(new URL(front), { requestInit: auth }));
    expect(c.getNegotiatedProtocolVersion()).toBe("2026-07-28");
    for (let i = 0; i < 10; i++) await c.callTool({ name: "echo__add", arguments: { a: i, b: 1 } });
    await c.close();
    const served = () => replicas.map((r, i) => callsOn(r, "echo__add") - (before[i] ?? 0));
    // A replica writes its call log lines once per turn of its event loop: wait for the last ones to arrive.
    await expect.poll(() => served().reduce((a, b) => a + b)).toBe(10);
    expect(served().every((n) => n > 0)).toBe(true);
  }, 60_000);

  it("routes a 2026-07-28 task's requests to the replica that holds it", async () => {
    const transport = new HttpV2(new URL(front), { requestInit: auth });
    const wire = tapTaskWire(transport);
    const c = new ClientV2(
      { name: "v2", version: "1" },
      {
        versionNegotiation: { mode: "auto" },
        capabilities: { extensions: { "io.modelcontextprotocol/tasks": {} } },
      },
    );
    await c.connect(transport);
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) {
      const handle = await c.callTool({ name: "t__research", arguments: { topic: `t${i}` } }).then(
        () => undefined,
        (e: unknown) => wire.taskHandleOf(e),
      );
      ids.push(String(handle?.taskId));
    }
    // Started round robin, so both replicas hold some.
    expect(new Set(ids.map((id) => id.split(".")[0]))).toEqual(new Set(["a", "b"]));
    const get = (taskId: string) =>
      c.request(
        { method: `${TASK_METHOD_ALIAS}tasks/get`, params: { taskId } },
        z.looseObject({ status: z.string(), result: z.unknown().optional() }),
      );
    // A tasks/get that reached the other replica would be answered "Unknown task".
    for (const [i, id] of ids.entries()) {
      await expect
        .poll(async () => (await get(id)).status, { timeout: 30_000, interval: 100 })
        .toBe("completed");
      expect((await get(id)).result).toEqual({ content: [{ type: "text", text: `report on t${i}` }] });
    }
    await c.close();
  }, 90_000);
});
