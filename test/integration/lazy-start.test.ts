// Lazy start (§20.1) through the library host, counted by the processes the fixture servers log at start:
// cached servers stay idle with their tools registered, a call starts exactly its server, a server that cannot
// start answers the call with its name and reason, idleTimeoutMs stops and the next call restarts, a server
// without a cache starts at once, and a listing that differs from the cache is judged by the pins.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { CodeagentError, createMcpHost, type McpHost, type ServerRow } from "../../src/core/index.js";
import { isAlive, nodeServer, sandbox, type Sandbox } from "../helpers/env.js";

const hosts: McpHost[] = [];
afterEach(async () => {
  await Promise.all(hosts.splice(0).map((h) => h.close()));
});

const NAMES = ["alpha", "beta", "gamma", "delta"];

function probes(sb: Sandbox, extra: Record<string, Record<string, unknown>> = {}) {
  return Object.fromEntries(
    NAMES.map((n) => [
      n,
      nodeServer(
        "lazy-probe.mjs",
        {
          PROBE_LOG: join(sb.dir, `${n}.log`),
          PROBE_NAME: n,
          FAIL_FLAG: join(sb.dir, `${n}.fail`),
          CHANGE_FLAG: join(sb.dir, `${n}.change`),
        },
        extra[n] ?? {},
      ),
    ]),
  );
}

/** The pids each server's processes logged at start. */
function starts(sb: Sandbox, name: string): number[] {
  const f = join(sb.dir, `${name}.log`);
  if (!existsSync(f)) return [];
  return readFileSync(f, "utf8")
    .split("\n")
    .filter((l) => l.startsWith("start "))
    .map((l) => Number(l.slice(6)));
}

async function open(sb: Sandbox, servers: Record<string, unknown>, startup: "lazy" | "eager") {
  const h = await createMcpHost({ cwd: sb.project, env: sb.env, servers, startupWaitMs: 20_000, startup });
  hosts.push(h);
  return h;
}

/** Runs one eager session so that every server's tools are in the tool cache, then ends it. */
async function warm(sb: Sandbox, servers: Record<string, unknown>) {
  const h = await open(sb, servers, "eager");
  expect(h.servers().map((s) => s.status)).toEqual(NAMES.map(() => "ready"));
  await h.close();
}

const status = (h: McpHost) => Object.fromEntries(h.servers().map((s) => [s.name, s.status]));

function untilStatus(h: McpHost, name: string, want: ServerRow["status"]): Promise<void> {
  return new Promise((resolve) => {
    if (h.servers().find((s) => s.name === name)?.status === want) return resolve();
    const off = h.on("state", (s) => {
      if (s.name === name && s.status === want) {
        off();
        resolve();
      }
    });
  });
}

describe("lazy start", () => {
  it("registers cached tools without spawning, and a call starts exactly its server", async () => {
    const sb = sandbox();
    const servers = probes(sb);
    await warm(sb, servers);
    const h = await open(sb, servers, "lazy");
    expect(status(h)).toEqual({ alpha: "idle", beta: "idle", gamma: "idle", delta: "idle" });
    expect(h.tools().map((t) => t.name)).toContain("mcp__gamma__ping");
    expect(h.tools()).toHaveLength(8);
    const r = await h.callTool("mcp__gamma__ping", {});
    expect(r.content).toEqual([{ type: "text", text: "pong from gamma" }]);
    expect(NAMES.map((n) => starts(sb, n).length)).toEqual([1, 1, 2, 1]);
    expect(status(h)).toEqual({ alpha: "idle", beta: "idle", gamma: "ready", delta: "idle" });
  });

  it("answers a call to a server that cannot start with its name and reason", async () => {
    const sb = sandbox();
    const servers = probes(sb);
    await warm(sb, servers);
    writeFileSync(join(sb.dir, "beta.fail"), "BETA_TOKEN is not set");
    const h = await open(sb, servers, "lazy");
    expect(status(h).beta).toBe("idle");
    const err = await h.callTool("mcp__beta__ping", {}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CodeagentError);
    expect((err as CodeagentError).code).toBe("SERVER_UNAVAILABLE");
    expect((err as CodeagentError).message).toMatch(/^server "beta" failed: .*FATAL: BETA_TOKEN is not set/);
    expect(starts(sb, "alpha")).toHaveLength(1);
  });

  it("stops a server unused for idleTimeoutMs; the next call starts it again", async () => {
    const sb = sandbox();
    const servers = probes(sb, { delta: { idleTimeoutMs: 300 } });
    // Warmed without the idle timeout (the tool cache's key leaves it out): with it, delta could go idle before
    // the slowest of the four is ready, on a loaded machine.
    await warm(sb, probes(sb));
    const h = await open(sb, servers, "lazy");
    const first = await h.callTool("mcp__delta__whoami", {});
    const pid = Number((first.content[0] as { text: string }).text);
    expect(isAlive(pid)).toBe(true);
    await untilStatus(h, "delta", "idle");
    expect(h.tools({ server: "delta" })).toHaveLength(2); // still offered while idle
    const second = await h.callTool("mcp__delta__whoami", {});
    const again = Number((second.content[0] as { text: string }).text);
    expect(again).not.toBe(pid);
    expect(isAlive(pid)).toBe(false);
    expect(starts(sb, "delta")).toEqual([starts(sb, "delta")[0], pid, again]);
  });

  it("starts a server with no cached tools at once (eager behaviour)", async () => {
    const sb = sandbox();
    const h = await open(sb, probes(sb), "lazy");
    expect(status(h)).toEqual({ alpha: "ready", beta: "ready", gamma: "ready", delta: "ready" });
    expect(NAMES.map((n) => starts(sb, n).length)).toEqual([1, 1, 1, 1]);
  });

  it("honours an entry's own startup over the host's default", async () => {
    const sb = sandbox();
    const servers = probes(sb, { alpha: { startup: "eager" } });
    await warm(sb, servers);
    const h = await open(sb, servers, "lazy");
    expect(status(h)).toEqual({ alpha: "ready", beta: "idle", gamma: "idle", delta: "idle" });
  });

  it("withholds a tool whose definition changed since the cache, when its server starts for the call", async () => {
    const sb = sandbox();
    const servers = probes(sb);
    await warm(sb, servers);
    writeFileSync(join(sb.dir, "alpha.change"), "");
    const h = await open(sb, servers, "lazy");
    const err = await h.callTool("mcp__alpha__ping", {}).catch((e: unknown) => e);
    expect((err as CodeagentError).code).toBe("TOOL_CHANGED");
    expect((err as CodeagentError).message).toMatch(/codeagent mcp accept alpha/);
    expect(h.pins().map((p) => `${p.server}/${p.name} ${p.change}`)).toEqual(["alpha/ping changed"]);
    expect(h.tools({ server: "alpha" }).map((t) => t.name)).toEqual(["mcp__alpha__whoami"]);
  });
});
