// Remote servers through the manager: the official everything server over Streamable HTTP and legacy SSE
// (reached by fallback from a bare url), custom headers, and re-initialisation after a 404 on a session.
import { spawn, type ChildProcess } from "node:child_process";
import { createServer, request } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import type { McpManager } from "../../src/core/mcp/servers/manager.js";
import { ROOT, fixture, sandbox } from "../helpers/env.js";
import { managerFor } from "../helpers/manager.js";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const children: ChildProcess[] = [];
const managers: McpManager[] = [];
afterEach(async () => {
  await Promise.all(managers.splice(0).map((m) => m.shutdown()));
  for (const c of children.splice(0)) c.kill("SIGKILL");
});

/** Starts a process and resolves with the first match of `ready` in its output. */
function startProcess(args: string[], env: Record<string, string>, ready: RegExp): Promise<RegExpExecArray> {
  const child = spawn(process.execPath, args, {
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    let out = "";
    const timer = setTimeout(() => reject(new Error(`server did not start: ${out}`)), 15_000);
    const on = (d: Buffer) => {
      out += d.toString();
      const m = ready.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m);
      }
    };
    child.stdout.on("data", on);
    child.stderr.on("data", on);
    child.on("exit", (code) => reject(new Error(`server exited ${code}: ${out}`)));
  });
}

const EVERYTHING = join(ROOT, "node_modules/@modelcontextprotocol/server-everything/dist/index.js");

/** server-everything on a port the kernel picks (PORT=0): a fixed or random port can be taken by a parallel run. */
async function startEverything(mode: "streamableHttp" | "sse"): Promise<string> {
  const preload = pathToFileURL(join(ROOT, "test/fixtures/report-port.mjs")).href;
  const [, port] = await startProcess(
    ["--import", preload, EVERYTHING, mode],
    { PORT: "0" },
    /LISTENING (\d+)/,
  );
  return port!;
}

describe("remote servers", () => {
  it("connects to server-everything over Streamable HTTP", async () => {
    const port = await startEverything("streamableHttp");
    const sb = sandbox();
    const m = managerFor(sb, { ev: { type: "http", url: `http://127.0.0.1:${port}/mcp` } });
    managers.push(m);
    await m.start({ waitMs: 15_000 });
    const s = m.snapshot("ev");
    expect(s.state.status).toBe("ready");
    expect(s.transport).toBe("http");
    expect(s.lists.tools.map((t) => t.name)).toContain("echo");
    const r = await m.callTool("ev", "echo", { message: "over http" });
    expect(JSON.stringify(r.content)).toContain("over http");
  });

  it("falls back to legacy SSE when a bare url is a legacy server", async () => {
    const port = await startEverything("sse");
    const sb = sandbox();
    const m = managerFor(sb, { legacy: { url: `http://127.0.0.1:${port}/sse` } });
    managers.push(m);
    await m.start({ waitMs: 15_000 });
    const s = m.snapshot("legacy");
    expect(s.state.status).toBe("ready");
    expect(s.transport).toBe("sse");
    expect(
      m
        .log("legacy")
        .lines()
        .some((l) => l.text.includes("trying legacy SSE")),
    ).toBe(true);
  });

  it("goes straight to legacy SSE on the next start of a bare url that landed there", async () => {
    const port = await startEverything("sse");
    const seen: string[] = [];
    const proxy = createServer((req, res) => {
      const upstream = request(
        { host: "127.0.0.1", port: Number(port), path: req.url, method: req.method, headers: req.headers },
        (r) => {
          seen.push(`${req.method} ${req.url?.split("?")[0]} ${r.statusCode}`);
          res.writeHead(r.statusCode ?? 502, r.headers);
          r.pipe(res);
        },
      );
      req.pipe(upstream);
    });
    await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}/sse`;
    const sb = sandbox();
    const cacheDir = join(sb.dir, "cache");
    try {
      for (const start of ["first", "second"]) {
        seen.length = 0;
        const m = managerFor(sb, { legacy: { url } }, { cacheDir });
        managers.push(m);
        await m.start({ waitMs: 15_000 });
        expect(m.snapshot("legacy").state.status, start).toBe("ready");
        await m.shutdown();
        const wasted = seen.filter((line) => line.startsWith("POST /sse "));
        // The first start probes (server/discover, then initialize, both 404); the second wastes nothing.
        expect(wasted, start).toEqual(start === "first" ? ["POST /sse 404", "POST /sse 404"] : []);
        expect(seen, start).toContain("GET /sse 200");
      }
    } finally {
      proxy.closeAllConnections();
      proxy.close();
    }
  });

  it("sends configured headers with ${VAR} expanded; a 401 without OAuth asks for the header", async () => {
    const [, port] = await startProcess(
      [fixture("http-server.mjs")],
      { REQUIRE_HEADER: "X-Api-Key: k-123456" },
      /PORT (\d+)/,
    );
    const sb = sandbox();
    const url = `http://127.0.0.1:${port}/mcp`;
    const m = managerFor(
      sb,
      { good: { type: "http", url, headers: { "X-Api-Key": "${API_KEY}" } }, nokey: { type: "http", url } },
      { defines: { API_KEY: "k-123456" } },
    );
    managers.push(m);
    await m.start({ waitMs: 15_000 });
    expect(m.snapshot("good").state.status).toBe("ready");
    // The server offers no OAuth sign-in, so `mcp login` cannot help: the key goes in the entry's headers.
    expect(m.snapshot("nokey").state.status).toBe("failed");
    expect(m.snapshot("nokey").error).toContain("offers no OAuth sign-in, so it wants a key");
  });

  it("re-initializes the session after a 404 and retries the request once", async () => {
    const [, port] = await startProcess([fixture("http-server.mjs")], { EXPIRE_AFTER: "3" }, /PORT (\d+)/);
    const sb = sandbox();
    const m = managerFor(sb, { h: { type: "http", url: `http://127.0.0.1:${port}/mcp` } });
    managers.push(m);
    await m.start({ waitMs: 15_000 });
    expect(m.snapshot("h").state.status).toBe("ready");
    const r1 = await m.callTool("h", "echo", { text: "a" });
    const r2 = await m.callTool("h", "echo", { text: "b" });
    expect([r1.content, r2.content]).toEqual([[{ type: "text", text: "a" }], [{ type: "text", text: "b" }]]);
    const stats = await m.callTool("h", "stats", {});
    expect(JSON.parse((stats.content as { text: string }[])[0]!.text).initializes).toBeGreaterThanOrEqual(2);
    expect(
      m
        .log("h")
        .lines()
        .some((l) => l.text.includes("re-initializing")),
    ).toBe(true);
  });
});
