// The sandbox with the real bubblewrap: hostile commands try every door of §18.2 and find each one shut.
import { spawn } from "node:child_process";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
  existsSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultPolicy, type SandboxPolicy } from "./policy.js";
import { probeSandbox } from "./probe.js";
import { Sandbox } from "./sandbox.js";

let root: string;
let home: string;
let project: string;
let outside: string;
let web: Server;
let port: number;
let sandbox: Sandbox;
let policy: SandboxPolicy;
const denied: string[] = [];

beforeAll(async () => {
  const a = probeSandbox();
  if (!a.ok) throw new Error(`the sandbox tests need bubblewrap and socat: ${a.reason}; ${a.install}`);
  root = mkdtempSync(join(tmpdir(), "sandbox-test-"));
  home = join(root, "home");
  project = join(root, "project");
  outside = join(root, "outside");
  for (const d of [
    join(home, ".ssh"),
    join(home, ".codeagent", "oauth"),
    join(project, ".git", "hooks"),
    outside,
  ])
    mkdirSync(d, { recursive: true });
  writeFileSync(join(home, ".ssh", "id_rsa"), "PRIVATE KEY");
  writeFileSync(join(home, ".netrc"), "machine x password hunter2");
  writeFileSync(join(home, ".codeagent", "oauth", "tokens.json"), "TOKEN");
  writeFileSync(join(home, "notes.txt"), "readable");
  symlinkSync(join(home, ".ssh"), join(project, "ssh-link"));
  symlinkSync(outside, join(project, "out-link"));
  web = createServer((_q, r) => r.end("LOOPBACK SERVICE"));
  await new Promise<void>((r) => web.listen(0, "127.0.0.1", r));
  port = (web.address() as AddressInfo).port;
  sandbox = new Sandbox({ cwd: project });
  policy = defaultPolicy({ home, codeagentHome: join(home, ".codeagent"), projectDir: project });
});

afterAll(async () => {
  await sandbox?.close();
  web?.close();
  if (root !== undefined) rmSync(root, { recursive: true, force: true });
});

async function run(script: string, p: SandboxPolicy = policy): Promise<{ out: string; code: number | null }> {
  const c = await sandbox.confine(
    { command: "bash", args: ["-c", script], env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: home } },
    p,
    { onDenied: (t, why) => denied.push(`${t}: ${why}`) },
  );
  try {
    return await new Promise((resolve) => {
      const child = spawn(c.command, c.args, { env: c.env, cwd: c.cwd, stdio: ["ignore", "pipe", "pipe"] });
      let out = "";
      child.stdout.on("data", (d: Buffer) => (out += d.toString()));
      child.stderr.on("data", (d: Buffer) => (out += d.toString()));
      child.on("close", (code) => resolve({ out, code }));
    });
  } finally {
    await c.release();
  }
}

describe("reads", () => {
  it("credentials under HOME are hidden, directly, through a symlink and through /proc/1/root", async () => {
    const r = await run(
      `cat ~/.ssh/id_rsa; cat ~/.netrc; cat ssh-link/id_rsa; cat /proc/1/root${home}/.ssh/id_rsa; ` +
        `cat ~/.codeagent/oauth/tokens.json; cat ~/notes.txt`,
    );
    expect(r.out).not.toMatch(/PRIVATE KEY|hunter2|TOKEN/);
    expect(r.out).toContain("readable");
  });

  it("only an explicit allowRead lifts the deny list", async () => {
    const r = await run(`cat ~/.ssh/id_rsa`, { ...policy, allowRead: [join(home, ".ssh", "id_rsa")] });
    expect(r.out).toBe("PRIVATE KEY");
  });
});

describe("writes", () => {
  it("land in the project and the private temp dir, nowhere else, not through a symlink either", async () => {
    const r = await run(
      `echo a > inside.txt && echo ok-project; echo b > "$TMPDIR/t" && echo ok-tmp; ` +
        `echo c > ${outside}/x; echo d > out-link/y; echo e > ~/.codeagent/mcp.json; echo f > ~/planted; ` +
        `echo g > .git/hooks/pre-commit`,
    );
    expect(r.out).toContain("ok-project");
    expect(r.out).toContain("ok-tmp");
    expect(readFileSync(join(project, "inside.txt"), "utf8")).toBe("a\n");
    expect(readdirSync(outside)).toEqual([]);
    expect(existsSync(join(home, ".codeagent", "mcp.json"))).toBe(false);
    expect(existsSync(join(home, "planted"))).toBe(false);
    expect(existsSync(join(project, ".git", "hooks", "pre-commit"))).toBe(false);
  });
});

describe("network", () => {
  it("a loopback service is unreachable unless allowed, and the proxy reports the refusal", async () => {
    const r = await run(
      `curl -s -m 5 --noproxy '*' http://127.0.0.1:${port}/; echo " direct=$?"; ` +
        `curl -s -m 5 http://127.0.0.1:${port}/; echo " proxied=$?"`,
    );
    expect(r.out).not.toContain("LOOPBACK SERVICE");
    expect(r.out).toContain("direct=7");
    expect(denied).toContain(`127.0.0.1:${port}: not in the network allowlist`);
    const allowed = await run(`curl -s -m 5 http://127.0.0.1:${port}/`, {
      ...policy,
      allowHosts: [`127.0.0.1:${port}`],
    });
    expect(allowed.out).toBe("LOOPBACK SERVICE");
  });

  it("an outside host is refused by name through the proxy, and cannot be reached around it", async () => {
    const r = await run(
      `curl -s -m 5 -o /dev/null -w '%{http_code}' https://example.com/; echo " proxied=$?"; ` +
        `curl -s -m 5 --noproxy '*' https://93.184.215.14/; echo " direct=$?"`,
    );
    expect(denied).toContain("example.com:443: not in the network allowlist");
    expect(r.out).toMatch(/direct=(6|7)/);
  });
});

describe("processes", () => {
  it("children left behind (&, nohup, setsid) die with the sandbox, and see only its own processes", async () => {
    const marker = `${Date.now() % 100000}.4242`;
    const r = await run(
      `(sleep ${marker} &); nohup sleep ${marker} >/dev/null 2>&1 & setsid sleep ${marker} & ` +
        `ls /proc | grep -c '^[0-9]'; echo started`,
    );
    expect(r.out).toContain("started");
    // A handful of the sandbox's own processes, not the host's hundreds.
    expect(Number(r.out.split("\n")[0])).toBeLessThan(12);
    await new Promise((res) => setTimeout(res, 300));
    const alive = readdirSync("/proc")
      .filter((p) => /^\d+$/.test(p))
      .filter((p) => {
        try {
          return readFileSync(`/proc/${p}/cmdline`, "utf8").includes(marker);
        } catch {
          return false;
        }
      });
    expect(alive).toEqual([]);
  });
});

describe("unavailable", () => {
  it("refuses to confine with SANDBOX_UNAVAILABLE naming what to install, never runs unconfined", async () => {
    const none = new Sandbox({
      cwd: project,
      probe: () => probeSandbox({ CODEAGENT_BWRAP: "/nonexistent/bwrap" }),
    });
    await expect(none.confine({ command: "true", args: [], env: {} }, policy)).rejects.toMatchObject({
      code: "SANDBOX_UNAVAILABLE",
      message: expect.stringContaining("apt-get install bubblewrap socat") as string,
    });
    await none.close();
  });
});
