// Headless runs that CI reads: a call refused for want of permission makes the run exit 3 and is listed in
// `permission_denials` (Claude Code's field names), in `json` and in stream-json's result event alike; and
// stream-json escapes control characters and bidi overrides exactly as `json` does.
import { existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { startModelServer, type ModelServer, type Script } from "../fixtures/model-server.js";
import { runCli } from "../helpers/cli.js";
import { sandbox } from "../helpers/env.js";

let model: ModelServer | undefined;
afterEach(async () => {
  await model?.close();
  model = undefined;
});

async function setup(script: Script) {
  const sb = sandbox();
  model = await startModelServer(script);
  const flags = [
    "--model",
    "openai-compatible:scripted",
    "--base-url",
    `${model.url}/v1`,
    "--strict-mcp-config",
    // Inside the sandbox a command needs no prompt (§18.4); these runs are about the prompt's refusal.
    "--no-sandbox",
  ];
  return { sb, cli: (args: string[]) => runCli(sb, [...args, ...flags]) };
}

const touch = (file: string) => ({ name: "bash", args: { command: `touch ${file}` }, id: "call_1" });

describe("a headless run with a refused call", () => {
  it("exits 3 and lists the call in permission_denials", async () => {
    const t = await setup([{ toolCalls: [touch("made.txt")] }, { text: "I could not." }]);
    const r = await t.cli(["-p", "make a file", "--output-format", "json"]);
    expect(r.code).toBe(3);
    const doc = r.json();
    expect(doc.permission_denials).toEqual([
      {
        tool_name: "bash",
        tool_use_id: "call_1",
        tool_input: { command: "touch made.txt" },
        reason: expect.stringContaining("no terminal to ask"),
      },
    ]);
    expect([doc.result, existsSync(join(t.sb.project, "made.txt"))]).toEqual(["I could not.", false]);
    expect(r.stderr).toContain("bash was refused");
  });

  it("exits 3 with text output too, and 0 when --yes lets the call run", async () => {
    const t = await setup([
      { toolCalls: [touch("a.txt")] },
      { text: "refused" },
      { toolCalls: [touch("b.txt")] },
      { text: "made" },
    ]);
    const refused = await t.cli(["-p", "make a file"]);
    const allowed = await t.cli(["-p", "make a file", "--yes", "--json"]);
    expect([refused.code, refused.stdout.trim()]).toEqual([3, "refused"]);
    expect([allowed.code, allowed.json().permission_denials]).toEqual([0, []]);
    expect(existsSync(join(t.sb.project, "b.txt"))).toBe(true);
  });

  it("stream-json's result event lists the denials too", async () => {
    const t = await setup([{ toolCalls: [touch("c.txt")] }, { text: "no" }]);
    const r = await t.cli(["-p", "go", "--output-format", "stream-json"]);
    expect(r.code).toBe(3);
    const last = JSON.parse(r.stdout.trim().split("\n").at(-1)!);
    expect(last.permission_denials).toEqual([
      expect.objectContaining({ tool_name: "bash", tool_use_id: "call_1" }),
    ]);
  });
});

describe("stream-json escaping", () => {
  it("escapes C1 controls and bidi overrides as json does, and the values stay the same", async () => {
    const tricky = "a\u202eb\u009bc\u2066d\u0007e";
    const t = await setup([{ text: tricky }, { text: tricky }]);
    writeFileSync(join(t.sb.project, "x"), "");
    const stream = await t.cli(["-p", "say", "--output-format", "stream-json"]);
    const json = await t.cli(["-p", "say", "--output-format", "json"]);
    expect([stream.code, json.code]).toEqual([0, 0]);
    for (const out of [stream.stdout, json.stdout]) {
      // eslint-disable-next-line no-control-regex -- the point is that none is left raw
      expect(out).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/);
      expect(out).toContain("\\u202e");
      expect(out).toContain("\\u009b");
    }
    const result = JSON.parse(stream.stdout.trim().split("\n").at(-1)!).result;
    expect([result, json.json().result]).toEqual([tricky, tricky]);
  });
});
