import { describe, expect, it } from "vitest";
import { progressLine } from "./ProgressBar.js";

describe("progressLine", () => {
  it.each<[Parameters<typeof progressLine>[0], string]>([
    [{ progress: 2, total: 4, message: "step 2", width: 4 }, "██░░ 50% step 2"],
    [{ progress: 3, message: "files" }, "3 files"],
    [{ progress: 3 }, "3"],
    // A task's status line before the server reports any figures: the line alone, not "0 task working…".
    [{ progress: 0, message: "task working: Gathering sources" }, "task working: Gathering sources"],
    [{ progress: 0 }, "0"],
  ])("%j → %s", (p, want) => {
    expect(progressLine(p)).toBe(want);
  });
});
