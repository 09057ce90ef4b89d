import { describe, expect, it } from "vitest";
import { describeCounts } from "./server-counts.js";

describe("describeCounts", () => {
  it.each([
    [{ tools: 7, resourcePromptTools: 0 }, "7 tools"],
    [{ tools: 1, resourcePromptTools: 2 }, "1 tool + 2 resource/prompt tools"],
    [{ tools: 0, resourcePromptTools: 3 }, "3 resource/prompt tools"],
    [{ tools: 0, resourcePromptTools: 0 }, "0 tools"],
    [{ tools: 0, resourcePromptTools: 0, other: 12 }, "12 tools"],
    [{ tools: 2, resourcePromptTools: 1, other: 12 }, "2 tools + 1 resource/prompt tool + 12 other tools"],
  ])("%j → %s", (c, text) => {
    expect(describeCounts(c)).toBe(text);
  });
});
