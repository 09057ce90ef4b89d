import { chmodSync, mkdirSync, mkdtempSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ensurePrivateDir } from "./private-dir.js";

const mode = (p: string) => statSync(p).mode & 0o777;

describe("ensurePrivateDir", () => {
  it("creates the directory and its missing parents owner-only", () => {
    const root = mkdtempSync(join(tmpdir(), "codeagent-home-"));
    const home = join(root, "a", ".codeagent");
    ensurePrivateDir(home);
    expect([mode(join(root, "a")), mode(home)]).toEqual([0o700, 0o700]);
  });

  it("takes group and other access away from an existing home", () => {
    const home = join(mkdtempSync(join(tmpdir(), "codeagent-home-")), ".codeagent");
    mkdirSync(home);
    chmodSync(home, 0o777);
    ensurePrivateDir(home);
    expect(mode(home)).toBe(0o700);
  });
});
