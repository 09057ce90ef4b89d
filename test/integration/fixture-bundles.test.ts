// The fixture servers the suite starts are one-file bundles of their sources (test/helpers/fixture-bundles.ts):
// a bundle must serve what its source serves, read the files beside it, and be rebuilt when a source changes.
import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { describe, expect, it } from "vitest";
import { FIXTURES, fixture, ROOT } from "../helpers/env.js";
import { BUNDLES_ENV, bundleFixtures, bundleKey } from "../helpers/fixture-bundles.js";

/** A 2025-era server's answers, as sent on the wire, to initialize and the tools, resources and prompts lists. */
async function wireSurface(file: string): Promise<unknown[]> {
  const child = spawn(process.execPath, [file], { stdio: ["pipe", "pipe", "ignore"] });
  const send = (m: object) => child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", ...m })}\n`);
  const answers: unknown[] = [];
  const done = new Promise<void>((resolve, reject) => {
    child.on("error", reject);
    child.on("exit", (code) => reject(new Error(`${file} exited (${code}) after ${answers.length} answers`)));
    createInterface({ input: child.stdout }).on("line", (line) => {
      answers.push(JSON.parse(line));
      if (answers.length === 4) resolve();
    });
  });
  const clientInfo = { name: "bundle-check", version: "1" };
  send({
    id: 1,
    method: "initialize",
    params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo },
  });
  send({ method: "notifications/initialized" });
  ["tools/list", "resources/list", "prompts/list"].forEach((method, i) => send({ id: i + 2, method }));
  try {
    await done;
  } finally {
    child.kill();
  }
  return answers.sort((a, b) => (a as { id: number }).id - (b as { id: number }).id);
}

/** What a 2026-07-28 client (SDK v2) sees of a modern-only server: its tools. */
async function modernTools(file: string): Promise<unknown> {
  const client = new Client({ name: "bundle-check", version: "1" }, { versionNegotiation: { mode: "auto" } });
  await client.connect(
    new StdioClientTransport({ command: process.execPath, args: [file, "stdio"], stderr: "ignore" }),
  );
  try {
    return { info: client.getServerVersion(), tools: (await client.listTools()).tools };
  } finally {
    await client.close();
  }
}

const bundles = () =>
  bundleFixtures(ROOT, FIXTURES, join(ROOT, "node_modules", ".cache", "codeagent-fixtures"));

describe("bundled fixture servers", () => {
  it("are what fixture() answers while the global setup made them, the sources otherwise", () => {
    const bundles = process.env[BUNDLES_ENV];
    const expected = bundles === undefined ? join(FIXTURES, "echo.mjs") : join(bundles, "echo.mjs");
    expect(fixture("echo.mjs")).toBe(expected);
    // Not a server: never bundled.
    expect(fixture("says-and-exits.sh")).toBe(join(FIXTURES, "says-and-exits.sh"));
  });

  // hostile.mjs reads schema-2020-12.json beside it, and sends what a strict client would refuse.
  it.each([["echo.mjs"], ["hostile.mjs"]])(
    "%s answers the same on the wire bundled as from its source",
    async (name) => {
      const dir = await bundles();
      const [source, bundled] = await Promise.all([
        wireSurface(join(FIXTURES, name)),
        wireSurface(join(dir, name)),
      ]);
      expect(JSON.stringify(bundled)).toContain('"tools":[{');
      expect(bundled).toEqual(source);
    },
  );

  it("modern.mjs, written with the SDK v2, lists the same tools bundled as from its source", async () => {
    const dir = await bundles();
    const [source, bundled] = await Promise.all([
      modernTools(join(FIXTURES, "modern.mjs")),
      modernTools(join(dir, "modern.mjs")),
    ]);
    expect(JSON.stringify(bundled)).toContain('"name":"echo"');
    expect(bundled).toEqual(source);
  });

  it("are rebuilt when a source changes, and reused while none does", async () => {
    const root = mkdtempSync(join(tmpdir(), "fixture-bundles-"));
    const servers = join(root, "servers");
    mkdirSync(servers);
    writeFileSync(join(servers, "words.json"), '["one"]');
    const source = (greeting: string) =>
      [
        'import { readFileSync } from "node:fs";',
        'const words = JSON.parse(readFileSync(new URL("./words.json", import.meta.url), "utf8"));',
        `console.log(${JSON.stringify(greeting)}, words.join(","));`,
      ].join("\n");
    writeFileSync(join(servers, "hello.mjs"), source("hello"));
    const cache = join(root, "cache");
    const run = (dir: string) =>
      spawnSync(process.execPath, [join(dir, "hello.mjs")], { encoding: "utf8" }).stdout;

    const first = await bundleFixtures(ROOT, servers, cache);
    expect(run(first)).toBe("hello one\n");
    expect(await bundleFixtures(ROOT, servers, cache)).toBe(first);

    const key = bundleKey(ROOT, servers);
    writeFileSync(join(servers, "hello.mjs"), source("hi"));
    expect(bundleKey(ROOT, servers)).not.toBe(key);
    const second = await bundleFixtures(ROOT, servers, cache);
    expect(second).not.toBe(first);
    expect(run(second)).toBe("hi one\n");
  });
});
