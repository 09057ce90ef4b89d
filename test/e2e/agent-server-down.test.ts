// A model that calls a tool of a server that is down (issue 32.6) hears why — `server "db" failed: …` — and
// not "there is no tool named …; similar: …" with names of unrelated tools.
import { afterEach, describe, expect, it } from "vitest";
import { startModelServer, type ModelServer } from "../fixtures/model-server.js";
import { runCli } from "../helpers/cli.js";
import { nodeServer, sandbox } from "../helpers/env.js";

let model: ModelServer | undefined;
afterEach(async () => {
  await model?.close();
  model = undefined;
});

describe("a tool of a server that is down", () => {
  it("comes back to the model as the server's failure", async () => {
    const sb = sandbox();
    model = await startModelServer([
      { toolCalls: [{ name: "mcp__db__query", args: { sql: "select 1" } }] },
      { text: "done" },
    ]);
    const config = sb.writeJson("mcp.json", {
      mcpServers: {
        db: nodeServer("exit-immediately.mjs", { EXIT_MESSAGE: "FATAL: DATABASE_URL is not set" }),
        echo: nodeServer("echo.mjs"),
      },
    });
    const r = await runCli(sb, [
      "-p",
      "run select 1",
      "--model",
      "openai-compatible:scripted",
      "--base-url",
      `${model.url}/v1`,
      "--mcp-config",
      config,
      "--yes",
    ]);
    expect(r.code).toBe(0);
    const result = model.view(1).toolResults[0];
    expect(result?.text).toMatch(
      /^server "db" failed: .*FATAL: DATABASE_URL is not set.*; its tools cannot be called now$/,
    );
    expect(result?.text).not.toContain("similar");
  });
});
