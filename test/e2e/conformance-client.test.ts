// The hidden `conformance-client` command that the conformance suite drives, against a plain Streamable HTTP
// server: it connects through the host, calls every tool with arguments made from its schema, exits 0.
import { spawn, type ChildProcess } from "node:child_process";
import { afterEach, describe, expect, it } from "vitest";
import { fixture, sandbox } from "../helpers/env.js";
import { runCli } from "../helpers/cli.js";

const children: ChildProcess[] = [];
afterEach(() => {
  for (const c of children.splice(0)) c.kill();
});

function httpFixture(): Promise<number> {
  const child = spawn(process.execPath, [fixture("http-server.mjs")], {
    env: { ...process.env, PORT: "0" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    let out = "";
    child.stdout.on("data", (d: Buffer) => {
      out += d.toString();
      const m = /PORT (\d+)/.exec(out);
      if (m) resolve(Number(m[1]));
    });
    child.on("exit", (code) => reject(new Error(`fixture exited ${code}: ${out}`)));
  });
}

describe("conformance-client", () => {
  it("connects, lists and calls every tool of the server at URL", async () => {
    const port = await httpFixture();
    const r = await runCli(sandbox(), ["conformance-client", `http://127.0.0.1:${port}/mcp`], {
      timeoutMs: 60_000,
    });
    const called = r.stderr.split("\n").flatMap((l) => /called (\w+)\((.*)\) → /.exec(l)?.slice(1, 3) ?? []);
    expect({ code: r.code, called }).toEqual({
      code: 0,
      called: ["echo", '{"text":"test"}', "stats", "{}"],
    });
    expect(r.stderr).toContain("connected, protocol 2025-11-25, 2 tools");
  });

  it("exits 1 naming the state when nothing answers at URL", async () => {
    const r = await runCli(sandbox(), ["conformance-client", "http://127.0.0.1:9/mcp"], {
      timeoutMs: 60_000,
    });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/failed: server is failed: /);
  });
});
