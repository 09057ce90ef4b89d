import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { afterEach, describe, expect, it } from "vitest";
import { isAlive, killTreeSync, listDescendants, terminateTree } from "./process-tree.js";

const started: number[] = [];

afterEach(() => {
  for (const pid of started.splice(0)) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // already gone
    }
  }
});

/**
 * A tree like `npx` → server: a detached root that starts one child in its group and one that leaves it
 * (setsid), then prints `{"child":…, "detached":…}`. With `stubborn`, every process ignores SIGTERM.
 */
async function spawnTree(stubborn: boolean): Promise<{ root: ChildProcess; pids: number[] }> {
  const ignore = stubborn ? "process.on('SIGTERM', () => {});" : "";
  // Each leaf says "up" once its handler is installed, so no signal can arrive before it.
  const leaf = `${ignore} process.stdout.write("up"); setInterval(() => {}, 1 << 30);`;
  const script = `
    ${ignore}
    const { spawn } = require("node:child_process");
    const { once } = require("node:events");
    const opts = { stdio: ["ignore", "pipe", "ignore"] };
    const a = spawn(process.execPath, ["-e", ${JSON.stringify(leaf)}], opts);
    const b = spawn(process.execPath, ["-e", ${JSON.stringify(leaf)}], { ...opts, detached: true });
    Promise.all([once(a.stdout, "data"), once(b.stdout, "data")]).then(() =>
      process.stdout.write(JSON.stringify({ child: a.pid, detached: b.pid }) + "\\n"));
    setInterval(() => {}, 1 << 30);`;
  const root = spawn(process.execPath, ["-e", script], {
    detached: true,
    stdio: ["ignore", "pipe", "ignore"],
  });
  const [data] = (await once(root.stdout, "data")) as [Buffer];
  const { child, detached } = JSON.parse(data.toString()) as { child: number; detached: number };
  const pids = [root.pid!, child, detached];
  started.push(...pids);
  return { root, pids };
}

async function waitUntilDead(pids: number[], ms = 10_000): Promise<number[]> {
  const deadline = Date.now() + ms;
  let alive = pids.filter((p) => isAlive(p));
  while (alive.length > 0 && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 25));
    alive = pids.filter((p) => isAlive(p));
  }
  return alive;
}

describe.skipIf(process.platform === "win32")("process tree", () => {
  it("lists descendants through parent links, including one that left the group", async () => {
    const { pids } = await spawnTree(false);
    const [root, child, detached] = pids as [number, number, number];
    expect(listDescendants(root).sort()).toEqual([child, detached].sort());
  });

  it.runIf(process.platform === "linux")(
    "finds on Linux, from the tree's own /proc files, what the whole process table (ps) shows",
    async () => {
      const { pids } = await spawnTree(false);
      const [root, child, detached] = pids as [number, number, number];
      expect({ proc: listDescendants(root).sort(), ps: listDescendants(root, "darwin").sort() }).toEqual({
        proc: [child, detached].sort(),
        ps: [child, detached].sort(),
      });
      expect(listDescendants(child)).toEqual([]);
    },
  );

  it("terminateTree ends the group and the detached grandchild with SIGTERM alone", async () => {
    const { pids } = await spawnTree(false);
    const result = await terminateTree(pids[0]!, { graceMs: 5_000 });
    expect(result).toEqual({ terminated: 3, killed: 0 });
    expect(await waitUntilDead(pids)).toEqual([]);
  });

  it("terminateTree escalates to SIGKILL for processes that ignore SIGTERM", async () => {
    const { pids } = await spawnTree(true);
    const result = await terminateTree(pids[0]!, { graceMs: 200 });
    expect(result).toEqual({ terminated: 3, killed: 3 });
    expect(await waitUntilDead(pids)).toEqual([]);
  });

  it("terminateTree also ends pids collected earlier, after their parent is gone", async () => {
    const { pids } = await spawnTree(false);
    const [root, , detached] = pids as [number, number, number];
    const before = listDescendants(root);
    process.kill(root, "SIGKILL");
    expect(await waitUntilDead([root])).toEqual([]);
    await terminateTree(root, { graceMs: 5_000, extraPids: before });
    expect(await waitUntilDead([detached])).toEqual([]);
  });

  it("killTreeSync ends the whole tree at once", async () => {
    const { pids } = await spawnTree(true);
    killTreeSync(pids[0]!);
    expect(await waitUntilDead(pids)).toEqual([]);
  });

  it("leaves processes outside the tree alone", async () => {
    const tree = await spawnTree(false);
    const bystander = await spawnTree(false);
    await terminateTree(tree.pids[0]!, { graceMs: 5_000 });
    expect(bystander.pids.filter((p) => isAlive(p))).toEqual(bystander.pids);
  });
});
