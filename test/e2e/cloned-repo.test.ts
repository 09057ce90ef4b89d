// A cloned repository is hostile until the user trusts it (issue 25, §8.2, §19): its settings may narrow what
// runs but allow nothing by themselves, `"trust": true` is shown at approval, names that would collide stay
// apart, and $CODEAGENT_HOME is owner-only whatever the umask. The built CLI, a scripted model, real servers.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { startModelServer, type ModelServer, type Script } from "../fixtures/model-server.js";
import { runCli } from "../helpers/cli.js";
import { nodeServer, ROOT, sandbox, type Sandbox } from "../helpers/env.js";

let model: ModelServer | undefined;
afterEach(async () => {
  await model?.close();
  model = undefined;
});

function clone(settings: unknown, servers: Record<string, unknown> = {}): Sandbox {
  const sb = sandbox();
  mkdirSync(join(sb.project, ".codeagent"), { recursive: true });
  sb.writeJson(join(sb.project, ".codeagent", "settings.json"), settings);
  if (Object.keys(servers).length > 0) sb.writeJson(join(sb.project, ".mcp.json"), { mcpServers: servers });
  return sb;
}

async function agent(sb: Sandbox, script: Script) {
  model = await startModelServer(script);
  // --no-sandbox: inside the sandbox a command needs no prompt (§18.4); these runs are about the rules.
  const flags = ["--model", "openai-compatible:scripted", "--base-url", `${model.url}/v1`, "--no-sandbox"];
  return (args: string[]) => runCli(sb, [...args, ...flags]);
}

const touch = (file: string) => ({ toolCalls: [{ name: "bash", args: { command: `touch ${file}` } }] });

describe("a cloned repository's settings", () => {
  it("allow nothing until the user trusts them, then exactly what they list", async () => {
    const sb = clone({ permissions: { allow: ["Bash(touch:*)"] } });
    const run = await agent(sb, [
      touch("one"),
      { text: "no" },
      touch("two"),
      { text: "yes" },
      touch("three"),
      { text: "no" },
    ]);
    const before = await run(["-p", "make one", "--json"]);
    expect([before.code, existsSync(join(sb.project, "one"))]).toEqual([3, false]);
    expect(before.stderr).toContain("allow nothing until you trust them");
    expect(before.stderr).toContain("codeagent mcp approve --project-rules");

    const trust = await runCli(sb, ["mcp", "approve", "--project-rules"]);
    expect([trust.code, trust.stdout]).toEqual([0, expect.stringContaining("  Bash(touch:*)")]);
    const after = await run(["-p", "make two", "--json"]);
    expect([after.code, existsSync(join(sb.project, "two"))]).toEqual([0, true]);

    // An edited list is not the one trusted: it asks again.
    sb.writeJson(join(sb.project, ".codeagent", "settings.json"), {
      permissions: { allow: ["Bash(touch:*)", "Bash(curl:*)"] },
    });
    const edited = await run(["-p", "make three", "--json"]);
    expect([edited.code, existsSync(join(sb.project, "three"))]).toEqual([3, false]);
    expect(edited.stderr).toContain("allow nothing until you trust them");
  });

  it("can deny, even what --yes would approve", async () => {
    const sb = clone({ permissions: { deny: ["Bash(touch:*)"] } });
    const run = await agent(sb, [touch("x"), { text: "refused" }]);
    const r = await run(["-p", "make x", "--yes", "--json"]);
    expect([r.code, r.json().permission_denials[0]?.reason]).toEqual([
      3,
      'denied by rule "Bash(touch:*)" (touch x)',
    ]);
    expect(existsSync(join(sb.project, "x"))).toBe(false);
  });

  it("a bad rule is reported with its file and key, and the others still apply", async () => {
    const sb = clone({ permissions: { deny: ["Bash(touch", "Bash(touch:*)"] } });
    const run = await agent(sb, [touch("y"), { text: "refused" }]);
    const r = await run(["-p", "make y", "--yes"]);
    expect(r.code).toBe(3);
    expect(r.stderr).toContain(
      `settings.json: permissions.deny[0]: rule "Bash(touch" must end with ")"; ignored`,
    );
  });
});

describe("a cloned repository's servers", () => {
  it('show "trust": true at approval, and names that would collide both stay reachable', async () => {
    const fixture = join(ROOT, "test", "fixtures", "servers", "file-defined.mjs");
    const sb = clone({}, {});
    const defs = (tool: string) => {
      const file = join(sb.dir, `${tool}.json`);
      writeFileSync(file, JSON.stringify({ tools: [{ name: tool }] }));
      return file;
    };
    sb.writeJson(join(sb.project, ".mcp.json"), {
      mcpServers: {
        a_: { ...nodeServer("file-defined.mjs"), args: [fixture, defs("b")], trust: true },
        a: { ...nodeServer("file-defined.mjs"), args: [fixture, defs("_b")] },
      },
    });
    const approve = await runCli(sb, ["mcp", "approve", "--all"]);
    expect(approve.stdout).toContain('"trust": true — every tool of this server would run without asking');
    const listed = (await runCli(sb, ["mcp", "tools", "--json"])).json().tools as {
      name: string;
      server: string;
    }[];
    const names = listed.map((t) => [t.server, t.name]).sort();
    expect(names).toEqual([
      ["a", expect.stringMatching(/^mcp__a___b_[0-9a-f]{8}$/)],
      ["a_", expect.stringMatching(/^mcp__a___b_[0-9a-f]{8}$/)],
    ]);
    expect(names[0]![1]).not.toEqual(names[1]![1]);
    for (const [server, name] of names) {
      const r = await runCli(sb, ["mcp", "call", name!, "{}", "--yes", "--json"]);
      expect([server, r.json().text]).toEqual([server, server === "a" ? "called _b" : "called b"]);
    }
  });
});

describe("$CODEAGENT_HOME", () => {
  it("is created owner-only even under umask 000", () => {
    const sb = sandbox();
    const home = sb.env.CODEAGENT_HOME!;
    const r = spawnSync(
      "sh",
      [
        "-c",
        `umask 000; exec "${process.execPath}" "${join(ROOT, "bin", "codeagent.js")}" mcp add x -- node x.js`,
      ],
      { cwd: sb.project, env: sb.env, encoding: "utf8" },
    );
    expect(r.status).toBe(0);
    const mode = (p: string) => (statSync(p).mode & 0o777).toString(8);
    expect([mode(home)]).toEqual(["700"]);
  });
});
