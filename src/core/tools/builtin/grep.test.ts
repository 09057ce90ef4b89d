import { describe, expect, it } from "vitest";
import { grepTool } from "./grep.js";
import { call, tempProject } from "./test-project.js";

describe("grep", () => {
  const cwd = tempProject({
    "src/a.ts": "export const foo = 1;\nconst bar = 2;\r\n",
    "src/b.js": "foo();\n",
    "bin.dat": Buffer.from("foo\0bar"),
    "node_modules/x/foo.ts": "foo",
  });
  const tool = grepTool({ cwd });

  it("finds lines across text files, skipping binary files and node_modules", async () => {
    expect(await call(tool, { pattern: "foo" })).toEqual({
      text: "src/a.ts:1: export const foo = 1;\nsrc/b.js:1: foo();",
      isError: false,
    });
  });

  it("filters by glob and searches one file", async () => {
    expect((await call(tool, { pattern: "foo", glob: "*.js" })).text).toBe("src/b.js:1: foo();");
    expect((await call(tool, { pattern: "bar", path: "src/a.ts" })).text).toBe("src/a.ts:2: const bar = 2;");
  });

  it("understands (?i) and reports no matches", async () => {
    expect((await call(tool, { pattern: "(?i)EXPORT" })).text).toBe("src/a.ts:1: export const foo = 1;");
    expect(await call(tool, { pattern: "zzz", path: "src" })).toEqual({
      text: "No matches for zzz.",
      isError: false,
    });
  });

  it("turns a bad regular expression into advice", async () => {
    const r = await call(tool, { pattern: "foo(" });
    expect(r.isError).toBe(true);
    expect(r.text).toContain("not a valid JavaScript regular expression");
  });
});
