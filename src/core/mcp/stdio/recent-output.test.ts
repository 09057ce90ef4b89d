import { describe, expect, it } from "vitest";
import { ENTRY_CHARS, RECENT_ENTRIES, RecentOutput } from "./recent-output.js";

describe("RecentOutput", () => {
  it("keeps the last entries of either source, in arrival order, and drops blank ones", () => {
    const recent = new RecentOutput();
    for (let i = 1; i <= RECENT_ENTRIES + 10; i++) {
      recent.push({ from: "stderr", text: `line ${i}` });
      recent.push({ from: "stderr", text: "  " });
    }
    recent.push({ from: "message", method: "log", text: "Error: Invalid AccountSid" });
    expect(recent.list()).toEqual([
      ...Array.from({ length: RECENT_ENTRIES - 1 }, (_, i) => ({ from: "stderr", text: `line ${i + 12}` })),
      { from: "message", method: "log", text: "Error: Invalid AccountSid" },
    ]);
  });

  it("keeps only the last state of a carriage-return progress bar", () => {
    const recent = new RecentOutput();
    recent.push({ from: "stderr", text: "installing 10%\rinstalling 50%\rinstalling 100%" });
    recent.push({ from: "stderr", text: "redrawn\r" });
    expect(recent.list()).toEqual([{ from: "stderr", text: "installing 100%" }]);
  });

  it("bounds each entry, so a flood of long lines costs at most entries × characters", () => {
    const recent = new RecentOutput();
    for (let i = 0; i < 1000; i++) recent.push({ from: "stderr", text: "z".repeat(64 * 1024) });
    const kept = recent.list();
    expect([kept.length, kept.every((w) => w.text.length === ENTRY_CHARS)]).toEqual([RECENT_ENTRIES, true]);
  });
});
