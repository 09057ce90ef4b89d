import { describe, expect, it } from "vitest";
import { StderrLines } from "./stderr-lines.js";

describe("StderrLines", () => {
  it("hands on every line as written, blank ones and escapes included", () => {
    const seen: string[] = [];
    const lines = new StderrLines((l) => seen.push(l));
    lines.push(Buffer.from("\u001b[31mline 1\u001b[0m\r\n\nli"));
    lines.push(Buffer.from("ne 2\n"));
    expect(seen).toEqual(["\u001b[31mline 1\u001b[0m", "", "line 2"]);
  });

  it("bounds a line that never ends and decodes invalid UTF-8 lossily", () => {
    const seen: string[] = [];
    const lines = new StderrLines((l) => seen.push(l));
    for (let i = 0; i < 4; i++) lines.push(Buffer.alloc(32 * 1024, "y"));
    lines.push(Buffer.from([0xff, 0xfe, 0x0a]));
    lines.end();
    expect(seen.map((l) => l.length)).toEqual([96 * 1024, 32 * 1024 + 2]);
    expect(seen[1]?.endsWith("\ufffd\ufffd")).toBe(true);
  });
});
