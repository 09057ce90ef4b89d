// §8.4 for the built-in file tools: reach outside the project, patterns that cannot freeze the process, .gitignore.
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { globTool } from "./glob.js";
import { grepTool } from "./grep.js";
import { listDirectoryTool } from "./list-directory.js";
import { readFileTool } from "./read-file.js";
import { writeFileTool } from "./write-file.js";

function project() {
  const root = mkdtempSync(join(tmpdir(), "codeagent-reach-"));
  const cwd = join(root, "proj");
  const secret = join(root, "home", ".ssh");
  mkdirSync(join(cwd, "src"), { recursive: true });
  mkdirSync(secret, { recursive: true });
  writeFileSync(join(secret, "id_rsa"), "PRIVATE KEY");
  writeFileSync(join(cwd, "src", "a.ts"), "needle\n");
  symlinkSync(join(secret, "id_rsa"), join(cwd, "key-link"));
  return { root, cwd, secret };
}

describe("outsideProject", () => {
  it("names the real path a call reaches outside the project, symlinks resolved", () => {
    const { cwd, secret, root } = project();
    const read = readFileTool({ cwd });
    expect(read.outsideProject?.({ path: "src/a.ts" })).toBeUndefined();
    expect(read.outsideProject?.({ path: join(secret, "id_rsa") })).toBe(join(secret, "id_rsa"));
    expect(read.outsideProject?.({ path: "key-link" })).toBe(join(secret, "id_rsa"));
    expect(read.outsideProject?.({ path: "../home/.ssh/id_rsa" })).toBe(join(secret, "id_rsa"));
    expect(writeFileTool({ cwd }).outsideProject?.({ path: "../new/file.txt" })).toBe(
      join(root, "new", "file.txt"),
    );
    expect(listDirectoryTool({ cwd }).outsideProject?.({})).toBeUndefined();
    expect(globTool({ cwd }).outsideProject?.({ pattern: "../home/**" })).toBe(join(root, "home"));
    expect(grepTool({ cwd }).outsideProject?.({ pattern: "x", path: secret })).toBe(secret);
  });

  it("lets --add-dir directories in", () => {
    const { cwd, secret } = project();
    const read = readFileTool({ cwd, addDirs: [secret] });
    expect(read.outsideProject?.({ path: join(secret, "id_rsa") })).toBeUndefined();
  });
});

describe("grep", () => {
  it("runs a nested-quantifier pattern in linear time, so it answers instead of timing out", async () => {
    const { cwd } = project();
    writeFileSync(join(cwd, "src", "long.txt"), `${"a".repeat(40)}!\n${"a".repeat(12)}\n`);
    const r = await grepTool({ cwd }).execute({ pattern: "^(a+)+$", path: "src/long.txt" }, {});
    expect(r).toMatchObject({ isError: false, text: `src/long.txt:2: ${"a".repeat(12)}` });
  });

  it("stops a backtracking pattern the linear engine cannot run, keeping the other files' matches", async () => {
    const { cwd } = project();
    writeFileSync(join(cwd, "src", "a.ts"), "aab\n");
    writeFileSync(join(cwd, "src", "long.txt"), `${"a".repeat(40)}!\n`);
    writeFileSync(join(cwd, "src", "z.ts"), "ab\n");
    // The lookahead keeps it off the linear-time engine; the nested quantifier backtracks exponentially.
    const r = await grepTool({ cwd }).execute({ pattern: "^(a+)+(?=b)", path: "src" }, {});
    expect(r.isError).toBe(false);
    expect(r.text.split("\n").slice(0, 2)).toEqual(["src/a.ts:1: aab", "src/z.ts:1: ab"]);
    expect(r.text).toContain(
      "ran longer than 3 s on src/long.txt and was stopped there; the other files were searched",
    );
    const alone = await grepTool({ cwd }).execute({ pattern: "^(a+)+(?=b)", path: "src/long.txt" }, {});
    expect(alone.isError).toBe(true);
    expect(alone.text).toContain("ran longer than 3 s on src/long.txt and was stopped");
  });

  it("honours .gitignore (nested too) and skips .git", async () => {
    const { cwd } = project();
    writeFileSync(join(cwd, ".gitignore"), "dist/\n");
    mkdirSync(join(cwd, "dist"));
    writeFileSync(join(cwd, "dist", "a.js"), "needle\n");
    writeFileSync(join(cwd, "src", ".gitignore"), "gen.ts\n");
    writeFileSync(join(cwd, "src", "gen.ts"), "needle\n");
    mkdirSync(join(cwd, ".git"));
    writeFileSync(join(cwd, ".git", "HEAD"), "needle\n");
    const r = await grepTool({ cwd }).execute({ pattern: "needle" }, {});
    expect(r.text).toBe("src/a.ts:1: needle");
    const g = await globTool({ cwd }).execute({ pattern: "**/*" }, {});
    expect(g.text.split("\n").sort()).toEqual([".gitignore", "key-link", "src/.gitignore", "src/a.ts"]);
    const sub = await grepTool({ cwd }).execute({ pattern: "needle", path: "src" }, {});
    expect(sub.text).toBe("src/a.ts:1: needle");
  });
});
