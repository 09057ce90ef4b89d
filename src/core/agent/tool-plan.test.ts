import { describe, expect, it } from "vitest";
import { PROVIDER_LIMITS } from "./tool-limits.js";
import { planTools, type NativeDeferral, type PlanInput, type PlanTool, type ToolPlan } from "./tool-plan.js";

const builtins: PlanTool[] = ["read_file", "bash"].map((name) => ({ name, tokens: 10 }));
const server = (s: string, n: number, tokens = 100): PlanTool[] =>
  Array.from({ length: n }, (_, i) => ({ name: `mcp__${s}__t${i}`, server: s, tokens }));

function input(tools: PlanTool[], over: Partial<PlanInput> = {}): PlanInput {
  return {
    tools,
    mode: "auto",
    alwaysLoad: new Set(),
    loaded: [],
    limits: PROVIDER_LIMITS.openai,
    contextWindow: 128_000,
    searchTokens: 50,
    ...over,
  };
}

describe("planTools", () => {
  it("sends everything when auto stays under 40 MCP tools and 10 % of the window", () => {
    const tools = [...builtins, ...server("a", 40)];
    expect(planTools(input(tools))).toEqual({
      ok: true,
      plan: {
        deferred: false,
        send: tools.map((t) => t.name),
        deferLoading: [],
        search: "none",
        deferredServers: [],
        leftOut: [],
        overLimit: [],
        tokens: 4020,
        allTokens: 4020,
      },
    });
  });

  it.each([
    ["41 MCP tools", server("a", 41, 1), 128_000, true],
    ["definitions over 10 % of the window", server("a", 10, 1400), 128_000, true],
    ["definitions at 10 % of the window", server("a", 10, 1280), 128_000, false],
    ["a small window", server("a", 10, 400), 32_768, true],
  ])("auto defers on %s", (_, mcp, contextWindow, deferred) => {
    const r = planTools(input([...builtins, ...mcp], { contextWindow }));
    expect(r.ok && r.plan.deferred).toBe(deferred);
  });

  it("deferred: built-ins, alwaysLoad servers and used tools (oldest dropped first) plus search_tools", () => {
    const tools = [...builtins, ...server("a", 50), ...server("b", 3), ...server("c", 2)];
    const r = planTools(
      input(tools, {
        alwaysLoad: new Set(["b"]),
        loaded: ["mcp__a__t7", "mcp__c__t1", "mcp__a__t2", "unknown_tool", "mcp__b__t0"],
      }),
    );
    expect(r).toEqual({
      ok: true,
      plan: {
        deferred: true,
        send: [
          "read_file",
          "bash",
          "mcp__b__t0",
          "mcp__b__t1",
          "mcp__b__t2",
          "mcp__a__t7",
          "mcp__c__t1",
          "mcp__a__t2",
        ],
        deferLoading: [],
        search: "local",
        deferredServers: [
          { server: "a", tools: 48 },
          { server: "c", tools: 1 },
        ],
        leftOut: [],
        overLimit: [],
        tokens: 20 + 300 + 300 + 50,
        allTokens: 20 + 5500,
      },
    });
  });

  it("keeps the most recently used tools when they would pass the provider's count", () => {
    const limits = { ...PROVIDER_LIMITS.openai, maxTools: 5 };
    const r = planTools(
      input([...builtins, ...server("a", 50)], {
        limits,
        loaded: ["mcp__a__t1", "mcp__a__t2", "mcp__a__t3"],
      }),
    );
    expect(r.ok && [r.plan.send, r.plan.overLimit]).toEqual([
      ["read_file", "bash", "mcp__a__t2", "mcp__a__t3"],
      ["mcp__a__t1"],
    ]);
  });

  it("keeps called tools over tools only found, and says which used or found tools the count leaves out", () => {
    const limits = { ...PROVIDER_LIMITS.openai, maxTools: 7 };
    const r = planTools(
      input([...builtins, ...server("a", 50), ...server("b", 2)], {
        limits,
        alwaysLoad: new Set(["b"]),
        // t1 called long ago, then t2..t4 found; t2 found again last (its latest use counts); b's are pinned.
        loaded: ["mcp__a__t1", "mcp__a__t2", "mcp__a__t3", "mcp__b__t0", "mcp__a__t4", "mcp__a__t2"],
        called: new Set(["mcp__a__t1"]),
      }),
    );
    // Room: 7 - 4 pinned - search_tools = 2: the called t1, then the most recently found t2.
    expect(r.ok && [r.plan.send, r.plan.overLimit, r.plan.deferredServers]).toEqual([
      ["read_file", "bash", "mcp__b__t0", "mcp__b__t1", "mcp__a__t1", "mcp__a__t2"],
      ["mcp__a__t3", "mcp__a__t4"],
      [{ server: "a", tools: 48 }],
    ]);
  });

  it("appends found tools in the order first found: using one again does not move it (a stable prefix)", () => {
    const plan = (loaded: string[]) => {
      const r = planTools(input([...builtins, ...server("a", 50)], { mode: "always", loaded }));
      return r.ok ? r.plan.send : [];
    };
    const before = plan(["mcp__a__t2", "mcp__a__t1"]);
    expect(before).toEqual(["read_file", "bash", "mcp__a__t2", "mcp__a__t1"]);
    expect(plan(["mcp__a__t2", "mcp__a__t1", "mcp__a__t2"])).toEqual(before);
    expect(plan(["mcp__a__t2", "mcp__a__t1", "mcp__a__t2", "mcp__a__t9"])).toEqual([...before, "mcp__a__t9"]);
  });

  it("always defers any MCP tool; never sends all of them", () => {
    const tools = [...builtins, ...server("a", 2)];
    const always = planTools(input(tools, { mode: "always" }));
    expect(always.ok && [always.plan.search, always.plan.send]).toEqual(["local", ["read_file", "bash"]]);
    const never = planTools(input([...builtins, ...server("a", 100)], { mode: "never" }));
    expect(never.ok && [never.plan.search, never.plan.send.length]).toEqual(["none", 102]);
    // Without MCP tools nothing is deferred and no search tool is offered.
    const none = planTools(input(builtins, { mode: "always" }));
    expect(none.ok && none.plan.search).toBe("none");
  });

  it("auto defers rather than exceed the provider's count, even under 40 MCP tools", () => {
    const limits = { ...PROVIDER_LIMITS.openai, maxTools: 20 };
    const r = planTools(input([...builtins, ...server("a", 30, 1)], { limits }));
    expect(r.ok && r.plan.deferred).toBe(true);
  });

  it.each([
    [
      "never over the count",
      input([...builtins, ...server("a", 127)], { mode: "never" }),
      'This request would carry 129 tool definitions, but the provider accepts at most 128. Set "toolSearch" to "auto" (settings.json or CODEAGENT_TOOL_SEARCH) so MCP tools are found by search instead, or register fewer tools with "includeTools"/"excludeTools" in the MCP config.',
    ],
    [
      "alwaysLoad servers over the count",
      input([...builtins, ...server("a", 100), ...server("b", 30)], {
        alwaysLoad: new Set(["b", "a", "gone"]),
      }),
      'This request would carry 133 tool definitions, but the provider accepts at most 128. These are built-in and ext_ tools plus the tools of servers with "alwaysLoad": true (b, a). Remove "alwaysLoad" from a server, or register fewer of its tools with "includeTools"/"excludeTools" in the MCP config.',
    ],
  ])("fails with the setting to change: %s", (_, i, message) => {
    expect(planTools(i)).toEqual({ ok: false, message });
  });

  it("leaves out names the provider refuses and says why", () => {
    const tools: PlanTool[] = [{ name: "ext_has.dot", tokens: 5 }, ...builtins];
    const r = planTools(input(tools));
    expect(r.ok && [r.plan.send, r.plan.leftOut]).toEqual([
      ["read_file", "bash"],
      [
        {
          name: "ext_has.dot",
          reason: "the provider accepts tool names of 1-64 characters of A-Z a-z 0-9 _ -",
        },
      ],
    ]);
    const long = "x".repeat(100);
    expect(
      planTools(input([{ name: long, tokens: 1 }], { limits: PROVIDER_LIMITS.anthropic })),
    ).toMatchObject({
      ok: true,
      plan: { send: [long] },
    });
  });

  const flat = (over: Partial<NativeDeferral> = {}): NativeDeferral => ({
    shape: "flat",
    searchTokens: 7,
    referenced: new Set(),
    ...over,
  });

  it("native (flat): everything on the wire, the deferred flagged; only what is in context counts", () => {
    const tools = [...builtins, ...server("a", 50), ...server("b", 2)];
    const r = planTools(
      input(tools, {
        limits: PROVIDER_LIMITS.anthropic,
        native: flat({ referenced: new Set(["mcp__a__t4"]) }),
        alwaysLoad: new Set(["b"]),
        // t3 was used, and no search result in the history loads it; t4 was found by the native search.
        loaded: ["mcp__a__t3", "mcp__a__t4"],
      }),
    );
    expect(r).toEqual({
      ok: true,
      plan: {
        deferred: true,
        send: ["read_file", "bash", "mcp__b__t0", "mcp__b__t1", "mcp__a__t3"],
        deferLoading: server("a", 50)
          .map((t) => t.name)
          .filter((n) => n !== "mcp__a__t3"),
        search: "native",
        deferredServers: [{ server: "a", tools: 48 }],
        leftOut: [],
        overLimit: [],
        // built-ins + b + used t3 + t4 loaded by the history + the search tool
        tokens: 20 + 200 + 100 + 100 + 7,
        allTokens: 20 + 5200,
      },
    });
  });

  it("native (namespaced): only built-ins, one namespace per server and the search tool count", () => {
    const tools = [...builtins, ...server("a", 100), ...server("b", 100)];
    const native: NativeDeferral = {
      shape: "namespaced",
      searchTokens: 3,
      namespaceTokens: new Map([
        ["a", 40],
        ["b", 30],
      ]),
      referenced: new Set(),
    };
    const r = planTools(input(tools, { native }));
    expect(r.ok && [r.plan.search, r.plan.send, r.plan.deferLoading.length, r.plan.tokens]).toEqual([
      "native",
      ["read_file", "bash"],
      200,
      20 + 40 + 30 + 3,
    ]);
    // Found tools past what the local search could keep (128 - 2 - 1) do not change the count natively:
    // every one of them is sent, none is left out.
    const found = server("a", 100)
      .map((t) => t.name)
      .concat(server("b", 50).map((t) => t.name));
    const many = planTools(input(tools, { native, loaded: found }));
    expect(many.ok && [many.plan.search, many.plan.send.length, many.plan.overLimit]).toEqual([
      "native",
      152,
      [],
    ]);
  });

  it.each<[string, Partial<PlanInput>, ToolPlan["search"]]>([
    // 2 built-ins + 200 deferred + the search tool = 203 entries
    [
      "flat over the count",
      { native: flat(), limits: { ...PROVIDER_LIMITS.anthropic, maxTools: 202 } },
      "local",
    ],
    [
      "flat at the count",
      { native: flat(), limits: { ...PROVIDER_LIMITS.anthropic, maxTools: 203 } },
      "native",
    ],
    // 2 built-ins + 2 namespaces + the search tool = 5 entries
    [
      "namespaced over the count",
      { native: flat({ shape: "namespaced" }), limits: { ...PROVIDER_LIMITS.openai, maxTools: 4 } },
      "local",
    ],
    [
      "namespaced at the count",
      { native: flat({ shape: "namespaced" }), limits: { ...PROVIDER_LIMITS.openai, maxTools: 5 } },
      "native",
    ],
  ])("native falls back to the local search when the provider's count would pass: %s", (_, over, search) => {
    const r = planTools(input([...builtins, ...server("a", 100), ...server("b", 100)], over));
    expect(r.ok && r.plan.search).toBe(search);
  });

  it("Gemini: 512 declarations, names that start with a letter or _", () => {
    const never = planTools(
      input([...builtins, ...server("a", 511)], { mode: "never", limits: PROVIDER_LIMITS.google }),
    );
    expect(never.ok ? "" : never.message).toMatch(
      /^This request would carry 513 tool definitions, but the provider accepts at most 512\./,
    );
    const names = planTools(
      input([{ name: "9lives", tokens: 1 }, { name: "_ok.v2:x", tokens: 1 }, ...builtins], {
        limits: PROVIDER_LIMITS.google,
      }),
    );
    expect(names.ok && [names.plan.send, names.plan.leftOut.map((l) => l.name)]).toEqual([
      ["_ok.v2:x", "read_file", "bash"],
      ["9lives"],
    ]);
  });

  it.each<[string, Partial<PlanInput>, ToolPlan["search"]]>([
    ["every server alwaysLoad, native", { alwaysLoad: new Set(["a", "b"]), native: flat() }, "none"],
    ["every server alwaysLoad, local", { alwaysLoad: new Set(["a", "b"]) }, "none"],
    ["every MCP tool used, native", { loaded: ["mcp__a__t0", "mcp__b__t0"], native: flat() }, "none"],
    ["every MCP tool used, local", { loaded: ["mcp__b__t0", "mcp__a__t0"] }, "none"],
    // A native search result in the history loads t0: it stays deferred, and the search tool with it.
    [
      "a used tool the history loads",
      { loaded: ["mcp__a__t0", "mcp__b__t0"], native: flat({ referenced: new Set(["mcp__a__t0"]) }) },
      "native",
    ],
    ["one tool left", { loaded: ["mcp__a__t0"] }, "local"],
  ])("no search tool once nothing is left to defer: %s", (_, over, search) => {
    const tools = [...builtins, ...server("a", 1), ...server("b", 1)];
    const r = planTools(input(tools, { mode: "always", limits: PROVIDER_LIMITS.anthropic, ...over }));
    const expected =
      search === "none"
        ? { deferred: false, send: tools.map((t) => t.name), deferLoading: [], tokens: 220 }
        : { deferred: true };
    expect(r.ok && r.plan).toMatchObject({ search, ...expected });
  });

  it("native is not used when nothing is deferred", () => {
    const r = planTools(input([...builtins, ...server("a", 3)], { native: flat() }));
    expect(r.ok && [r.plan.search, r.plan.deferLoading]).toEqual(["none", []]);
  });
});
