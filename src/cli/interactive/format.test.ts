import { describe, expect, it } from "vitest";
import {
  compactArgs,
  countStatuses,
  cut,
  describeDefinition,
  previewText,
  statusParts,
  toolStatsLine,
} from "./format.js";
import { snapshot } from "./testing/fake-host.js";

describe("format", () => {
  it("compactArgs: one line of JSON, control characters removed, cut", () => {
    expect(compactArgs({ a: "x\ny", b: "\x1b[31mred" })).toBe('{"a":"x\\ny","b":"\\u001b[31mred"}');
    expect(compactArgs({})).toBe("");
    expect(compactArgs({ t: "a".repeat(50) }, 20)).toBe('{"t":"aaaaaaaaaaaaa…');
  });

  it("previewText: first lines, count of the rest, escapes stripped", () => {
    expect(previewText("\x1b[1mone\x1b[0m\ntwo\nthree\n\n", 2)).toEqual({ lines: ["one", "two"], more: 1 });
    expect(previewText("   \n")).toEqual({ lines: [], more: 0 });
  });

  it("toolStatsLine says which search holds the deferred tools and whether their definitions are sent", () => {
    const s = { loaded: 3, deferred: 260, loadedTokens: 4200, deferredTokens: 91_000, mode: "auto" };
    expect(toolStatsLine(s)).toBe(
      "3 tools loaded (4.2k tokens of definitions); 260 deferred behind search_tools (91.0k tokens not sent); toolSearch: auto",
    );
    expect(toolStatsLine({ ...s, search: "native", searchTool: "tool_search_tool_bm25" })).toBe(
      "3 tools loaded (4.2k tokens of definitions); 260 deferred behind the provider's tool_search_tool_bm25 (91.0k tokens sent deferred, not in context); toolSearch: auto",
    );
  });

  it("cut never splits a surrogate pair", () => {
    expect(cut("ab😀cd", 4)).toBe("ab…");
  });

  it("statusParts: ready always, the other states only when present", () => {
    const c = countStatuses([
      snapshot("a", { status: "ready", since: 0 }),
      snapshot("b", { status: "starting", since: 0, attempt: 0 }),
      snapshot("c", { status: "needs-approval" }),
    ]);
    expect(statusParts(c).map((p) => p.text)).toEqual(["1 ready", "1 starting", "1 needs approval"]);
  });

  it("describeDefinition shows the command as a shell line, or the URL", () => {
    const s = snapshot("x", { status: "needs-approval" });
    const stdio = {
      ...s.definition.config!,
      transport: "stdio" as const,
      command: "npx",
      args: ["-y", "pkg name"],
      env: { TOKEN: "t" },
    };
    expect(describeDefinition({ ...s, definition: { ...s.definition, config: stdio } })).toBe(
      "npx -y 'pkg name'  env: TOKEN",
    );
    const http = {
      ...s.definition.config!,
      transport: "http" as const,
      url: "https://mcp.example.com/mcp",
      headers: { Authorization: "Bearer x" },
      fallbackToSse: true,
    };
    expect(describeDefinition({ ...s, definition: { ...s.definition, config: http } })).toBe(
      "http https://mcp.example.com/mcp  headers: Authorization",
    );
  });
});
