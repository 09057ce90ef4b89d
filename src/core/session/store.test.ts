import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { SessionStore } from "./store.js";

describe("SessionWriter", () => {
  it("a write that fails is reported once and never stops the session", () => {
    const dir = mkdtempSync(join(tmpdir(), "codeagent-store-"));
    writeFileSync(join(dir, "file"), "");
    const writer = new SessionStore(join(dir, "file", "sessions")).create({ cwd: dir });
    const told: string[] = [];
    writer.onWriteError = (m) => told.push(m);
    writer.message({ role: "user", content: "one" });
    writer.message({ role: "assistant", content: "two" });
    expect(told).toEqual([
      `the session is not saved to ${writer.file} (ENOTDIR: a part of the path is a file, not a directory); the answer still comes, but --continue will not find it`,
    ]);
  });
});
