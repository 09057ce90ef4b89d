import { describe, expect, it } from "vitest";
import { globTool } from "./glob.js";
import { splitStaticPrefix } from "./glob-match.js";
import { listDirectoryTool } from "./list-directory.js";
import { call, tempProject } from "./test-project.js";

const files = {
  "README.md": "",
  "src/a.ts": "",
  "src/b.js": "",
  "src/lib/c.ts": "",
  "src/lib/d.test.ts": "",
  "node_modules/pkg/index.ts": "",
  ".git/HEAD": "",
};

describe("list_directory", () => {
  it("lists directories first with a slash", async () => {
    const cwd = tempProject(files);
    expect(await call(listDirectoryTool({ cwd }), {})).toEqual({
      text: ".:\n.git/\nnode_modules/\nsrc/\nREADME.md",
      isError: false,
    });
    expect((await call(listDirectoryTool({ cwd }), { path: "src" })).text).toBe("src:\nlib/\na.ts\nb.js");
  });

  it("says when the path is a file or missing", async () => {
    const cwd = tempProject(files);
    expect(await call(listDirectoryTool({ cwd }), { path: "README.md" })).toEqual({
      text: "README.md is a file, not a directory; use read_file.",
      isError: true,
    });
    expect((await call(listDirectoryTool({ cwd }), { path: "nope" })).isError).toBe(true);
  });
});

describe("glob", () => {
  const cwd = tempProject(files);
  const tool = globTool({ cwd });

  it.each([
    ["**/*.ts", "src/a.ts\nsrc/lib/c.ts\nsrc/lib/d.test.ts"],
    ["src/*.{ts,js}", "src/a.ts\nsrc/b.js"],
    ["*.md", "README.md"],
    ["src/**/*.test.ts", "src/lib/d.test.ts"],
    ["node_modules/**/*.ts", "node_modules/pkg/index.ts"],
    ["nothing/**", "No files match nothing/**."],
  ])("%s", async (pattern, want) => {
    expect(await call(tool, { pattern })).toEqual({ text: want, isError: false });
  });

  it("searches below path", async () => {
    expect(await call(tool, { pattern: "*.ts", path: "src/lib" })).toEqual({
      text: "src/lib/c.ts\nsrc/lib/d.test.ts",
      isError: false,
    });
  });
});

describe("splitStaticPrefix", () => {
  it("splits the fixed directory prefix", () => {
    expect(splitStaticPrefix("src/lib/**/*.ts")).toEqual({ base: "src/lib", rest: "**/*.ts" });
    expect(splitStaticPrefix("*.ts")).toEqual({ base: "", rest: "*.ts" });
    expect(splitStaticPrefix("/abs/dir/*.ts")).toEqual({ base: "/abs/dir", rest: "*.ts" });
  });
});
