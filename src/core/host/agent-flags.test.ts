// The agent's flags as the composition reads them: a value that does not parse names the flag to change.
import { describe, expect, it } from "vitest";
import { CodeagentError } from "../errors.js";
import { parseMaxSteps, parsePermissionMode } from "./agent-flags.js";

const usage = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    return e instanceof CodeagentError ? { code: e.code, message: e.message } : e;
  }
  return undefined;
};

describe("parseMaxSteps", () => {
  it.each([
    [undefined, undefined],
    ["1", 1],
    [40, 40],
  ])("%j → %j", (raw, n) => {
    expect(parseMaxSteps(raw)).toBe(n);
  });

  it.each(["0", "-3", "2.5", "many", ""])("%j is a usage error naming --max-steps", (raw) => {
    expect(usage(() => parseMaxSteps(raw))).toEqual({
      code: "USAGE",
      message: `--max-steps must be a whole number of at least 1, got "${raw}"`,
    });
  });
});

describe("parsePermissionMode", () => {
  it.each([
    [undefined, "default"],
    ["default", "default"],
    ["plan", "plan"],
  ])("%j → %j", (raw, mode) => {
    expect(parsePermissionMode(raw)).toBe(mode);
  });

  it("names the modes when the value is none of them", () => {
    expect(usage(() => parsePermissionMode("yolo"))).toEqual({
      code: "USAGE",
      message: expect.stringMatching(/^--permission-mode must be one of default, .*plan.*, got "yolo"$/),
    });
  });
});
