import { describe, expect, it } from "vitest";
import { unknownMessageLine } from "./unknown-messages.js";

describe("unknownMessageLine", () => {
  it.each([
    [
      "request",
      "log",
      { level: 50, message: "Error: Invalid AccountSid" },
      'server sent an unknown request "log": Error: Invalid AccountSid',
    ],
    [
      "notification",
      "progress/custom",
      { msg: "half way" },
      'server sent an unknown notification "progress/custom": half way',
    ],
    ["notification", "ping/extra", { n: 1 }, 'server sent an unknown notification "ping/extra": {"n":1}'],
    ["request", "bare", undefined, 'server sent an unknown request "bare"'],
    [
      "request",
      "log\u001b[31m",
      { message: "red\u001b[0m text\nnext" },
      'server sent an unknown request "log": red text next',
    ],
  ] as const)("%s %s", (kind, method, params, expected) => {
    expect(unknownMessageLine(kind, method, params)).toBe(expected);
  });

  it("cuts a long text", () => {
    const line = unknownMessageLine("request", "log", { message: "x".repeat(1000) });
    expect([line.length < 400, line.endsWith("…")]).toEqual([true, true]);
  });
});
