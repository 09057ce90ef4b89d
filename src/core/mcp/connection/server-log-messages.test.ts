import { describe, expect, it } from "vitest";
import { serverLogLine } from "./server-log-messages.js";

describe("serverLogLine", () => {
  it.each([
    [
      { level: "info", logger: "db", data: "connected" },
      { line: "server log [info db]: connected", error: false, words: "connected" },
    ],
    [
      { level: "error", data: { reason: "x" } },
      { line: 'server log [error]: {"reason":"x"}', error: true, words: '{"reason":"x"}' },
    ],
    [{ data: "\u001b[31mred\u001b[0m" }, { line: "server log [info]: red", error: false, words: "red" }],
  ])("%j", (params, expected) => {
    expect(serverLogLine(params)).toEqual(expected);
  });
});
