// `npm run bench -- --only code` (§20.2): one scripted workflow — list 30 customer records, read each, keep the
// overdue ones, save a summary (32 tool calls) — run by `codeagent -p` three ways: every definition sent
// (direct), MCP tools found by search_tools (search), and one execute_code script (code), beside the official
// everything, filesystem and memory servers. Reports the tokens sent to the model over the turn (request
// bodies counted with the real tokenizer), model round trips and wall time; then the isolate's start time
// and an inner call's overhead over the same call made directly (host.callTool).
import { spawn } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { median, quantile } from "./lib/stats.mjs";

const IDS = Array.from({ length: 30 }, (_, i) => i + 1);
const SUMMARY = "10 accounts are overdue; the summary is saved.";
const CODE = `const { ids } = await tools.mcp__records__list_record_ids({});
const records = await Promise.all(ids.map((id) => tools.mcp__records__get_record({ id })));
const overdue = records.filter((r) => r.status === "overdue");
const saved = await tools.mcp__records__write_summary({
  title: "Overdue accounts",
  text: overdue.map((r) => r.name + ": " + r.amount + " EUR").join("\\n"),
});
return { overdue: overdue.length, total: overdue.reduce((s, r) => s + r.amount, 0), saved };`;

/** The model's side of each mode, step by step (what a capable model would do; 10 calls a step at most). */
function scriptFor(mode) {
  const reads = [0, 1, 2].map((k) => ({
    calls: IDS.slice(k * 10, k * 10 + 10).map((id) => ["mcp__records__get_record", { id }]),
  }));
  const overdue = IDS.filter((id) => id % 3 === 0);
  const write = {
    calls: [
      [
        "mcp__records__write_summary",
        {
          title: "Overdue accounts",
          text: overdue
            .map((id) => `Customer ${String(id).padStart(2, "0")}: ${(id * 37) % 101} EUR`)
            .join("\n"),
        },
      ],
    ],
  };
  const list = { calls: [["mcp__records__list_record_ids", {}]] };
  const search = { calls: [["search_tools", { query: "customer records and summaries" }]] };
  const done = { text: SUMMARY };
  if (mode === "direct") return [list, ...reads, write, done];
  if (mode === "search") return [search, list, ...reads, write, done];
  return [search, { calls: [["execute_code", { code: CODE }]] }, done];
}

/** A chat-completions endpoint answering with the script's next step; records every request body. */
export async function scriptedModel(steps) {
  const bodies = [];
  let n = 0;
  let callId = 0;
  const server = createServer((req, res) => {
    let raw = "";
    req.on("data", (d) => (raw += d));
    req.on("end", () => {
      bodies.push(raw);
      const step = steps[Math.min(n++, steps.length - 1)];
      const base = {
        id: "chatcmpl-b",
        object: "chat.completion.chunk",
        created: 1700000000,
        model: "scripted",
      };
      const data = (choice) => `data: ${JSON.stringify({ ...base, choices: [{ index: 0, ...choice }] })}\n\n`;
      const out = [data({ delta: { role: "assistant", content: "" }, finish_reason: null })];
      if (step.text !== undefined) out.push(data({ delta: { content: step.text }, finish_reason: null }));
      (step.calls ?? []).forEach(([name, args], index) => {
        const id = `call_${++callId}`;
        const fn = { name, arguments: JSON.stringify(args) };
        out.push(
          data({
            delta: { tool_calls: [{ index, id, type: "function", function: fn }] },
            finish_reason: null,
          }),
        );
      });
      out.push(data({ delta: {}, finish_reason: step.calls !== undefined ? "tool_calls" : "stop" }));
      out.push(
        `data: ${JSON.stringify({ ...base, choices: [], usage: { prompt_tokens: 1, completion_tokens: 1 } })}\n\n`,
      );
      out.push("data: [DONE]\n\n");
      res.writeHead(200, { "content-type": "text/event-stream" });
      res.end(out.join(""));
    });
  });
  await new Promise((r) => server.listen(0, "127.0.0.1", r));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    bodies,
    close: () => new Promise((r) => server.close(r)),
  };
}

function runCli(ROOT, args, env) {
  return new Promise((resolve) => {
    const started = performance.now();
    const child = spawn(process.execPath, [join(ROOT, "bin", "codeagent.js"), ...args], {
      env,
      stdio: "pipe",
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    child.on("close", (code) => resolve({ code, stdout, stderr, ms: performance.now() - started }));
  });
}

export async function codeModeBench({ ROOT, tmp, log, quick }) {
  const dist = (p) => import(join(ROOT, "dist", p));
  const { loadTokenCounter } = await dist("core/agent/token-count.js");
  const count = await loadTokenCounter();
  const records = [];
  const dir = join(tmp, "code-mode");
  const home = join(dir, "home");
  const project = join(dir, "project");
  mkdirSync(home, { recursive: true });
  mkdirSync(project, { recursive: true });
  const official = (pkg, args = [], env = {}) => ({
    command: process.execPath,
    args: [join(ROOT, "node_modules/@modelcontextprotocol", pkg, "dist/index.js"), ...args],
    env,
  });
  const config = join(dir, "mcp.json");
  writeFileSync(
    config,
    JSON.stringify({
      mcpServers: {
        everything: official("server-everything", ["stdio"]),
        filesystem: official("server-filesystem", [project]),
        memory: official("server-memory", [], { MEMORY_FILE_PATH: join(dir, "memory.jsonl") }),
        records: { command: process.execPath, args: [join(ROOT, "test/fixtures/servers/records.mjs")] },
      },
    }),
  );
  const env = {
    PATH: process.env.PATH ?? "",
    HOME: home,
    CODEAGENT_HOME: join(home, ".codeagent"),
    LANG: "C.UTF-8",
  };
  const reps = quick ? 1 : 3;
  const rows = [];
  for (const mode of ["direct", "search", "code"]) {
    const runs = [];
    for (let i = 0; i < reps; i++) {
      const model = await scriptedModel(scriptFor(mode));
      const args = [
        "-p",
        "Summarise the overdue customer accounts and save the summary",
        "--model",
        "openai-compatible:scripted",
      ];
      args.push(
        "--base-url",
        `${model.url}/v1`,
        "--mcp-config",
        config,
        "--strict-mcp-config",
        "--tool-mode",
        mode,
        "--yes",
      );
      const r = await runCli(ROOT, args, { ...env, ...{ CODEAGENT_HOME: env.CODEAGENT_HOME } });
      await model.close();
      const tokens = model.bodies.reduce((sum, b) => sum + count(b), 0);
      const definitions = model.bodies.reduce(
        (sum, b) => sum + count(JSON.stringify(JSON.parse(b).tools ?? [])),
        0,
      );
      const ok = r.code === 0 && r.stdout.trim() === SUMMARY;
      if (!ok) log(`code-mode bench: ${mode} run failed (exit ${r.code}): ${r.stderr.slice(-500)}`);
      runs.push({ tokens, definitions, roundTrips: model.bodies.length, ms: r.ms, ok });
      records.push({
        phase: "code",
        mode,
        rep: i,
        tokens,
        definitions,
        roundTrips: model.bodies.length,
        wallMs: Math.round(r.ms),
        ...(ok ? {} : { error: `exit ${r.code}` }),
      });
      log(
        `code-mode ${mode} #${i + 1}: ${tokens} tokens, ${model.bodies.length} round trips, ${Math.round(r.ms)} ms`,
      );
    }
    rows.push({
      mode,
      tokens: median(runs.map((x) => x.tokens)),
      definitions: median(runs.map((x) => x.definitions)),
      roundTrips: median(runs.map((x) => x.roundTrips)),
      ms: median(runs.map((x) => x.ms)),
    });
  }

  // The isolate and the inner call, in process, against the records server.
  const { createMcpHost } = await dist("core/index.js");
  const { runScript } = await dist("core/code-mode/isolate.js");
  const { DEFAULT_CODE_LIMITS } = await dist("core/code-mode/limits.js");
  const starts = [];
  const trivial = { names: [], call: async () => ({ ok: true, value: null }) };
  for (let i = 0; i < (quick ? 10 : 30); i++)
    starts.push((await runScript("return 1", trivial, DEFAULT_CODE_LIMITS)).startMs);
  const host = await createMcpHost({
    cwd: project,
    env,
    userConfig: false,
    servers: {
      records: { command: process.execPath, args: [join(ROOT, "test/fixtures/servers/records.mjs")] },
    },
  });
  const N = quick ? 100 : 300;
  const direct = [];
  const inner = [];
  try {
    for (let round = 0; round < 3; round++) {
      let t = performance.now();
      for (let i = 0; i < N; i++) await host.callTool("mcp__records__get_record", { id: (i % 30) + 1 });
      direct.push((performance.now() - t) / N);
      t = performance.now();
      const r = await host.executeCode(
        `for (let i = 0; i < ${N}; i++) await tools.mcp__records__get_record({ id: (i % 30) + 1 }); return "ok"`,
        { limits: { maxCalls: N } },
      );
      if (r.value !== "ok") throw new Error(`inner-call bench failed: ${r.text}`);
      inner.push((performance.now() - t - r.startMs) / N);
    }
  } finally {
    await host.close();
  }
  const later = starts.slice(1);
  const startMs = median(later);
  const overhead = median(inner) - median(direct);
  records.push({
    phase: "code",
    isolateStartMs: startMs,
    isolateFirstStartMs: starts[0],
    isolateStartP90Ms: quantile(later, 0.9),
    directCallMs: median(direct),
    innerCallMs: median(inner),
    innerOverheadMs: overhead,
  });

  const directTokens = rows.find((r) => r.mode === "direct").tokens;
  const table = rows.map(
    (r) =>
      `| ${r.mode} | ${r.tokens} | ${r.definitions} | ${Math.round((100 * r.tokens) / directTokens)} % | ${r.roundTrips} | ${(r.ms / 1000).toFixed(2)} s |`,
  );
  const markdown = [
    "## Code mode (§20.2)",
    "",
    `One workflow of 32 tool calls (list 30 records, read each, save a summary of the overdue ones) by \`codeagent -p\` beside the everything, filesystem and memory servers; median of ${reps} run(s). Tokens: every request body sent to the model over the turn, counted with the o200k tokenizer.`,
    "",
    "| tool mode | tokens sent | of which tool definitions | of direct | model round trips | wall time |",
    "|---|---:|---:|---:|---:|---:|",
    ...table,
    "",
    `Isolate start: the first script ${starts[0].toFixed(1)} ms (compiles the WebAssembly module and instantiates it); ` +
      `later scripts median ${startMs.toFixed(1)} ms, p90 ${quantile(later, 0.9).toFixed(1)} ms (an idle instance: new runtime, context and bindings). ` +
      `A call to the records server: ${median(direct).toFixed(3)} ms direct (host.callTool), ${median(inner).toFixed(3)} ms from a script — ${overhead.toFixed(3)} ms over direct (median of 3 rounds of ${N} sequential calls).`,
  ].join("\n");
  return { records, markdown };
}
