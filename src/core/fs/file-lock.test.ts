import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, utimesSync, writeFileSync } from "node:fs";
import { hostname, tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { isStale, lockPath, withFileLock, withFileLockAsync } from "./file-lock.js";

const dir = () => mkdtempSync(join(tmpdir(), "codeagent-lock-"));

describe("isStale", () => {
  const here = { host: "me", alive: (pid: number) => pid === 1 };
  it.each([
    ["a live owner on this host, fresh", { pid: 1, host: "me", time: 4000 }, false],
    ["a dead owner on this host", { pid: 2, host: "me", time: 1000 }, true],
    ["an owner on another host, fresh", { pid: 2, host: "other", time: 4000 }, false],
    ["an owner on another host, old", { pid: 2, host: "other", time: 0 }, true],
    ["a live owner that has held it too long", { pid: 1, host: "me", time: 0 }, true],
  ])("%s", (_what, owner, stale) => {
    expect(isStale(owner, 5000, 3000, here)).toBe(stale);
  });
});

describe("withFileLock", () => {
  it("holds <file>.lock while the function runs, is re-entrant, and removes it after", () => {
    const file = join(dir(), "x.json");
    const seen: boolean[] = [];
    withFileLock(file, () => {
      seen.push(existsSync(`${file}.lock`));
      withFileLock(file, () => seen.push(existsSync(`${file}.lock`)));
      seen.push(existsSync(`${file}.lock`));
    });
    seen.push(existsSync(`${file}.lock`));
    expect(seen).toEqual([true, true, true, false]);
  });

  it("releases the lock when the function throws", () => {
    const file = join(dir(), "x.json");
    expect(() =>
      withFileLock(file, () => {
        throw new Error("boom");
      }),
    ).toThrow("boom");
    expect(existsSync(lockPath(file))).toBe(false);
  });

  it("breaks a lock left by a process that is gone", () => {
    const file = join(dir(), "x.json");
    // A pid that cannot be alive (above pid_max).
    writeFileSync(lockPath(file), JSON.stringify({ pid: 2 ** 30, host: hostname(), time: Date.now() }));
    expect(withFileLock(file, () => "ran", { waitMs: 2000 })).toBe("ran");
  });

  it("breaks an old empty lock (its owner died while creating it)", () => {
    const file = join(dir(), "x.json");
    writeFileSync(lockPath(file), "");
    const old = new Date(Date.now() - 120_000);
    utimesSync(lockPath(file), old, old);
    expect(withFileLock(file, () => "ran", { waitMs: 2000 })).toBe("ran");
  });

  it("gives up on a live owner after waitMs, naming the lock file", () => {
    const file = join(dir(), "x.json");
    writeFileSync(lockPath(file), JSON.stringify({ pid: process.pid, host: hostname(), time: Date.now() }));
    expect(() => withFileLock(file, () => "ran", { waitMs: 50 })).toThrow(lockPath(file));
  });

  it("serialises async holders in one process", async () => {
    const file = join(dir(), "x.json");
    const order: string[] = [];
    const hold = (name: string) =>
      withFileLockAsync(file, async () => {
        order.push(`${name}+`);
        await new Promise((r) => setTimeout(r, 5));
        order.push(`${name}-`);
      });
    await Promise.all([hold("a"), hold("b"), hold("c")]);
    expect(order).toEqual(["a+", "a-", "b+", "b-", "c+", "c-"]);
    expect(existsSync(lockPath(file))).toBe(false);
  });

  it("keeps concurrent read-modify-writes of several processes whole", async () => {
    const d = dir();
    const file = join(d, "counter.txt");
    writeFileSync(file, "0");
    const lockModule = new URL("./file-lock.ts", import.meta.url).pathname;
    // Each child increments the counter 20 times under the lock (tsx-free: the logic is inlined as JS).
    const script = `
      const { withFileLock } = await import(${JSON.stringify(lockModule.replace(/\.ts$/, ".js").replace("/src/", "/dist/"))});
      const fs = await import("node:fs");
      for (let i = 0; i < 20; i++) withFileLock(${JSON.stringify(file)}, () => {
        const n = Number(fs.readFileSync(${JSON.stringify(file)}, "utf8"));
        fs.writeFileSync(${JSON.stringify(file)}, String(n + 1));
      });`;
    const runs = Array.from(
      { length: 6 },
      () =>
        new Promise<number | null>((resolve) => {
          const c = spawn(process.execPath, ["--input-type=module", "-e", script], { stdio: "inherit" });
          c.on("close", resolve);
        }),
    );
    expect(await Promise.all(runs)).toEqual([0, 0, 0, 0, 0, 0]);
    expect(readFileSync(file, "utf8")).toBe("120");
  });
});
