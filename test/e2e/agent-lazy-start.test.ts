// Lazy start (§20.1) through the CLI, counted by the processes the fixture servers log at start: `mcp list`
// starts every server even when its entry is lazy; a `-p` session with cached tools spawns only the server
// whose tool the scripted model calls (and still tells the model the idle servers' instructions); a lazy
// server that cannot start answers the model's call with its name and reason.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { startModelServer, type ModelServer, type Script } from "../fixtures/model-server.js";
import { runCli } from "../helpers/cli.js";
import { nodeServer, sandbox, type Sandbox } from "../helpers/env.js";

const NAMES = ["alpha", "beta", "gamma", "delta"];
let model: ModelServer | undefined;
afterEach(async () => {
  await model?.close();
  model = undefined;
});

function setup(entry: Record<string, unknown> = {}): { sb: Sandbox; config: string } {
  const sb = sandbox();
  const servers = Object.fromEntries(
    NAMES.map((n) => [
      n,
      nodeServer(
        "lazy-probe.mjs",
        { PROBE_LOG: join(sb.dir, `${n}.log`), PROBE_NAME: n, FAIL_FLAG: join(sb.dir, `${n}.fail`) },
        entry,
      ),
    ]),
  );
  return { sb, config: sb.writeJson("mcp.json", { mcpServers: servers }) };
}

const starts = (sb: Sandbox) =>
  NAMES.map((n) => {
    const f = join(sb.dir, `${n}.log`);
    return existsSync(f)
      ? readFileSync(f, "utf8")
          .split("\n")
          .filter((l) => l.startsWith("start ")).length
      : 0;
  });

async function agent(sb: Sandbox, config: string, script: Script) {
  model = await startModelServer(script);
  const m = model;
  const r = await runCli(sb, [
    "-p",
    "ping gamma",
    "--model",
    "openai-compatible:scripted",
    "--base-url",
    `${m.url}/v1`,
    "--mcp-config",
    config,
    "--yes",
  ]);
  return { r, m };
}

beforeAll(() => {
  // The CLI runs dist/: a stale build would test the old code.
  expect(existsSync(join(import.meta.dirname, "..", "..", "dist", "core", "mcp", "servers", "lazy.js"))).toBe(
    true,
  );
});

describe("lazy start in the CLI", () => {
  it("mcp list starts every server, lazy entries too", async () => {
    const { sb, config } = setup({ startup: "lazy" });
    const first = await runCli(sb, ["mcp", "list", "--json", "--mcp-config", config]);
    expect(first.code).toBe(0);
    expect(starts(sb)).toEqual([1, 1, 1, 1]);
    const second = await runCli(sb, ["mcp", "list", "--json", "--mcp-config", config]);
    expect(second.json().servers.map((s: { status: string }) => s.status)).toEqual(NAMES.map(() => "ready"));
    expect(starts(sb)).toEqual([2, 2, 2, 2]);
  });

  it("a -p session with cached tools spawns only the server whose tool the model calls", async () => {
    const { sb, config } = setup();
    expect((await runCli(sb, ["mcp", "list", "--mcp-config", config])).code).toBe(0);
    expect(starts(sb)).toEqual([1, 1, 1, 1]);
    const { r, m } = await agent(sb, config, [
      { toolCalls: [{ name: "mcp__gamma__ping", args: {} }] },
      { text: "done" },
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect(m.view(1).toolResults[0]?.text).toBe("pong from gamma");
    expect(starts(sb)).toEqual([1, 1, 2, 1]);
    // Every server's tools and instructions reach the model, idle ones' from the cache.
    expect(m.view(0).tools).toEqual(expect.arrayContaining(NAMES.map((n) => `mcp__${n}__ping`)));
    for (const n of NAMES) expect(m.view(0).system).toContain(`LAZY-INSTRUCTIONS of ${n}`);
  });

  it("a lazy server that cannot start answers the call with its name and reason", async () => {
    const { sb, config } = setup();
    expect((await runCli(sb, ["mcp", "list", "--mcp-config", config])).code).toBe(0);
    writeFileSync(join(sb.dir, "beta.fail"), "BETA_TOKEN is not set");
    const { r, m } = await agent(sb, config, [
      { toolCalls: [{ name: "mcp__beta__ping", args: {} }] },
      { text: "done" },
    ]);
    expect(r.code, r.stderr).toBe(0);
    const result = m.view(1).toolResults[0];
    expect(result?.text).toMatch(/server "beta" failed: .*FATAL: BETA_TOKEN is not set/);
    expect(starts(sb)[0]).toBe(1);
  });
});
