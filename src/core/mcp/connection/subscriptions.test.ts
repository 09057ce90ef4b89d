import { describe, expect, it } from "vitest";
import { listenFilter } from "./subscriptions.js";

describe("listenFilter", () => {
  it.each([
    ["nothing can change", { tools: {}, prompts: { listChanged: false } }, undefined],
    [
      "tools only",
      { tools: { listChanged: true }, resources: { subscribe: true } },
      { toolsListChanged: true },
    ],
    [
      "every list",
      { tools: { listChanged: true }, prompts: { listChanged: true }, resources: { listChanged: true } },
      { toolsListChanged: true, promptsListChanged: true, resourcesListChanged: true },
    ],
    ["a hostile truthy value is not true", { tools: { listChanged: "yes" } }, undefined],
  ])("%s", (_name, capabilities, want) => {
    expect(listenFilter(capabilities)).toEqual(want);
  });
});
