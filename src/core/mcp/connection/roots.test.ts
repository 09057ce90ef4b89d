import { describe, expect, it } from "vitest";
import { rootsOf } from "./roots.js";

describe("rootsOf", () => {
  it("gives each directory once, as an absolute file:// URI named after its last segment", () => {
    expect(rootsOf(["/work/project", "/work/project/", "/tmp/other dir", "/"])).toEqual([
      { uri: "file:///work/project", name: "project" },
      { uri: "file:///tmp/other%20dir", name: "other dir" },
      { uri: "file:///", name: "/" },
    ]);
  });
});
