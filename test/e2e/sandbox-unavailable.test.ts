// Where no sandbox can start (§18.5; here: a PATH without bwrap), a server that asked for the sandbox is never
// started unconfined behind the user's back: `-p` refuses it with the reason and the ways out (the model's
// call says so, and the process never spawns), `--no-sandbox` starts it unconfined, and "required" still
// refuses with exit 4. (The interactive prompt is covered by unconfined-ask.test.ts and server-sandbox.test.ts.)
import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { startModelServer, type ModelServer } from "../fixtures/model-server.js";
import { runCli } from "../helpers/cli.js";
import { nodeServer, sandbox, type Sandbox } from "../helpers/env.js";

let model: ModelServer | undefined;
afterEach(async () => {
  await model?.close();
  model = undefined;
});

function setup(sandboxSetting: unknown) {
  const sb = sandbox();
  const bin = join(sb.dir, "bin-without-bwrap");
  mkdirSync(bin);
  const probeLog = join(sb.dir, "box.log");
  const config = sb.writeJson("mcp.json", {
    mcpServers: {
      box: nodeServer(
        "lazy-probe.mjs",
        { PROBE_LOG: probeLog, PROBE_NAME: "box" },
        { sandbox: sandboxSetting },
      ),
    },
  });
  return { sb, config, probeLog, env: { PATH: bin } };
}

async function agent(sb: Sandbox, config: string, env: Record<string, string>, extra: string[] = []) {
  model = await startModelServer([{ toolCalls: [{ name: "mcp__box__ping", args: {} }] }, { text: "done" }]);
  const r = await runCli(
    sb,
    [
      "-p",
      "ping",
      "--model",
      "openai-compatible:scripted",
      "--base-url",
      `${model.url}/v1`,
      "--mcp-config",
      config,
      "--yes",
      ...extra,
    ],
    { env },
  );
  return { r, result: model.view(1).toolResults[0]?.text };
}

describe("a sandboxed server where the sandbox is unavailable", () => {
  it("-p refuses to start it unconfined, telling the model and the user why and what to do", async () => {
    const { sb, config, probeLog, env } = setup(true);
    const { r, result } = await agent(sb, config, env);
    expect(r.code, r.stderr).toBe(0);
    expect(result).toMatch(
      /server "box" runs in the OS sandbox, which is unavailable: .*bwrap.*; to fix it, .*apt-get install bubblewrap.*; to run it unconfined anyway, pass --no-sandbox or set "sandbox": false in its entry/,
    );
    expect(r.stderr).toMatch(/sandbox unavailable: .*bwrap/);
    expect(existsSync(probeLog)).toBe(false); // never spawned
  });

  it("--no-sandbox starts it unconfined", async () => {
    const { sb, config, env } = setup(true);
    const { r, result } = await agent(sb, config, env, ["--no-sandbox"]);
    expect(r.code, r.stderr).toBe(0);
    expect(result).toBe("pong from box");
  });

  it('"required" still refuses, exit 4', async () => {
    const { sb, config, probeLog, env } = setup("required");
    const r = await runCli(
      sb,
      ["mcp", "call", "mcp__box__ping", "{}", "--mcp-config", config, "--no-sandbox"],
      {
        env,
      },
    );
    expect(r.code).toBe(4);
    expect(r.stderr).toContain('server "box" has "sandbox": "required" and the sandbox is unavailable');
    expect(existsSync(probeLog)).toBe(false);
  });
});
