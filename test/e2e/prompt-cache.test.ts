// Prompt caching and cost over whole sessions (§23), the built CLI against the scripted model server: a
// 10-turn session on the Anthropic wire, where the server reports cache reads as the real API does, reads
// most of its input from the cache; an OpenAI-wire session keeps its tools and system prompt byte-identical;
// and a CI script written for `claude -p --output-format json` reads our result unchanged.
import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { startModelServer, type ModelServer, type Script } from "../fixtures/model-server.js";
import { countBreakpoints } from "../fixtures/prompt-cache-sim.js";
import { runCli } from "../helpers/cli.js";
import { sandbox } from "../helpers/env.js";

let model: ModelServer | undefined;
afterEach(async () => {
  await model?.close();
  model = undefined;
});

/** Each turn reads notes.txt, then answers: two requests a turn, the second ending on a tool result. */
const readThenAnswer: Script = (req) => {
  const body = req.body;
  const last = JSON.stringify((body.messages ?? body.input).at(-1));
  return last.includes("tool_result") ||
    last.includes('"role":"tool"') ||
    last.includes("function_call_output")
    ? { text: "The notes say hello." }
    : { toolCalls: [{ name: "read_file", args: { path: "notes.txt" } }] };
};

async function session(wire: "anthropic" | "openai-chat" | "openai-responses", turns: number) {
  const sb = sandbox();
  writeFileSync(join(sb.project, "notes.txt"), "hello\n");
  model = await startModelServer(readThenAnswer, { promptCache: true });
  const m = model;
  const flags =
    wire === "anthropic"
      ? ["--model", "anthropic:claude-sonnet-4-5"]
      : wire === "openai-chat"
        ? ["--model", "openai-compatible:scripted", "--base-url", `${m.url}/v1`]
        : ["--model", "openai:gpt-5.4", "--base-url", `${m.url}/v1`];
  const env = { ANTHROPIC_API_KEY: "k", ANTHROPIC_BASE_URL: `${m.url}/v1`, OPENAI_API_KEY: "k" };
  const docs = [];
  for (let i = 1; i <= turns; i++) {
    const r = await runCli(
      sb,
      [
        "-p",
        `turn ${i}: what do the notes say?`,
        ...(i > 1 ? ["--continue"] : []),
        "--output-format",
        "json",
        "--strict-mcp-config",
        ...flags,
      ],
      { env },
    );
    expect(r.code, r.stderr).toBe(0);
    docs.push(r.json());
  }
  return { sb, model: m, docs };
}

describe("prompt caching", () => {
  it("a 10-turn Anthropic session reads at least 80 % of turns 2–10's input from the cache", async () => {
    const { model: m, docs } = await session("anthropic", 10);
    expect(m.requests).toHaveLength(20);
    for (const r of m.requests) expect(countBreakpoints(r.body)).toBeLessThanOrEqual(4);
    // Every request marks the tools, the system prompt and its tail.
    expect(m.requests.map((r) => countBreakpoints(r.body) >= 3)).toEqual(m.requests.map(() => true));
    const later = docs.slice(1);
    const read = later.reduce((n, d) => n + d.usage.cache_read_input_tokens, 0);
    const all = later.reduce(
      (n, d) =>
        n + d.usage.input_tokens + d.usage.cache_read_input_tokens + d.usage.cache_creation_input_tokens,
      0,
    );
    expect(read / all).toBeGreaterThanOrEqual(0.8);
    // The first turn wrote the cache; its second request already read the first one's prefix.
    expect(docs[0].usage.cache_creation_input_tokens).toBeGreaterThan(0);
    // Priced at Sonnet 4.5's rates: reads at $0.30, writes at $3.75, the rest at $3 / $15 per million.
    for (const d of docs) {
      const u = d.usage;
      const dollars =
        (u.input_tokens * 3 +
          u.output_tokens * 15 +
          u.cache_read_input_tokens * 0.3 +
          u.cache_creation_input_tokens * 3.75) /
        1e6;
      expect(d.total_cost_usd).toBeCloseTo(dollars, 10);
    }
    // Ten CLI runs one after another: a loaded CI machine takes minutes (a safety net, not a timing).
  }, 400_000);

  it.each(["openai-chat", "openai-responses"] as const)(
    "an %s session sends the same tools and system prompt, byte for byte, in every request",
    async (wire) => {
      const { model: m } = await session(wire, 4);
      expect(m.requests).toHaveLength(8);
      const prefix = (b: Record<string, unknown>) =>
        JSON.stringify([b.tools, b.instructions ?? null, ((b.messages ?? b.input) as unknown[])[0]]);
      const first = prefix(m.requests[0]!.body);
      expect(first).toContain("read_file");
      expect(first).toContain("You are codeagent");
      expect(m.requests.map((r) => prefix(r.body))).toEqual(m.requests.map(() => first));
    },
  );
});

describe("a CI script written for claude -p --output-format json", () => {
  it("reads .result, .is_error, .total_cost_usd and .session_id", async () => {
    const sb = sandbox();
    model = await startModelServer([{ text: "All checks pass." }]);
    const script = join(sb.dir, "ci.mjs");
    // As in Claude Code's headless docs: parse the document, fail on is_error, log the cost.
    writeFileSync(
      script,
      [
        'let input = "";',
        'process.stdin.on("data", (d) => (input += d));',
        'process.stdin.on("end", () => {',
        "  const r = JSON.parse(input);",
        '  if (r.type !== "result" || r.is_error) { console.error("claude failed"); process.exit(1); }',
        "  console.log(`session ${r.session_id} cost $${r.total_cost_usd.toFixed(6)}: ${r.result}`);",
        "});",
      ].join("\n"),
    );
    const r = await runCli(
      sb,
      ["-p", "run the checks", "--output-format", "json", "--model", "anthropic:claude-sonnet-4-5"],
      { env: { ANTHROPIC_API_KEY: "k", ANTHROPIC_BASE_URL: model.url } },
    );
    expect(r.code, r.stderr).toBe(0);
    const ci = spawnSync(process.execPath, [script], { input: r.stdout, encoding: "utf8" });
    expect([ci.status, ci.stderr]).toEqual([0, ""]);
    // 10 input and 5 output tokens at $3 / $15 per million.
    expect(ci.stdout).toBe(`session ${r.json().session_id} cost $0.000105: All checks pass.\n`);
    expect(r.json().session_id).toMatch(/^[0-9a-f-]{36}$/);
  });
});
