import { describe, expect, it } from "vitest";
import { fitStatus, lineWidth, type StatusPart } from "./status-layout.js";

const parts: StatusPart[] = [
  { key: "mcp", text: "MCP 3 ready · 1 failed" },
  { key: "tools", text: "tools 14 +120 deferred · 4.1k tok" },
  { key: "branch", text: "⎇ feature/cache*" },
  { key: "model", text: "anthropic:claude-sonnet-4-5" },
  { key: "mode", text: "plan mode" },
  { key: "context", text: "ctx 48.2k/200k (24%)" },
  { key: "cost", text: "$0.42" },
  { key: "hint", text: "/help for commands" },
];

describe("fitStatus", () => {
  it.each([
    [200, ["mcp", "tools", "branch", "model", "mode", "context", "cost", "hint"]],
    [120, ["branch", "model", "mode", "context", "cost"]],
    [80, ["model", "mode", "context", "cost"]],
    [60, ["mode", "context"]],
    [30, ["context"]],
  ])("%i columns: %j", (width, keys) => {
    const shown = fitStatus(parts, width);
    expect(shown.map((p) => p.key)).toEqual(keys);
    // It fits, except that the gauge alone is never cut.
    if (keys.length > 1) expect(lineWidth(shown)).toBeLessThanOrEqual(width);
    expect(shown.find((p) => p.key === "context")?.text).toBe("ctx 48.2k/200k (24%)");
  });

  it("at 60 columns without plan mode, the model and the gauge stay", () => {
    const usual = parts.filter((p) => p.key !== "mode");
    expect(fitStatus(usual, 60).map((p) => p.key)).toEqual(["model", "context"]);
  });

  it("keeps everything when it fits, and works without the optional parts", () => {
    const few: StatusPart[] = [
      { key: "mcp", text: "MCP no servers" },
      { key: "model", text: "ollama:qwen" },
      { key: "hint", text: "/help for commands" },
    ];
    expect(fitStatus(few, 80)).toEqual(few);
  });
});
