// `codeagent -p` through the agent loop against 2026-07-28-only servers (modern.mjs, `legacy: 'reject'`)
// over stdio and Streamable HTTP, with the scripted model server: the model's tool calls reach both, roots
// come back through input_required, and an elicitation is declined headless.
import type { ChildProcess } from "node:child_process";
import { pathToFileURL } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { startModelServer, type ModelServer } from "../fixtures/model-server.js";
import { runCli } from "../helpers/cli.js";
import { fixture, nodeServer, sandbox } from "../helpers/env.js";
import { startModernHttp } from "../helpers/modern-http.js";

let model: ModelServer | undefined;
const children: ChildProcess[] = [];
afterEach(async () => {
  for (const c of children.splice(0)) c.kill();
  await model?.close();
  model = undefined;
});

describe("codeagent -p with modern-only servers", () => {
  it("calls tools of a stdio and an HTTP 2026-07-28 server in one turn", async () => {
    const http = startModernHttp();
    children.push(http.child);
    const url = await http.url;
    model = await startModelServer([
      {
        toolCalls: [
          { name: "mcp__ms__echo", args: { text: "over stdio" }, id: "c1" },
          { name: "mcp__mh__echo", args: { text: "over http" }, id: "c2" },
          { name: "mcp__ms__roots", args: {}, id: "c3" },
          { name: "mcp__mh__ask", args: {}, id: "c4" },
        ],
      },
      { text: "all four answered" },
    ]);
    const sb = sandbox();
    const config = sb.writeJson("eras.json", {
      mcpServers: {
        ms: nodeServer("modern.mjs", {}, { args: [fixture("modern.mjs"), "stdio"] }),
        mh: { url },
      },
    });
    const r = await runCli(
      sb,
      [
        "-p",
        "use the modern servers",
        "--model",
        "openai-compatible:scripted",
        "--base-url",
        `${model.url}/v1`,
        "--mcp-config",
        config,
        "--yes",
      ],
      { timeoutMs: 60_000 },
    );
    expect([r.code, r.stdout]).toEqual([0, "all four answered\n"]);
    expect(model.view(0).tools).toEqual(
      expect.arrayContaining(["mcp__ms__echo", "mcp__ms__ask", "mcp__mh__echo", "mcp__mh__roots"]),
    );
    expect(model.view(1).toolResults).toEqual([
      { id: "c1", text: "over stdio", isError: false },
      { id: "c2", text: "over http", isError: false },
      { id: "c3", text: JSON.stringify([pathToFileURL(sb.project).href]), isError: false },
      { id: "c4", text: "the user chose decline", isError: false },
    ]);
  });
});
