// `npm run bench -- --only tools` (§13, §15): on the captured catalogue of real servers' tool lists and on
// synthetic sets of 50 / 500 / 5 000 tools made from it (the catalogue's tools, repeated under more servers),
// measures tool-definition tokens per request with and without deferral, search recall@5 on every query set
// of the quality test (tuned and held out, the held-out catalogue joined in for the "both" set), index build,
// load (the persisted index) and query latency, and `mcp search` vs `mcp tools` wall time for 5 000 tools.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { timeCommand } from "./lib/run-job.mjs";
import { quantile } from "./lib/stats.mjs";

export async function toolsBench({ ROOT, tmp, log, quick }) {
  const dist = (p) => import(join(ROOT, "dist", p));
  const { buildServerTools } = await dist("core/tools/mcp-tools.js");
  const { toSearchable } = await dist("core/tools/searchable.js");
  const { buildToolIndex } = await dist("core/search/index.js");
  const { cachedToolIndex } = await dist("core/search/index-cache.js");
  const { EMPTY_LISTS } = await dist("core/mcp/server-state.js");
  const { builtinTools } = await dist("core/tools/builtin/index.js");
  const { loadTokenCounter, definitionTokens } = await dist("core/agent/token-count.js");
  const count = await loadTokenCounter();

  const fixtures = join(ROOT, "test", "fixtures");
  const loadDir = (d) =>
    readdirSync(d)
      .filter((f) => f.endsWith(".json"))
      .sort()
      .map((f) => JSON.parse(readFileSync(join(d, f), "utf8")));
  const servers = loadDir(join(fixtures, "catalogue"));
  // Servers the ranking was never tuned on.
  const heldServers = loadDir(join(fixtures, "catalogue-heldout"));
  // Servers captured by someone who never saw the ranking, for the blind "fresh" query sets.
  const freshServers = loadDir(join(fixtures, "catalogue-fresh"));
  const realNames = new Set([...servers, ...heldServers, ...freshServers].map((s) => s.server));
  const querySet = (f) => JSON.parse(readFileSync(join(fixtures, f), "utf8")).queries;
  const old = querySet("search-queries.json");
  /** Query sets, tuned ones first; `tuned` says whether the ranking was tuned on it. */
  const querySets = [
    {
      key: "oldTuned",
      label: "search-queries tuned half",
      tuned: true,
      queries: old.filter((q) => !q.heldOut),
    },
    { key: "tune", label: "search-queries-tune", tuned: true, queries: querySet("search-queries-tune.json") },
    {
      key: "oldHeld",
      label: "search-queries held-out half",
      tuned: false,
      queries: old.filter((q) => q.heldOut),
    },
    {
      key: "tasks",
      label: "search-queries-tasks",
      tuned: false,
      queries: querySet("search-queries-tasks.json"),
    },
    {
      key: "user",
      label: "search-queries-user",
      tuned: false,
      queries: querySet("search-queries-user.json"),
    },
    {
      key: "model",
      label: "search-queries-model",
      tuned: false,
      queries: querySet("search-queries-model.json"),
    },
    // Written blind by people who never saw the ranking; `dev` halves may be read query by query, `final`
    // halves only as a figure.
    ...["blind-user", "blind-model", "fresh-user", "fresh-model"].flatMap((name) =>
      ["dev", "final"].map((split) => ({
        key: `${name}-${split}`,
        label: `search-queries-${name}, ${split} half`,
        tuned: false,
        queries: querySet(`search-queries-${name}.json`).filter((q) => q.split === split),
      })),
    ),
  ];
  const never = () => Promise.reject(new Error("not called"));
  const deps = {
    callTool: never,
    listResources: never,
    readResource: never,
    listPrompts: never,
    getPrompt: never,
  };
  const entriesOf = (list) =>
    list.flatMap(
      (s) =>
        buildServerTools(s.server, { ...EMPTY_LISTS, tools: s.tools }, { capabilities: { tools: {} }, deps })
          .entries,
    );
  const builtins = builtinTools({ cwd: ROOT });
  // What a deferred request carries instead of the MCP tools (§15.2): the search_tools built-in.
  const searchTool = {
    name: "search_tools",
    description:
      "Search the deferred MCP tools by what they do; the matching tools (registered name, server, description) are listed and can be called from the next step on.",
    inputSchema: {
      type: "object",
      properties: {
        query: { type: "string", description: "What the tool should do, in words" },
        limit: { type: "integer", description: "How many tools to list (default 10)" },
      },
      required: ["query"],
    },
  };
  const tokensOf = (entries) =>
    entries.reduce(
      (n, e) =>
        n + definitionTokens({ name: e.name, description: e.description, inputSchema: e.inputSchema }, count),
      0,
    );
  const builtinTokens = tokensOf(builtins);

  /** The catalogue's servers repeated as server, server-2, server-3, … until `n` tools; cut to exactly n. */
  function synthetic(n) {
    const out = [];
    let total = 0;
    for (let copy = 1; total < n; copy++) {
      for (const s of servers) {
        if (total >= n) break;
        const tools = s.tools.slice(0, n - total);
        out.push({ ...s, server: copy === 1 ? s.server : `${s.server}-${copy}`, tools });
        total += tools.length;
      }
    }
    return out;
  }
  // 50 tools from one copy would be only the first few servers: take a few tools of every server instead.
  function spread(n) {
    const per = Math.max(1, Math.floor(n / servers.length));
    const out = servers.map((s) => ({ ...s, tools: s.tools.slice(0, per) }));
    let total = out.reduce((k, s) => k + s.tools.length, 0);
    for (let i = 0; total < n; i++) {
      const s = out[i % out.length];
      const src = servers[i % servers.length];
      if (s.tools.length < src.tools.length) {
        s.tools = src.tools.slice(0, s.tools.length + 1);
        total++;
      }
    }
    return out;
  }
  const sets = [
    ["catalogue", servers],
    ["both catalogues", [...servers, ...heldServers]],
    ["three catalogues", [...servers, ...heldServers, ...freshServers]],
    ["50", spread(50)],
    ["500", synthetic(500)],
    ["5000", synthetic(5000)],
  ];

  const records = [];
  const rows = [];
  const reps = quick ? 3 : 10;
  for (const [label, set] of sets) {
    log(`tools: ${label} [${set.reduce((k, s) => k + s.tools.length, 0)} tools]`);
    const entries = entriesOf(set);
    const full = builtinTokens + tokensOf(entries);
    const deferred = builtinTokens + tokensOf([searchTool]);
    const searchable = entries.map(toSearchable);
    const builds = [];
    let index;
    for (let r = 0; r < reps; r++) {
      const t0 = process.hrtime.bigint();
      index = buildToolIndex(searchable);
      builds.push(Number(process.hrtime.bigint() - t0) / 1e6);
    }
    // The persisted index (§15.1): the first call builds and saves, the others read the file.
    const indexDir = join(tmp, "search-index", label.replace(/\W+/g, "-"));
    cachedToolIndex(searchable, { dir: indexDir });
    const loads = [];
    for (let r = 0; r < reps; r++) {
      const t0 = process.hrtime.bigint();
      const c = cachedToolIndex(searchable, { dir: indexDir });
      loads.push(Number(process.hrtime.bigint() - t0) / 1e6);
      if (c.source !== "file" && searchable.length >= 200)
        throw new Error(`index of ${label} was not read back`);
    }
    const present = new Set(searchable.map((t) => `${t.server}/${t.tool}`));
    const original = (server) => (realNames.has(server) ? server : server.replace(/-\d+$/, ""));
    const hitsOf = (qs) =>
      qs.filter((q) => {
        const got = index.search(q.query, { limit: 5 }).map((h) => `${original(h.server ?? "")}/${h.tool}`);
        return got.some((g) => q.expect.includes(g));
      }).length;
    const recall = {};
    const lat = [];
    for (const qs of querySets) {
      const asked = qs.queries.filter((q) => q.expect.some((e) => present.has(e)));
      recall[qs.key] = { recall: asked.length === 0 ? null : hitsOf(asked) / asked.length, n: asked.length };
      for (let r = 0; r < reps; r++) {
        for (const q of asked) {
          const t0 = process.hrtime.bigint();
          index.search(q.query, { limit: 5 });
          lat.push(Number(process.hrtime.bigint() - t0) / 1e6);
        }
      }
    }
    const row = {
      set: label,
      servers: set.length,
      tools: entries.length,
      tokensFull: full,
      tokensDeferred: deferred,
      recall,
      buildMsP50: quantile(builds, 0.5),
      loadMsP50: quantile(loads, 0.5),
      queryMsP50: quantile(lat, 0.5),
      queryMsP99: quantile(lat, 0.99),
    };
    rows.push(row);
    records.push({ phase: "tools", ...row });
  }

  // mcp search vs mcp tools, 5 000 tools on one server, cold (fresh home) and warm (tool cache filled).
  const five = synthetic(5000).flatMap((s) => s.tools.map((t) => ({ ...t, name: `${s.server}_${t.name}` })));
  const dir = join(tmp, "tools-cli");
  mkdirSync(dir, { recursive: true });
  const toolsFile = join(dir, "tools.json");
  writeFileSync(toolsFile, JSON.stringify(five));
  const cfg = join(dir, "mcp.json");
  writeFileSync(
    cfg,
    JSON.stringify({
      mcpServers: {
        cat: {
          command: process.execPath,
          args: [join(ROOT, "bench", "servers", "catalogue.mjs")],
          env: { CATALOGUE_TOOLS: toolsFile },
        },
      },
    }),
  );
  const bin = join(ROOT, "bin", "codeagent.js");
  const commands = [
    ["mcp tools", [bin, "mcp", "tools", "--json", "--strict-mcp-config", "--mcp-config", cfg]],
    [
      "mcp search",
      [bin, "mcp", "search", "create a merge request", "--json", "--strict-mcp-config", "--mcp-config", cfg],
    ],
  ];
  const cli = [];
  const cliReps = quick ? 3 : 5;
  const warmHome = join(dir, "warm");
  mkdirSync(warmHome, { recursive: true });
  // Warm: the tool cache and the search index of an earlier run are there.
  for (const [, args] of commands)
    await timeCommand(process.execPath, args, {
      env: { ...process.env, CODEAGENT_HOME: warmHome },
      cwd: dir,
    });
  for (const mode of ["cold", "warm"]) {
    for (const [name, args] of commands) {
      const ms = [];
      for (let r = 0; r < cliReps; r++) {
        const home = mode === "warm" ? warmHome : join(dir, `cold-${name.replace(" ", "-")}-${r}`);
        mkdirSync(home, { recursive: true });
        const t = await timeCommand(process.execPath, args, {
          env: { ...process.env, CODEAGENT_HOME: home },
          cwd: dir,
        });
        ms.push(t.ms);
      }
      const row = {
        command: name,
        mode,
        tools: five.length,
        msP50: quantile(ms, 0.5),
        msMin: Math.min(...ms),
      };
      cli.push(row);
      records.push({ phase: "tools-cli", ...row });
    }
  }
  return { records, markdown: toolsMarkdown(rows, cli, builtins.length, querySets) };
}

const pct = (x) => (x === null ? "–" : `${(x * 100).toFixed(1)} %`);
const ms = (x) => (x < 1 ? x.toFixed(3) : x < 100 ? x.toFixed(1) : x.toFixed(0));

function toolsMarkdown(rows, cli, nBuiltins, querySets) {
  const lines = [
    "## Large tool sets (tokens, search recall, latency)",
    "",
    `Definition tokens per request: o200k_base tokens of every tool definition sent (name, description, sanitized schema as JSON), the ${nBuiltins} built-ins included; deferred = built-ins + \`search_tools\`. "both catalogues" adds the held-out catalogue (test/fixtures/catalogue-heldout, servers the ranking was never tuned on) to the main one, "three catalogues" also the fresh one (test/fixtures/catalogue-fresh, captured by someone who never saw the ranking); 50 / 500 / 5 000 are the main catalogue's tools repeated under more servers (copies count as the original).`,
    "",
    "| set | servers | tools | tokens, all loaded | tokens, deferred | deferred / all | index build p50 | index load p50 | query p50 | query p99 |",
    "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ...rows.map(
      (r) =>
        `| ${r.set} | ${r.servers} | ${r.tools} | ${r.tokensFull} | ${r.tokensDeferred} | ${pct(r.tokensDeferred / r.tokensFull)} | ${ms(r.buildMsP50)} ms | ${ms(r.loadMsP50)} ms | ${ms(r.queryMsP50)} ms | ${ms(r.queryMsP99)} ms |`,
    ),
    "",
    "recall@5 (share of queries with an expected tool in the first five) per query set, over the queries whose tools are in the set; tuned = the ranking was tuned on it, held out = only measured:",
    "",
    `| query set | | ${rows.map((r) => r.set).join(" | ")} |`,
    `| --- | --- | ${rows.map(() => "---:").join(" | ")} |`,
    ...querySets.map(
      (qs) =>
        `| ${qs.label} | ${qs.tuned ? "tuned" : "held out"} | ${rows
          .map((r) =>
            r.recall[qs.key].n === 0 ? "–" : `${pct(r.recall[qs.key].recall)} (${r.recall[qs.key].n})`,
          )
          .join(" | ")} |`,
    ),
    "",
    "`mcp search` vs `mcp tools`, one server with 5 000 tools (wall time of the whole command; warm = the tool cache and the saved search index of an earlier run are there):",
    "",
    "| command | cache | p50 | min |",
    "| --- | --- | ---: | ---: |",
    ...cli.map((c) => `| ${c.command} | ${c.mode} | ${ms(c.msP50)} ms | ${ms(c.msMin)} ms |`),
  ];
  return lines.join("\n");
}
