import { mkdtempSync, readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { capOutput, cutPoint, DEFAULT_MAX_CHARS, outputFileName } from "./cap-output.js";

const NOW = new Date("2025-01-02T03:04:05.678Z");

describe("cutPoint", () => {
  it.each<[string, string, number, number]>([
    ["no newline: at the cap", "x".repeat(200), 100, 100],
    ["a newline near the cap", `${"x".repeat(90)}\n${"y".repeat(100)}`, 100, 90],
    ["a newline exactly at the cap", `${"x".repeat(100)}\n${"y".repeat(10)}`, 100, 100],
    ["a newline too far back", `${"x".repeat(50)}\n${"y".repeat(100)}`, 100, 100],
    ["never splits a surrogate pair", `${"x".repeat(99)}😀${"y".repeat(10)}`, 100, 99],
    ["zero", "abc", 0, 0],
  ])("%s", (_name, text, max, expected) => {
    expect(cutPoint(text, max)).toBe(expected);
  });
});

describe("outputFileName", () => {
  it.each<[string | undefined, RegExp]>([
    [undefined, /^2025-01-02T03-04-05-678Z-[0-9a-f]{6}\.txt$/],
    ["mcp__srv__tool", /^mcp__srv__tool-2025-01-02T03-04-05-678Z-[0-9a-f]{6}\.txt$/],
    ["../../etc/passwd", /^______etc_passwd-2025-01-02T03-04-05-678Z-[0-9a-f]{6}\.txt$/],
    ["", /^2025-01-02T03-04-05-678Z-[0-9a-f]{6}\.txt$/],
  ])("label %j", (label, expected) => {
    expect(outputFileName(NOW, label)).toMatch(expected);
  });

  it("gives different names within the same millisecond", () => {
    expect(outputFileName(NOW)).not.toEqual(outputFileName(NOW));
  });
});

describe("capOutput", () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "codeagent-cap-"));
  });

  it.each<[string, number | undefined, string]>([
    ["under the cap", 10, "short"],
    ["exactly the cap", 5, "exact"],
    ["default cap", undefined, "x".repeat(DEFAULT_MAX_CHARS)],
    ["invalid cap falls back to the default", Number.NaN, "y".repeat(1000)],
  ])("%s: unchanged, nothing saved", (_name, maxChars, text) => {
    const saveDir = join(dir, "outputs");
    expect(capOutput(text, { maxChars, saveDir })).toEqual({ text, truncated: false });
    expect(() => readdirSync(saveDir)).toThrow();
  });

  it("cuts at a line, says so, and saves the whole text (0600) under a new directory", () => {
    const lines = Array.from({ length: 500 }, (_, i) => `line ${i}`).join("\n");
    const saveDir = join(dir, "nested", "outputs");
    const r = capOutput(lines, { maxChars: 1000, saveDir, now: () => NOW, label: "mcp__srv__big" });
    const [name] = readdirSync(saveDir);
    const savedTo = join(saveDir, name ?? "");
    const head = lines.slice(0, lines.lastIndexOf("\n", 1000));
    expect(r).toEqual({
      text: `${head}\n\n[output truncated: 4.3 KiB total, showing the first ${head.length} characters; full output saved to ${savedTo}]`,
      truncated: true,
      savedTo,
    });
    expect(head.endsWith("\n")).toBe(false);
    expect(readFileSync(savedTo, "utf8")).toEqual(lines);
    expect(statSync(savedTo).mode & 0o777).toBe(0o600);
    expect(name).toMatch(/^mcp__srv__big-2025-01-02T03-04-05-678Z-[0-9a-f]{6}\.txt$/);
  });

  it("reports the total in MB for big outputs", () => {
    const r = capOutput("z".repeat(2.1 * 1024 * 1024), { maxChars: 100, saveDir: dir });
    expect(r.text).toMatch(
      /^z{100}\n\n\[output truncated: 2\.1 MiB total, showing the first 100 characters; full output saved to .*\.txt\]$/,
    );
  });

  it("still cuts, and says the output was not saved, when the directory cannot be created", () => {
    const blocker = join(dir, "file");
    writeFileSync(blocker, "");
    const r = capOutput("abcdef", { maxChars: 3, saveDir: join(blocker, "sub") });
    expect(r).toEqual({
      text: expect.stringMatching(
        /^abc\n\n\[output truncated: 6 B total, showing the first 3 characters; the full output could not be saved \(.*ENOTDIR.*\)\]$/,
      ),
      truncated: true,
    });
  });
});
