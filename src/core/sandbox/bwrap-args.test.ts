import { describe, expect, it } from "vitest";
import { bridgeScript, bwrapArgs, INNER_SOCKET, proxyEnv, type PathKind } from "./bwrap-args.js";
import type { SandboxPolicy } from "./policy.js";

const policy: SandboxPolicy = {
  denyRead: ["/h/.ssh", "/h/.netrc", "/h/.aws"],
  allowRead: ["/h/.ssh/known_hosts"],
  allowWrite: ["/p", "/gone"],
  denyWrite: ["/h/.codeagent", "/p/.git/hooks"],
  allowHosts: [],
};
const kinds: Record<string, PathKind> = {
  "/h/.ssh": "dir",
  "/h/.netrc": "file",
  "/h/.ssh/known_hosts": "file",
  "/p": "dir",
  "/h/.codeagent": "dir",
};
const kindOf = (p: string): PathKind => kinds[p] ?? "missing";
const base = {
  policy,
  kindOf,
  privateTmp: "/s/tmp-1",
  sessionDir: "/s",
  cwd: "/p",
  command: "node",
  args: ["x.js"],
};

/** The mount operations as [op, ...paths] triples, in order. */
function mounts(args: string[]): string[][] {
  const ops: string[][] = [];
  const arity: Record<string, number> = {
    "--bind": 2,
    "--ro-bind": 2,
    "--tmpfs": 1,
    "--remount-ro": 1,
    "--dev": 1,
    "--proc": 1,
  };
  for (let i = 0; i < args.length; i++) {
    const n = arity[args[i]!];
    if (n !== undefined) ops.push(args.slice(i, i + 1 + n));
    if (args[i] === "--") break;
  }
  return ops;
}

describe("bwrapArgs", () => {
  it("mounts in the order that makes denies win: root ro, writes, write-denies, read-denies, read exceptions", () => {
    expect(mounts(bwrapArgs(base))).toEqual([
      ["--ro-bind", "/", "/"],
      ["--dev", "/dev"],
      ["--proc", "/proc"],
      ["--tmpfs", "/run"],
      ["--tmpfs", "/s"],
      ["--bind", "/s/tmp-1", "/s/tmp-1"],
      ["--bind", "/p", "/p"],
      ["--ro-bind", "/h/.codeagent", "/h/.codeagent"],
      ["--tmpfs", "/h/.ssh"],
      ["--ro-bind", "/dev/null", "/h/.netrc"],
      ["--ro-bind", "/h/.ssh/known_hosts", "/h/.ssh/known_hosts"],
      ["--remount-ro", "/h/.ssh"],
    ]);
  });

  it("confines the whole tree: all namespaces, no capabilities, a new session, dies with its parent", () => {
    const args = bwrapArgs(base);
    const flags = args.slice(0, args.indexOf("--ro-bind"));
    expect(flags).toEqual(["--die-with-parent", "--new-session", "--unshare-all", "--cap-drop", "ALL"]);
    expect(args.slice(args.indexOf("--chdir"))).toEqual(["--chdir", "/p", "--", "node", "x.js"]);
  });

  it("with a proxy socket, binds it inside and starts the command behind the socat bridge", () => {
    const args = bwrapArgs({ ...base, proxySocket: "/s/proxy-1.sock", socat: "/usr/bin/socat" });
    expect(args).toContain(INNER_SOCKET);
    const tail = args.slice(args.indexOf("--") + 1);
    expect(tail).toEqual(["/bin/sh", "-c", bridgeScript("/usr/bin/socat"), "sh", "node", "x.js"]);
    expect(bridgeScript("/usr/bin/socat")).toContain(
      `/usr/bin/socat TCP-LISTEN:3128,bind=127.0.0.1,fork,reuseaddr UNIX-CONNECT:${INNER_SOCKET}`,
    );
  });

  it("points every proxy variable at one port, and bypasses nothing", () => {
    expect(proxyEnv(4000)).toMatchObject({
      HTTP_PROXY: "http://127.0.0.1:4000",
      https_proxy: "http://127.0.0.1:4000",
      ALL_PROXY: "socks5h://127.0.0.1:4000",
      NO_PROXY: "",
    });
  });
});
