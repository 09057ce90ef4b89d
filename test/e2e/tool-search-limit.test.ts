// Deferred tools at the provider's count (§15.2-15.3), end to end: `codeagent -p` with 260 MCP tools against
// the scripted OpenAI-style endpoint that answers HTTP 400 past 128 tools. The model searches for 20 tools
// at a time, seven times (140 found, room for 111), and calls tools along the way; every search result must
// say what the next request carries, and no request may pass the limit.
import { afterEach, describe, expect, it } from "vitest";
import { startModelServer, type ModelServer, type Script } from "../fixtures/model-server.js";
import { runCli } from "../helpers/cli.js";
import { manyToolServers } from "../helpers/env.js";

let model: ModelServer | undefined;
afterEach(async () => {
  await model?.close();
  model = undefined;
});

const VERBS = ["create", "get", "list", "update", "delete", "search", "archive", "export"];
// many-tools.mjs makes verb × noun, nouns outside; these are the first nouns of its themes.
const TRACKER = ["issue", "merge_request", "pipeline", "branch", "project", "label"];
const TRACKER_MORE = ["milestone", "wiki_page", "snippet", "runner", "tag", "release"];
const CLOUD = ["bucket", "instance", "volume", "snapshot", "load_balancer", "dns_record"];
const names = (server: string, nouns: string[]) =>
  nouns.flatMap((n) => VERBS.map((v) => `mcp__${server}__${v}_${n}`));
const found = [...names("tracker", [...TRACKER, ...TRACKER_MORE]), ...names("cloud", CLOUD)].slice(0, 140);
const batch = (k: number) => found.slice(20 * k, 20 * k + 20);
const LIMIT = "limit 128 tools per request of provider openai-compatible";
const unloadedLine = (tools: string[]) =>
  `Unloaded to stay under the ${LIMIT} (a call by exact name still works): ${tools.join(", ")}`;
const search = (k: number) => ({
  toolCalls: [
    { id: `s${k}`, name: "search_tools", args: { query: `select:${batch(k).join(",")}`, limit: 20 } },
  ],
});

// Step 0 searches batch 0, step 1 calls its first tool, steps 2-7 search batches 1-6, step 8 calls a tool
// the limit unloaded, step 9 answers.
const script: Script = (_req, i) => {
  if (i === 0) return search(0);
  if (i === 1) return { toolCalls: [{ id: "c1", name: batch(0)[0]!, args: { workspace: "w" } }] };
  if (i <= 7) return search(i - 1);
  if (i === 8) return { toolCalls: [{ id: "c8", name: batch(0)[19]!, args: { workspace: "w" } }] };
  return { text: "done" };
};

describe("deferred tools past the provider's count", () => {
  it("searches name what is unloaded to stay under 128, called tools stay, and calls by name still work", async () => {
    const { sb, config } = manyToolServers({ tracker: 100, cloud: 100, crm: 60 });
    model = await startModelServer(script, { maxTools: 128 });
    const r = await runCli(
      sb,
      ["-p", "do the task", "--model", "openai-compatible:scripted", "--base-url", `${model.url}/v1`].concat([
        "--mcp-config",
        config,
        "--yes",
        "--output-format",
        "json",
      ]),
      { timeoutMs: 60_000 },
    );
    expect(r.code, r.stderr).toBe(0);
    expect(r.json().result).toBe("done");
    const reqs = model.requests;
    expect(reqs).toHaveLength(10);
    // No request was refused: each stays within the provider's count.
    for (let i = 0; i < reqs.length; i++) expect(model.view(i).tools.length).toBeLessThanOrEqual(128);
    const result = (i: number) => model!.view(i).toolResults.at(-1)!.text;

    // 16 built-ins + search_tools leave room for 111: the first five searches (100 tools) load everything.
    for (const [req, k] of [
      [1, 0],
      [3, 1],
      [4, 2],
      [5, 3],
      [6, 4],
    ] as const) {
      expect(result(req).split("\n")[0]).toBe("20 tools found and loaded; call them by name:");
      expect(result(req)).not.toContain("Unloaded");
      for (const n of batch(k)) expect(model.view(req).tools).toContain(n);
    }
    // The sixth passes the room by 9: the tools found longest ago and never called go (a search's best hit
    // counts as its most recent), and the result names them.
    const sixth = result(7).split("\n");
    expect(sixth[0]).toBe("20 tools found and loaded; call them by name:");
    expect(sixth.at(-1)).toBe(unloadedLine(batch(0).slice(11).reverse()));
    // The seventh: ten more of batch 0 and ten of batch 1; the called batch0[0] stays.
    const seventh = result(8).split("\n");
    expect(seventh).toHaveLength(22);
    expect(seventh.at(-1)).toBe(
      unloadedLine([...batch(0).slice(1, 11).reverse(), ...batch(1).slice(10).reverse()]),
    );
    const eighth = model.view(8).tools;
    expect(eighth).toHaveLength(128);
    expect(eighth).toContain(batch(0)[0]);
    for (const n of [...batch(0).slice(1), ...batch(1).slice(10)]) expect(eighth).not.toContain(n);
    for (const n of batch(6)) expect(eighth).toContain(n);

    // A call by exact name to an unloaded tool runs, loads it back, and says which tool made way for it.
    expect(model.view(9).toolResults.at(-1)).toEqual({
      id: "c8",
      text: `tracker.${batch(0)[19]!.replace("mcp__tracker__", "")} {"workspace":"w"}\n\n[codeagent] ${unloadedLine([batch(1)[9]!])}`,
      isError: false,
    });
    expect(model.view(9).tools).toContain(batch(0)[19]);
    expect(model.view(9).tools).not.toContain(batch(1)[9]);
    expect(model.view(9).tools).toHaveLength(128);
  });
});
