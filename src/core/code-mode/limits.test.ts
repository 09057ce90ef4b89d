import { describe, expect, it } from "vitest";
import { DEFAULT_CODE_LIMITS, parseCodeLimits } from "./limits.js";

describe("parseCodeLimits", () => {
  it.each([
    ["unset: the defaults", undefined, { ok: true, limits: DEFAULT_CODE_LIMITS }],
    [
      "one key: the rest default",
      { cpuMs: 500 },
      { ok: true, limits: { ...DEFAULT_CODE_LIMITS, cpuMs: 500 } },
    ],
    [
      "every key at its lowest",
      { cpuMs: 10, memoryMb: 32, wallMs: 10, maxCalls: 1, maxOutputChars: 100 },
      { ok: true, limits: { cpuMs: 10, memoryMb: 32, wallMs: 10, maxCalls: 1, maxOutputChars: 100 } },
    ],
    [
      "a value below its range",
      { cpuMs: 1 },
      { ok: false, message: '"codeMode.cpuMs" in s.json must be a whole number from 10 to 600000, got 1' },
    ],
    [
      "an unknown key names the known ones",
      { cpu: 5 },
      {
        ok: false,
        message:
          '"codeMode.cpu" in s.json is not a limit; the limits are cpuMs, memoryMb, wallMs, maxCalls, maxOutputChars',
      },
    ],
    [
      "a fraction",
      { memoryMb: 64.5 },
      {
        ok: false,
        message: '"codeMode.memoryMb" in s.json must be a whole number from 32 to 2048, got 64.5',
      },
    ],
    [
      "a string",
      { maxCalls: "10" },
      {
        ok: false,
        message: '"codeMode.maxCalls" in s.json must be a whole number from 1 to 1000000, got "10"',
      },
    ],
    [
      "not an object",
      [1],
      { ok: false, message: '"codeMode" in s.json must be an object of limits, e.g. {"cpuMs": 5000}' },
    ],
  ])("%s", (_name, value, expected) => {
    expect(parseCodeLimits(value, "s.json")).toEqual(expected);
  });
});
