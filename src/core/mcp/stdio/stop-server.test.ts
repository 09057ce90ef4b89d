import { spawn, spawnSync } from "node:child_process";
import { once } from "node:events";
import { readFileSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { treeMayLive } from "./stop-server.js";

const started: number[] = [];

afterEach(() => {
  for (const pid of started.splice(0)) {
    try {
      process.kill(-pid, "SIGKILL");
    } catch {
      // already gone
    }
  }
});

/** The pid of a process that has exited and been reaped: its group is empty. */
function goneGroup(): number {
  const r = spawnSync("true");
  if (r.pid === undefined) throw new Error("could not run `true`");
  return r.pid;
}

const state = (pid: number) => {
  const text = readFileSync(`/proc/${pid}/stat`, "utf8");
  return text.slice(text.lastIndexOf(")") + 2, text.lastIndexOf(")") + 3);
};

/** `sh` starts `sleep 0` and becomes `sleep 30`, which never reaps it: the child stays a zombie. */
async function zombieChild(): Promise<{ parent: number; zombie: number }> {
  const sh = spawn("sh", ["-c", "sleep 0 & exec sleep 30"], { detached: true, stdio: "ignore" });
  await once(sh, "spawn");
  const parent = sh.pid ?? 0;
  started.push(parent);
  for (;;) {
    const children = readFileSync(`/proc/${parent}/task/${parent}/children`, "utf8").trim();
    const zombie = Number(children.split(" ")[0]);
    if (children !== "" && state(zombie) === "Z" && state(parent) === "S") return { parent, zombie };
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe.runIf(process.platform === "linux")("treeMayLive", () => {
  it("an exited descendant not yet reaped (as bwrap's inner process) does not keep the tree alive", async () => {
    const { parent, zombie } = await zombieChild();
    expect(treeMayLive(goneGroup(), [zombie])).toBe(false);
    // A live descendant, or a live member of the group, does.
    expect(treeMayLive(goneGroup(), [zombie, parent])).toBe(true);
    expect(treeMayLive(parent, [])).toBe(true);
  });

  it("nothing left: no group, no descendants", () => {
    expect(treeMayLive(goneGroup(), [])).toBe(false);
  });
});
