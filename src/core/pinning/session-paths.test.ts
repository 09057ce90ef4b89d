import { describe, expect, it } from "vitest";
import { sessionPaths, withoutSessionPaths } from "./session-paths.js";

const paths = sessionPaths({ cwd: "/home/al/proj", home: "/home/al", others: ["/data/"] });

describe("withoutSessionPaths", () => {
  it.each([
    ["Saves under /home/al/proj/out.", "Saves under <cwd>/out."],
    ["Cache in /home/al/.cache", "Cache in <home>/.cache"],
    ["Reads /data and /data/x", "Reads <root> and <root>/x"],
    // Not a session path: a longer name, or the path inside another one.
    ["/home/alice/x and /var/data", "/home/alice/x and /var/data"],
    ["no paths at all", "no paths at all"],
  ])("%s", (description, pinned) => {
    expect(withoutSessionPaths({ name: "t", description }, paths)).toEqual({
      name: "t",
      description: pinned,
    });
  });

  it("reaches schema descriptions, keeps the name, and returns the same object when nothing changes", () => {
    const d = {
      name: "/home/al/proj",
      inputSchema: {
        type: "object",
        properties: { p: { type: "string", description: "e.g. /home/al/proj/img" } },
      },
    };
    expect(withoutSessionPaths(d, paths)).toEqual({
      name: "/home/al/proj",
      inputSchema: { type: "object", properties: { p: { type: "string", description: "e.g. <cwd>/img" } } },
    });
    const plain = { name: "t", description: "x" };
    expect(withoutSessionPaths(plain, paths)).toBe(plain);
  });

  it("orders the paths longest first and drops the root directory and duplicates", () => {
    expect(sessionPaths({ cwd: "/", home: "/h", others: ["/h/", "/h/p"] })).toEqual([
      { path: "/h/p", as: "<root>" },
      { path: "/h", as: "<home>" },
    ]);
  });
});
