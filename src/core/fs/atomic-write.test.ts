import {
  mkdtempSync,
  readdirSync,
  readFileSync,
  statSync,
  symlinkSync,
  writeFileSync,
  lstatSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { writeFileAtomic } from "./atomic-write.js";

const dir = () => mkdtempSync(join(tmpdir(), "codeagent-atomic-"));

describe("writeFileAtomic", () => {
  it("creates missing directories and leaves no temp file behind", () => {
    const d = dir();
    const file = join(d, "a", "b", "x.json");
    writeFileAtomic(file, "one");
    writeFileAtomic(file, "two");
    expect(readFileSync(file, "utf8")).toBe("two");
    expect(readdirSync(join(d, "a", "b"))).toEqual(["x.json"]);
  });

  it("writes the same whole file without waiting for the disk when not durable", () => {
    const d = dir();
    const file = join(d, "cache", "index.bin");
    writeFileAtomic(file, "old");
    writeFileAtomic(file, new Uint8Array([1, 2, 3]), { durable: false });
    expect({ bytes: [...readFileSync(file)], files: readdirSync(join(d, "cache")) }).toEqual({
      bytes: [1, 2, 3],
      files: ["index.bin"],
    });
  });

  it("writes pieces one after another, empty ones included", () => {
    const file = join(dir(), "x.json");
    writeFileAtomic(file, "old and longer");
    writeFileAtomic(file, [Buffer.from("{"), new Uint8Array(0), Buffer.from('"é":1'), Buffer.from("}\n")]);
    expect(readFileSync(file, "utf8")).toBe('{"é":1}\n');
  });

  it("keeps an existing file's mode", () => {
    const file = join(dir(), "x.json");
    writeFileSync(file, "old", { mode: 0o640 });
    writeFileAtomic(file, "new");
    expect(statSync(file).mode & 0o777).toBe(0o640);
  });

  it("makes a secret file owner-only even when the old one was not", () => {
    const file = join(dir(), "tokens.json");
    writeFileSync(file, "old", { mode: 0o644 });
    writeFileAtomic(file, "new", { secret: true });
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const fresh = join(dir(), "new", "t.json");
    writeFileAtomic(fresh, "x", { secret: true });
    expect(statSync(fresh).mode & 0o777).toBe(0o600);
  });

  it("writes through a symlink to its target, keeping the link", () => {
    const d = dir();
    const target = join(d, "real.json");
    writeFileSync(target, "old");
    const link = join(d, "link.json");
    symlinkSync(target, link);
    writeFileAtomic(link, "new");
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(readFileSync(target, "utf8")).toBe("new");
  });
});
