import { describe, expect, it } from "vitest";
import { formWindow, MORE_LINES } from "./form-window.js";

const ones = (n: number) => Array.from({ length: n }, () => 1);

describe("formWindow", () => {
  it.each([
    // heights, focus, budget, previous top → window
    [ones(5), 4, 10, 0, { top: 0, end: 5 }], // fits: everything
    [ones(20), 0, 6 + MORE_LINES, 0, { top: 0, end: 6 }],
    [ones(20), 5, 6 + MORE_LINES, 0, { top: 0, end: 6 }], // focus still inside: no move
    [ones(20), 6, 6 + MORE_LINES, 0, { top: 1, end: 7 }], // one past the bottom: one row down
    [ones(20), 19, 6 + MORE_LINES, 1, { top: 14, end: 20 }],
    [ones(20), 3, 6 + MORE_LINES, 14, { top: 3, end: 9 }], // up past the top: the focus becomes the top
    [ones(20), 18, 6 + MORE_LINES, 17, { top: 14, end: 20 }], // at the bottom: filled from above
    [[3, 3, 3, 3], 2, 6 + MORE_LINES, 0, { top: 1, end: 3 }],
    [[9, 1, 1], 0, 4 + MORE_LINES, 0, { top: 0, end: 1 }], // a row taller than the room is still shown
  ])("%j focus %i in %i lines from top %i → %j", (heights, focus, budget, top, want) => {
    expect(formWindow(heights, focus, budget, top)).toEqual(want);
  });
});
