import { describe, expect, it } from "vitest";
import { forwardedLog, wantsLevel } from "./upstream-logs.js";

describe("upstream log messages to a caller", () => {
  it.each([
    [undefined, "emergency", false],
    ["warning", "info", false],
    ["warning", "warning", true],
    ["warning", "critical", true],
    ["debug", "debug", true],
    ["debug", "verbose", false],
  ] as const)("a caller at %s gets a %s message: %s", (threshold, level, wanted) => {
    expect(wantsLevel(threshold, level)).toBe(wanted);
  });

  it("names the upstream server as the logger, keeping the server's own logger", () => {
    expect(forwardedLog("gh", { level: "info", data: { a: 1 } })).toEqual({
      level: "info",
      logger: "gh",
      data: { a: 1 },
    });
    expect(forwardedLog("gh", { level: "error", logger: "api", data: "x", _meta: {} })).toEqual({
      level: "error",
      logger: "gh/api",
      data: "x",
    });
  });
});
