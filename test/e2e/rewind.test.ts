// Checkpoints through the built CLI (§23): two headless turns edit files, the session file holds what the
// files were; after --resume a rewind puts the code and the conversation back, and the next
// `codeagent -p --continue` sends the model the rewound conversation.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { ModelMessage } from "ai";
import { afterEach, describe, expect, it } from "vitest";
import { rewindView } from "../../src/cli/interactive/rewind-host.js";
import { SessionStore } from "../../src/core/session/store.js";
import { startModelServer, type ModelServer } from "../fixtures/model-server.js";
import { runCli } from "../helpers/cli.js";
import { sandbox } from "../helpers/env.js";

let model: ModelServer | undefined;
afterEach(async () => {
  await model?.close();
  model = undefined;
});

describe("rewind after --resume", () => {
  it("restores the files and the conversation a later --continue carries on from", async () => {
    const sb = sandbox();
    const m = (model = await startModelServer([
      { toolCalls: [{ name: "write_file", args: { path: "a.txt", content: "one\n" } }] },
      { text: "did one" },
      {
        toolCalls: [
          { name: "edit_file", args: { path: "a.txt", old_string: "one", new_string: "two" } },
          { name: "write_file", args: { path: "b.txt", content: "bee\n" } },
        ],
      },
      { text: "did two" },
      { text: "third answer" },
      { text: "fourth answer" },
    ]));
    const cli = (prompt: string, ...args: string[]) =>
      runCli(sb, [
        "-p",
        prompt,
        "--yes",
        "--strict-mcp-config",
        "--model",
        "openai-compatible:scripted",
        "--base-url",
        `${m.url}/v1`,
        ...args,
      ]);
    const file = (name: string) =>
      existsSync(join(sb.project, name)) ? readFileSync(join(sb.project, name), "utf8") : "(none)";
    writeFileSync(join(sb.project, "a.txt"), "zero\n");
    expect((await cli("first change")).code).toBe(0);
    expect((await cli("second change", "--continue")).code).toBe(0);
    expect([file("a.txt"), file("b.txt")]).toEqual(["two\n", "bee\n"]);

    // What `codeagent --continue` opens: the latest session of the project, with its checkpoints.
    const store = new SessionStore(join(sb.env.CODEAGENT_HOME as string, "sessions"));
    const loaded = store.load(store.latest(sb.project)!);
    let agentMessages: readonly ModelMessage[] = [];
    const writer = store.reopen(loaded);
    const view = rewindView(
      store,
      () => writer,
      () => ({ load: (messages) => (agentMessages = messages) }),
    );
    const points = view.points();
    expect(points.map((p) => ({ text: p.text, files: p.files.length }))).toEqual([
      { text: "first change", files: 1 },
      { text: "second change", files: 2 },
    ]);

    const both = view.apply(points[1]!.index, "both");
    expect(both.ok && both.files).toEqual({
      restored: [join(sb.project, "a.txt")],
      removed: [join(sb.project, "b.txt")],
      unchanged: [],
      failed: [],
    });
    expect([file("a.txt"), file("b.txt")]).toEqual(["one\n", "(none)"]);
    expect(agentMessages.map((x) => x.role)).toEqual(["user", "assistant", "tool", "assistant"]);

    expect((await cli("third", "--continue")).code).toBe(0);
    expect(m.view(4).user).toEqual(["first change", "third"]);

    // Conversation only, on the session the CLI just appended to: the files stay as they are.
    const again = store.load(store.latest(sb.project)!);
    const writer2 = store.reopen(again);
    const view2 = rewindView(
      store,
      () => writer2,
      () => undefined,
    );
    const third = view2.points().find((p) => p.text === "third")!;
    expect(view2.apply(third.index, "conversation")).toMatchObject({ ok: true });
    expect((await cli("fourth", "--continue")).code).toBe(0);
    expect(m.view(5).user).toEqual(["first change", "fourth"]);
    expect([file("a.txt"), file("b.txt")]).toEqual(["one\n", "(none)"]);
  });
});
