import { describe, expect, it } from "vitest";
import { formatBytes } from "./bytes.js";

describe("formatBytes", () => {
  it.each([
    [0, "0 B"],
    [1023, "1023 B"],
    [1024, "1 KiB"],
    [12_595, "12.3 KiB"],
    [1024 * 1024, "1 MiB"],
    [2.1 * 1024 * 1024, "2.1 MiB"],
    [32 * 1024 * 1024, "32 MiB"],
    [5 * 1024 ** 5, "5120 TiB"],
    [-5, "0 B"],
    [Number.NaN, "0 B"],
  ])("formatBytes(%s) → %s", (n, expected) => {
    expect(formatBytes(n)).toEqual(expected);
  });
});
