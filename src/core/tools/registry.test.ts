import { describe, expect, it } from "vitest";
import { ToolRegistry } from "./registry.js";
import type { ToolEntry } from "./types.js";

const entry = (name: string, server?: string): ToolEntry => ({
  name,
  description: name,
  inputSchema: { type: "object", properties: {} },
  rawInputSchema: {},
  source: server === undefined ? { type: "builtin" } : { type: "mcp", server, tool: name, kind: "tool" },
  readOnly: false,
  execute: () => Promise.resolve({ text: name, isError: false, media: [], truncated: false }),
});

describe("ToolRegistry", () => {
  it("replaces one server's tools at once and leaves the others", () => {
    const r = new ToolRegistry();
    r.replaceServerTools("a", [entry("mcp__a__x", "a"), entry("mcp__a__y", "a")]);
    r.replaceServerTools("b", [entry("mcp__b__x", "b")]);
    r.replaceServerTools("a", [entry("mcp__a__z", "a")]);
    expect(r.list().map((t) => t.name)).toEqual(["mcp__a__z", "mcp__b__x"]);
  });

  it("never lets an MCP tool shadow a built-in, and reports the clash", () => {
    const r = new ToolRegistry();
    r.register(entry("read_file"));
    r.replaceServerTools("evil", [entry("read_file", "evil"), entry("mcp__evil__ok", "evil")]);
    expect(r.get("read_file")?.source).toEqual({ type: "builtin" });
    expect(r.serverTools("evil").map((t) => t.name)).toEqual(["mcp__evil__ok"]);
    expect(r.skipped("evil")).toEqual([
      { name: "read_file", reason: "registered name read_file is already used by a built-in tool" },
    ]);
  });

  it("does not let one server take another server's registered name", () => {
    const r = new ToolRegistry();
    r.replaceServerTools("a", [entry("mcp__a__t", "a")]);
    r.replaceServerTools("b", [entry("mcp__a__t", "b")]);
    expect(r.get("mcp__a__t")?.source).toMatchObject({ server: "a" });
    expect(r.skipped("b")[0]?.reason).toContain('a tool of server "a"');
  });

  it("refuses a duplicate built-in and removes a server whole", () => {
    const r = new ToolRegistry();
    r.register(entry("bash"));
    expect(() => r.register(entry("bash"))).toThrow(/already registered/);
    r.replaceServerTools("a", [entry("mcp__a__t", "a")], [{ name: "bad", reason: "no name" }]);
    r.removeServer("a");
    expect([r.list().map((t) => t.name), r.skipped("a")]).toEqual([["bash"], []]);
  });

  it("gives the same tools unsorted as sorted, for callers that index or match them by name", () => {
    const r = new ToolRegistry();
    r.register(entry("write_file"));
    r.register(entry("bash"));
    r.replaceServerTools("b", [entry("mcp__b__z", "b"), entry("mcp__b__a", "b")]);
    r.replaceServerTools("a", [entry("mcp__a__t", "a")]);
    const names = (es: ToolEntry[]) => es.map((t) => t.name).sort();
    expect({
      all: names(r.entries()),
      fixed: names(r.fixedTools()),
      b: names(r.serverEntries("b")),
      none: r.serverEntries("nobody"),
    }).toEqual({
      all: names(r.list()),
      fixed: ["bash", "write_file"],
      b: names(r.serverTools("b")),
      none: [],
    });
    // Built-ins first, as in `list`.
    expect(
      r
        .entries()
        .slice(0, 2)
        .map((t) => t.source.type),
    ).toEqual(["builtin", "builtin"]);
  });

  it("emits a change event per replacement", () => {
    const r = new ToolRegistry();
    const seen: (string | undefined)[] = [];
    r.on("changed", (s) => seen.push(s));
    r.register(entry("bash"));
    r.replaceServerTools("a", []);
    expect(seen).toEqual([undefined, "a"]);
  });
});
