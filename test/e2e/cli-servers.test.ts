// `codeagent mcp list|get|logs|add|add-json|remove|approve|revoke` end to end: JSON shapes and exit codes of
// SPEC §2/§2.1, bounded waits, failure isolation, secrets and project approval, as a user runs them.
import { existsSync, writeFileSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { nodeServer, sandbox } from "../helpers/env.js";
import { runCli } from "../helpers/cli.js";

function configWith(sb: ReturnType<typeof sandbox>, servers: Record<string, unknown>): string {
  return sb.writeJson("servers.json", { mcpServers: servers });
}

describe("mcp list", () => {
  it("reports each server with the §2.1 shape and returns after the startup wait despite a hung server", async () => {
    const sb = sandbox();
    const cfg = configWith(sb, {
      echo: nodeServer("echo.mjs"),
      hung: nodeServer("hang-initialize.mjs"),
      dead: nodeServer("exit-immediately.mjs"),
      off: { ...nodeServer("echo.mjs"), disabled: true },
    });
    const r = await runCli(sb, ["mcp", "list", "--mcp-config", cfg, "--startup-wait", "8000", "--json"]);
    expect(r.code).toBe(0);
    const servers = r.json().servers as Record<string, unknown>[];
    expect(servers.map((s) => [s.name, s.status])).toEqual([
      ["echo", "ready"],
      ["hung", "starting"],
      ["dead", "failed"],
      ["off", "disabled"],
    ]);
    expect(servers[0]).toEqual({
      name: "echo",
      scope: "cli",
      source: cfg,
      transport: "stdio",
      status: "ready",
      error: null,
      tools: 7,
      resources: 1,
      prompts: 1,
      changedTools: 0,
    });
    expect(servers[2]!.error).toContain("FATAL: API key missing");
  });

  it("skips a config file that is not JSON, naming its path and position, and loads the others", async () => {
    const sb = sandbox();
    writeFileSync(join(sb.project, ".mcp.json"), '{\n  "mcpServers": {\n    "x": }\n}\n');
    const cfg = configWith(sb, { echo: nodeServer("echo.mjs") });
    const r = await runCli(sb, ["mcp", "list", "--mcp-config", cfg, "--json"]);
    expect(r.code).toBe(0);
    expect(r.json().servers.map((s: { name: string }) => s.name)).toEqual(["echo"]);
    expect(r.stderr).toContain(`${join(sb.project, ".mcp.json")}:3:`);
  });

  it("prints a readable table", async () => {
    const sb = sandbox();
    const cfg = configWith(sb, { echo: nodeServer("echo.mjs") });
    const r = await runCli(sb, ["mcp", "list", "--mcp-config", cfg]);
    expect(r.stdout.split("\n")[0]).toMatch(
      /^NAME\s+SCOPE\s+TRANSPORT\s+STATUS\s+TOOLS\s+RESOURCES\s+PROMPTS\s+ERROR$/,
    );
    expect(r.stdout).toMatch(/echo\s+cli\s+stdio\s+ready\s+7\s+1\s+1/);
  });
});

describe("mcp get", () => {
  it("shows one server in full with secrets masked", async () => {
    const sb = sandbox();
    const cfg = configWith(sb, {
      echo: nodeServer("echo.mjs", {
        API_TOKEN: "tok-secret-value",
        LOG: "${LOG_LEVEL:-info}",
        PLAIN: "visible",
      }),
    });
    const r = await runCli(sb, ["mcp", "get", "echo", "--mcp-config", cfg, "--json"]);
    expect(r.code).toBe(0);
    const doc = r.json();
    expect(Object.keys(doc)).toEqual(
      expect.arrayContaining([
        "name",
        "scope",
        "source",
        "transport",
        "status",
        "error",
        "config",
        "serverInfo",
        "protocolVersion",
        "capabilities",
        "instructions",
        "tools",
        "skippedTools",
        "variables",
      ]),
    );
    expect(doc.status).toBe("ready");
    expect(doc.serverInfo).toEqual({ name: "echo", version: "1.0.0" });
    expect(doc.config.env).toEqual({ API_TOKEN: "****", LOG: "${LOG_LEVEL:-info}", PLAIN: "visible" });
    expect(r.stdout).not.toContain("tok-secret-value");
    expect(doc.tools).toEqual(
      expect.arrayContaining(["mcp__echo__echo", "mcp__echo__read_resource", "mcp__echo__get_prompt"]),
    );
    expect(doc.variables).toEqual([{ name: "LOG_LEVEL", source: "default", field: "env.LOG" }]);
  });

  it("exits 2 with a JSON error for an unknown server", async () => {
    const sb = sandbox();
    const r = await runCli(sb, ["mcp", "get", "nope", "--json"]);
    expect(r.code).toBe(2);
    expect(r.json().error.code).toBe("UNKNOWN_SERVER");
  });
});

describe("mcp add / add-json / remove", () => {
  it("writes, refuses to overwrite, and removes entries in the user config", async () => {
    const sb = sandbox();
    const add = await runCli(sb, [
      "mcp",
      "add",
      "e1",
      "-e",
      "K=V",
      "--",
      process.execPath,
      "x.mjs",
      "--flag",
    ]);
    expect(add.code).toBe(0);
    const again = await runCli(sb, ["mcp", "add", "e1", "--", "node"]);
    expect(again.code).toBe(2);
    const json = await runCli(sb, [
      "mcp",
      "add-json",
      "h1",
      '{"type":"http","url":"http://127.0.0.1:9/mcp"}',
    ]);
    expect(json.code).toBe(0);
    const get = await runCli(sb, ["mcp", "list", "--json", "--startup-wait", "100"]);
    const rows = get
      .json()
      .servers.map((s: { name: string; scope: string; transport: string }) => [s.name, s.scope, s.transport]);
    expect(rows).toEqual([
      ["e1", "user", "stdio"],
      ["h1", "user", "http"],
    ]);
    expect((await runCli(sb, ["mcp", "remove", "e1"])).code).toBe(0);
    expect((await runCli(sb, ["mcp", "remove", "e1"])).code).toBe(2);
  });

  it("rejects an invalid definition with the key that is wrong", async () => {
    const sb = sandbox();
    const r = await runCli(sb, ["mcp", "add-json", "bad", '{"command": 5}', "--json"]);
    expect(r.code).toBe(2);
    expect(r.json().error.message).toContain("command");
  });
});

describe("project approval", () => {
  it("lists project servers as needs-approval until approved, and again after revoke", async () => {
    const sb = sandbox();
    const marker = join(sb.dir, "RAN");
    sb.writeJson(join(sb.project, ".mcp.json"), {
      mcpServers: {
        proj: nodeServer("side-effect.mjs"),
        sneaky: { command: "/bin/sh", args: ["-c", `touch ${marker}`] },
      },
    });
    const before = await runCli(sb, ["mcp", "list", "--json"]);
    expect(before.json().servers.map((s: { status: string }) => s.status)).toEqual([
      "needs-approval",
      "needs-approval",
    ]);
    expect(existsSync(marker)).toBe(false);
    expect((await runCli(sb, ["mcp", "approve", "proj"])).code).toBe(0);
    const after = await runCli(sb, ["mcp", "list", "--json"]);
    expect(after.json().servers.map((s: { status: string }) => s.status)).toEqual([
      "ready",
      "needs-approval",
    ]);
    expect(existsSync(marker)).toBe(false);
    expect((await runCli(sb, ["mcp", "revoke", "--all"])).code).toBe(0);
    const revoked = await runCli(sb, ["mcp", "list", "--json"]);
    expect(revoked.json().servers[0].status).toBe("needs-approval");
  });

  it("refuses a call to an unapproved project server with exit 3", async () => {
    const sb = sandbox();
    sb.writeJson(join(sb.project, ".mcp.json"), { mcpServers: { proj: nodeServer("echo.mjs") } });
    const r = await runCli(sb, ["mcp", "call", "mcp__proj__echo", '{"text":"x"}', "--json"]);
    expect(r.code).toBe(3);
    expect(r.json().error.code).toBe("NEEDS_APPROVAL");
  });
});

describe("mcp logs", () => {
  it("reads a server's log across processes, with stderr lines and events", async () => {
    const sb = sandbox();
    const cfg = configWith(sb, { dead: nodeServer("exit-immediately.mjs") });
    await runCli(sb, ["mcp", "list", "--mcp-config", cfg]);
    const r = await runCli(sb, ["mcp", "logs", "dead", "--mcp-config", cfg, "--json"]);
    expect(r.code).toBe(0);
    const lines = r.json().lines as { kind: string; text: string; time: string }[];
    expect(lines.some((l) => l.kind === "stderr" && l.text === "FATAL: API key missing")).toBe(true);
    expect(lines.some((l) => l.kind === "event" && l.text.startsWith("spawned pid"))).toBe(true);
    mkdirSync(sb.dir, { recursive: true });
  });
});
