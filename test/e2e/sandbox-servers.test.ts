// Stdio servers in the OS sandbox (§18.3), through the CLI: a hostile server finds every door shut, the
// official servers work confined with the policy the README documents, and "required" refuses to run unconfined.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { probeSandbox } from "../../src/core/sandbox/probe.js";
import { runCli } from "../helpers/cli.js";
import { nodeServer, ROOT, sandbox, type Sandbox } from "../helpers/env.js";

let web: Server;
let port: number;

beforeAll(async () => {
  const a = probeSandbox();
  if (!a.ok) throw new Error(`these tests need the sandbox: ${a.reason}; ${a.install}`);
  web = createServer((_q, r) => r.end("LOOPBACK SERVICE"));
  await new Promise<void>((r) => web.listen(0, "127.0.0.1", r));
  port = (web.address() as AddressInfo).port;
});
afterAll(() => web?.close());

function hostile(): Sandbox {
  const sb = sandbox();
  mkdirSync(join(sb.home, ".ssh"));
  writeFileSync(join(sb.home, ".ssh", "id_ed25519"), "PRIVATE KEY");
  symlinkSync(join(sb.home, ".ssh", "id_ed25519"), join(sb.project, "innocent.txt"));
  // A user-scope server, no "sandbox" key: the default for the user's own servers is on.
  sb.writeJson(join(sb.env.CODEAGENT_HOME!, "mcp.json"), {
    mcpServers: { prober: nodeServer("sandbox-prober.mjs", { PROBE_AT_START: `exfil.example:443` }) },
  });
  return sb;
}

async function probe(sb: Sandbox, args: Record<string, string>): Promise<string> {
  const r = await runCli(sb, ["mcp", "call", "mcp__prober__probe", JSON.stringify(args), "--json", "--yes"]);
  expect(r.stderr).toBe("");
  return (r.json() as { text: string }).text;
}

describe("a hostile server, sandboxed by default as a user server", () => {
  it("cannot read credentials under HOME, directly, by symlink, through /proc/1/root, or from a child", async () => {
    const sb = hostile();
    const key = join(sb.home, ".ssh", "id_ed25519");
    expect(await probe(sb, { read: key })).toBe("read: denied: ENOENT");
    expect(await probe(sb, { read: join(sb.project, "innocent.txt") })).toBe("read: denied: ENOENT");
    expect(await probe(sb, { read: `/proc/1/root${key}` })).toBe("read: denied: ENOENT");
    expect(await probe(sb, { child: `cat ${key}` })).toMatch(
      /^child: denied: cat: .*No such file or directory$/,
    );
  });

  it("writes in the project only, and no child writes elsewhere", async () => {
    const sb = hostile();
    expect(await probe(sb, { write: join(sb.project, "out.txt") })).toBe("write: ok");
    expect(await probe(sb, { write: join(sb.home, ".bashrc") })).toBe("write: denied: EROFS");
    expect(await probe(sb, { write: join(sb.env.CODEAGENT_HOME!, "mcp.json") })).toBe("write: denied: EROFS");
    expect(await probe(sb, { child: `echo x > ${sb.dir}/planted` })).toMatch(/Read-only file system/);
    expect(existsSync(join(sb.dir, "planted"))).toBe(false);
    expect(readFileSync(join(sb.project, "out.txt"), "utf8")).toBe("planted");
  });

  it("reaches neither a loopback service nor an outside host, and the log names every denied host", async () => {
    const sb = hostile();
    expect(await probe(sb, { connect: `127.0.0.1:${port}` })).toBe(
      [
        "connect: denied: ECONNREFUSED",
        `proxied: denied: HTTP/1.1 403 Forbidden by the codeagent sandbox: not in the network allowlist`,
      ].join("\n"),
    );
    expect(
      await probe(sb, { child: `curl -s -m 5 http://127.0.0.1:${port}/ || echo refused $?` }),
    ).not.toContain("LOOPBACK SERVICE");
    const logs = await runCli(sb, ["mcp", "logs", "prober", "-n", "200"]);
    expect(logs.stdout).toContain(
      `the sandbox denied a connection to 127.0.0.1:${port} (not in the network allowlist)`,
    );
    expect(logs.stdout).toContain("the sandbox denied a connection to exfil.example:443");
  });

  it("a setsid child does not outlive the server", async () => {
    const sb = hostile();
    const marker = `${process.pid % 1000}.${Date.now() % 100000}`;
    expect(await probe(sb, { keepalive: marker })).toBe("keepalive: started");
    await new Promise((r) => setTimeout(r, 500));
    const alive = readdirSync("/proc").filter((p) => {
      try {
        return /^\d+$/.test(p) && readFileSync(`/proc/${p}/cmdline`, "utf8").includes(marker);
      } catch {
        return false;
      }
    });
    expect(alive).toEqual([]);
  });

  it("mcp get shows the policy", async () => {
    const sb = hostile();
    const r = await runCli(sb, ["mcp", "get", "prober", "--json"]);
    const doc = r.json() as { sandbox: { mode: string; text: string } };
    expect(doc.sandbox.mode).toBe("on");
    expect(doc.sandbox.text).toBe(
      `on — writes ${sb.project}, a private temp dir; network none; credentials hidden`,
    );
  });
});

describe("a write the sandbox refused", () => {
  it("a server that fails at start on it is told which setting would let it write", async () => {
    const sb = sandbox();
    const state = join(sb.dir, "state.json");
    const cfg = sb.writeJson("mcp.json", {
      mcpServers: {
        stateful: {
          command: process.execPath,
          args: ["-e", `require("fs").writeFileSync(${JSON.stringify(state)}, "{}")`],
          sandbox: true,
        },
      },
    });
    const r = await runCli(sb, ["mcp", "get", "stateful", "--mcp-config", cfg]);
    expect(r.stdout).toContain(`EROFS: read-only file system, open '${state}'`);
    expect(r.stdout).toContain(
      `server "stateful" runs in the OS sandbox, which keeps ${sb.dir} read-only: to let it write ${state}, ` +
        `add ${JSON.stringify(sb.dir)} to "sandbox": { "filesystem": { "allowWrite": [...] } } of ` +
        `mcpServers.stateful in ${cfg}`,
    );
  });
});

describe('"sandbox": "required"', () => {
  it("refuses to start unconfined: exit 4 with the reason and what to install", async () => {
    const sb = sandbox();
    const cfg = sb.writeJson("mcp.json", {
      mcpServers: { strict: nodeServer("echo.mjs", {}, { sandbox: "required" }) },
    });
    const r = await runCli(
      sb,
      ["mcp", "call", "mcp__strict__echo", '{"text":"hi"}', "--mcp-config", cfg, "--yes"],
      {
        env: { CODEAGENT_BWRAP: "/nonexistent/bwrap" },
      },
    );
    expect(r.code).toBe(4);
    expect(r.stderr).toContain('server "strict" has "sandbox": "required" and the sandbox is unavailable');
    expect(r.stderr).toContain("apt-get install bubblewrap socat");
  });
});

const official = (pkg: string, args: string[], extra: Record<string, unknown> = {}) => ({
  command: process.execPath,
  args: [join(ROOT, "node_modules/@modelcontextprotocol", pkg, "dist/index.js"), ...args],
  sandbox: true,
  ...extra,
});

describe("the official servers work sandboxed", () => {
  it("filesystem writes in the project and is refused outside it; memory keeps its file in the project; everything echoes", async () => {
    const sb = sandbox();
    const cfg = sb.writeJson("mcp.json", {
      mcpServers: {
        // The server's own allowlist names a directory outside the project: the sandbox still refuses writes there.
        filesystem: official("server-filesystem", [sb.project, sb.dir]),
        memory: official("server-memory", [], {
          env: { MEMORY_FILE_PATH: join(sb.project, "memory.jsonl") },
        }),
        everything: official("server-everything", ["stdio"]),
      },
    });
    const call = async (tool: string, args: unknown) => {
      const r = await runCli(sb, [
        "mcp",
        "call",
        tool,
        JSON.stringify(args),
        "--json",
        "--yes",
        "--mcp-config",
        cfg,
      ]);
      return r.json() as { text: string; isError: boolean };
    };
    const inside = await call("mcp__filesystem__write_file", {
      path: join(sb.project, "a.txt"),
      content: "A",
    });
    expect(inside.isError).toBe(false);
    expect(readFileSync(join(sb.project, "a.txt"), "utf8")).toBe("A");
    const outside = await call("mcp__filesystem__write_file", { path: join(sb.dir, "b.txt"), content: "B" });
    expect(outside.isError).toBe(true);
    expect(outside.text).toMatch(/EROFS|read-only/i);
    expect(outside.text).toContain(
      `[server "filesystem" runs in the OS sandbox, which keeps ${sb.dir} read-only: to let it write ` +
        `${join(sb.dir, "b.txt")}, add ${JSON.stringify(sb.dir)} to "sandbox": { "filesystem": { "allowWrite"`,
    );
    expect(existsSync(join(sb.dir, "b.txt"))).toBe(false);
    const created = await call("mcp__memory__create_entities", {
      entities: [{ name: "release", entityType: "event", observations: ["friday"] }],
    });
    expect(created.isError).toBe(false);
    expect(readFileSync(join(sb.project, "memory.jsonl"), "utf8")).toContain("friday");
    const echoed = await call("mcp__everything__echo", { message: "confined" });
    expect(echoed.text).toContain("confined");
  });
});
