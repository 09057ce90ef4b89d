import { describe, expect, it } from "vitest";
import { StderrTail } from "./stderr-tail.js";

describe("StderrTail", () => {
  it("hands on every line and keeps the last 20 non-blank ones, ANSI stripped", () => {
    const seen: string[] = [];
    const tail = new StderrTail((l) => seen.push(l));
    for (let i = 1; i <= 30; i++) tail.push(Buffer.from(`\u001b[31mline ${i}\u001b[0m\r\n\n`));
    expect(seen.length).toBe(60);
    expect(seen[0]).toBe("\u001b[31mline 1\u001b[0m");
    expect(tail.lastLines()).toEqual(Array.from({ length: 20 }, (_, i) => `line ${i + 11}`));
  });

  it("keeps only the last state of a carriage-return progress bar", () => {
    const tail = new StderrTail();
    tail.push(Buffer.from("installing 10%\rinstalling 50%\rinstalling 100%\n"));
    expect(tail.lastLines()).toEqual(["installing 100%"]);
  });

  it("bounds a line that never ends and decodes invalid UTF-8 lossily", () => {
    const seen: string[] = [];
    const tail = new StderrTail((l) => seen.push(l));
    for (let i = 0; i < 4; i++) tail.push(Buffer.alloc(32 * 1024, "y"));
    tail.push(Buffer.from([0xff, 0xfe, 0x0a]));
    tail.end();
    expect(seen.map((l) => l.length)).toEqual([96 * 1024, 32 * 1024 + 2]);
    expect(seen[1]?.endsWith("\ufffd\ufffd")).toBe(true);
    expect(tail.lastLines().every((l) => l.length <= 500)).toBe(true);
  });
});
