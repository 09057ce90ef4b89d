/* eslint-disable @typescript-eslint/no-explicit-any -- request bodies are untyped JSON */
// A config pasted together from servers' READMEs, as a new user writes one (§4.2, §15): 260 tools of three
// servers next to three that cannot start — a whole command line written as "command" (Heroku's README says
// `"command": "heroku mcp:start"`), one that exits saying what it misses, one that never answers. A headless
// turn against an OpenAI-style endpoint that enforces the 128-tool limit still searches and runs a tool; each
// failure is said once on stderr with what to change, and no server process outlives the run.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { startModelServer, type ModelServer, type Script } from "../fixtures/model-server.js";
import { runCli } from "../helpers/cli.js";
import { isAlive, manyToolServers, nodeServer } from "../helpers/env.js";

let model: ModelServer | undefined;
afterEach(async () => {
  await model?.close();
  model = undefined;
});

/** Searches as models do, calls the first hit by its registered name, then answers with its result. */
const searchingModel: Script = (req, i) => {
  const results = (req.body.messages as any[]).filter((m) => m.role === "tool");
  const last = String(results.at(-1)?.content ?? "");
  if (i === 0)
    return { toolCalls: [{ id: "s", name: "search_tools", args: { query: "open a merge request" } }] };
  if (i === 1) {
    const first = last.split("\n")[1]?.split(" ")[0] ?? "none";
    return { toolCalls: [{ id: "t", name: first, args: { workspace: "group/app", title: "Fix login" } }] };
  }
  return { text: `result: ${last}` };
};

describe("a headless turn with a config pasted from READMEs, some of whose servers cannot start", () => {
  it("runs with the servers that started, says how to fix each other one, and leaves no process behind", async () => {
    const { sb, config } = manyToolServers({ tracker: 100, cloud: 100, crm: 60 });
    const servers = JSON.parse(readFileSync(config, "utf8")).mcpServers;
    sb.writeJson(config, {
      mcpServers: {
        ...servers,
        heroku: { command: "heroku mcp:start" },
        jira: nodeServer("exit-immediately.mjs", { EXIT_MESSAGE: "Error: JIRA_URL is not set" }),
        stuck: nodeServer("hang-initialize.mjs", {}, { startupTimeoutMs: 1500 }),
      },
    });
    model = await startModelServer(searchingModel, { maxTools: 128 });
    const r = await runCli(
      sb,
      [
        "-p",
        "open a merge request for fix-login",
        "--model",
        "openai-compatible:scripted",
        "--base-url",
        `${model.url}/v1`,
        "--mcp-config",
        config,
        "--startup-wait",
        "30000",
        "--yes",
        "--output-format",
        "json",
      ],
      { timeoutMs: 120_000 },
    );
    expect(r.code, r.stderr).toBe(0);
    const doc = r.json();
    expect(doc.tool_calls.map((c: any) => [c.name, c.is_error])).toEqual([
      ["search_tools", false],
      ["mcp__tracker__create_merge_request", false],
    ]);
    expect(doc.result).toBe(
      'result: tracker.create_merge_request {"workspace":"group/app","title":"Fix login"}',
    );
    // No request was refused with HTTP 400, and the first carried the built-ins and search_tools only.
    expect(model.requests).toHaveLength(3);
    for (const req of model.requests) expect(req.body.tools.length).toBeLessThanOrEqual(128);
    const first = model.requests[0]!.body.tools.map((t: any) => t.function.name as string);
    expect(first.filter((n: string) => n.startsWith("mcp__"))).toEqual([]);
    expect(first.length).toBeLessThanOrEqual((260 + first.length) / 4);
    expect(doc.usage.tool_definition_tokens).toBeGreaterThan(0);
    // Each server that could not start is named once, with its reason and the setting to change.
    expect(r.stderr.split("\n").filter((l) => l.startsWith("mcp: "))).toEqual([
      'mcp: server "heroku" is unavailable: command not found: heroku mcp:start ("command" is one program, run ' +
        'without a shell; put the rest in "args": "command": "heroku", "args": ["mcp:start"])',
      `mcp: server "jira" is unavailable: exited with code 1: Error: JIRA_URL is not set (last stderr line; ` +
        `more: codeagent mcp logs jira; check command, args and env of mcpServers.jira in ${config})`,
      // Whether it logged stdin closing before the timeout struck is a race.
      expect.stringMatching(
        /^mcp: server "stuck" is unavailable: did not finish starting within 1\.5 s \(last stderr: hanging( \| stdin closed; hanging on)?\); raise "startupTimeoutMs" \(mcpServers\.stuck in .*mcp\.json\) if it is just slow$/,
      ),
    ]);
    // Every process the run spawned is gone, the one that ignores stdin closing too.
    const logs = join(sb.env.CODEAGENT_HOME!, "logs");
    const pids = readdirSync(logs).flatMap((f) =>
      [...readFileSync(join(logs, f), "utf8").matchAll(/spawned pid (\d+)/g)].map((m) => Number(m[1])),
    );
    expect(pids.length).toBeGreaterThanOrEqual(5);
    expect(pids.filter(isAlive)).toEqual([]);
  });
});
