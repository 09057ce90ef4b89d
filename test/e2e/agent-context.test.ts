// What reaches the model besides the prompt, through the built CLI: AGENTS.md / CLAUDE.md files in the
// system prompt, and automatic compaction that keeps a long `--continue` session going.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { startModelServer, type ModelServer } from "../fixtures/model-server.js";
import { runCli } from "../helpers/cli.js";
import { sandbox } from "../helpers/env.js";

let model: ModelServer | undefined;
afterEach(async () => {
  await model?.close();
  model = undefined;
});

describe("project instructions", () => {
  it("user → git root → … → cwd, each labelled with its path, in the system prompt (both wire formats)", async () => {
    const sb = sandbox();
    model = await startModelServer([{ text: "a" }, { text: "b" }]);
    const root = join(sb.project, "repo");
    const sub = join(root, "packages", "app");
    mkdirSync(join(root, ".git"), { recursive: true });
    mkdirSync(sub, { recursive: true });
    mkdirSync(sb.env.CODEAGENT_HOME as string, { recursive: true });
    writeFileSync(join(sb.env.CODEAGENT_HOME as string, "AGENTS.md"), "USER-RULE: answer in English.\n");
    writeFileSync(join(sb.project, "AGENTS.md"), "ABOVE-GIT-ROOT: must not be read.\n");
    writeFileSync(join(root, "AGENTS.md"), "ROOT-RULE: run npm test.\n");
    writeFileSync(join(sub, "CLAUDE.md"), "APP-RULE: this package uses tabs.\n");
    const openai = await runCli(
      sb,
      ["-p", "hi", "--model", "openai-compatible:s", "--base-url", `${model.url}/v1`, "--strict-mcp-config"],
      { cwd: sub },
    );
    const anthropic = await runCli(
      sb,
      ["-p", "hi", "--model", "anthropic:claude-sonnet-4-5", "--strict-mcp-config"],
      { cwd: sub, env: { ANTHROPIC_API_KEY: "k", ANTHROPIC_BASE_URL: `${model.url}/v1` } },
    );
    expect([openai.code, anthropic.code]).toEqual([0, 0]);
    for (const i of [0, 1]) {
      const system = model.view(i).system;
      expect(system).not.toContain("ABOVE-GIT-ROOT");
      const order = ["USER-RULE", "ROOT-RULE", "APP-RULE"].map((k) => system.indexOf(k));
      expect(order.every((p, j) => p > 0 && (j === 0 || p > (order[j - 1] as number)))).toBe(true);
      expect(system).toContain(
        `<project-instructions path="${join(root, "AGENTS.md")}">\nROOT-RULE: run npm test.\n</project-instructions>`,
      );
      expect(system).toContain(`path="${join(sub, "CLAUDE.md")}"`);
    }
  });
});

describe("automatic compaction through the CLI", () => {
  it("a long --continue session with a small contextWindow keeps going on a summary", async () => {
    const sb = sandbox();
    const isSummary = (body: unknown) => JSON.stringify(body).includes("You summarise a conversation");
    model = await startModelServer((req, i) =>
      isSummary(req.body) ? { text: "SUMMARY-OF-EARLIER-TURNS" } : { text: `answer ${i}` },
    );
    sb.writeJson(join(sb.project, ".codeagent", "settings.json"), { contextWindow: 6000 });
    const run = (prompt: string, extra: string[] = []) =>
      runCli(sb, [
        "-p",
        prompt,
        ...extra,
        "--model",
        "openai-compatible:s",
        "--base-url",
        `${model!.url}/v1`,
        "--strict-mcp-config",
        "--json",
      ]);
    const first = await run(`turn-1 ${"words and more words ".repeat(200)}`);
    expect(first.code).toBe(0);
    const id = first.json().session_id;
    for (let i = 2; i <= 5; i++) {
      const r = await run(`turn-${i} ${"words and more words ".repeat(200)}`, ["--continue"]);
      expect([r.code, r.json().session_id, r.json().subtype]).toEqual([0, id, "success"]);
    }
    const s = model.requests.findIndex((r) => isSummary(r.body));
    expect(s).toBeGreaterThan(0);
    const after = model.view(s + 1);
    expect(after.user[0]).toContain("SUMMARY-OF-EARLIER-TURNS");
    expect(after.user.join("\n")).not.toContain("turn-1 ");
    // The session file keeps every message and marks where it was compacted.
    const lines = readFileSync(join(sb.env.CODEAGENT_HOME as string, "sessions", `${id}.jsonl`), "utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(lines.filter((l) => l.type === "message" && l.message.role === "user")).toHaveLength(5);
    expect(lines.some((l) => l.type === "compaction" && l.summary === "SUMMARY-OF-EARLIER-TURNS")).toBe(true);
  }, 90_000);
});
