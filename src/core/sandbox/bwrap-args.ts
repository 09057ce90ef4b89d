// The bubblewrap command line for one sandboxed process (Linux, §18.1), pure: what is mounted how, in which
// order (later mounts cover earlier ones, so a deny always comes after the writes it must win over).
import type { SandboxPolicy } from "./policy.js";

export type PathKind = "dir" | "file" | "missing";

export interface BwrapPlan {
  policy: SandboxPolicy;
  /** What is at a path now (the caller looks; symlinks already resolved into extra entries). */
  kindOf: (path: string) => PathKind;
  /** This process's private temp directory (writable; TMPDIR points at it). */
  privateTmp: string;
  /** The session's own directory (other sandboxes' temp dirs and proxy sockets): hidden, but for this one's. */
  sessionDir: string;
  /** This sandbox's end of the filtering proxy (a unix socket on the host), when network is bridged. */
  proxySocket?: string;
  socat?: string;
  cwd: string;
  command: string;
  args: readonly string[];
}

/** Where the proxy socket appears inside, and the loopback port the bridge listens on there. */
export const INNER_SOCKET = "/run/codeagent/proxy.sock";
export const INNER_PROXY_PORT = 3128;

/**
 * The bridge inside the sandbox's own network namespace: socat listens on 127.0.0.1:3128 and forwards to the
 * proxy's unix socket; the command starts once the port listens (read from /proc/net/tcp, no extra processes).
 */
export function bridgeScript(socat: string): string {
  const hexPort = INNER_PROXY_PORT.toString(16).toUpperCase().padStart(4, "0");
  return [
    `${shellQuote(socat)} TCP-LISTEN:${INNER_PROXY_PORT},bind=127.0.0.1,fork,reuseaddr UNIX-CONNECT:${INNER_SOCKET} >/dev/null 2>&1 &`,
    `up() { while read -r _ l _ s _; do [ "$l" = 0100007F:${hexPort} ] && [ "$s" = 0A ] && return 0; done </proc/net/tcp; return 1; }`,
    `n=0; until up; do n=$((n+1)); [ $n -gt 20000 ] && break; done`,
    `exec "$@"`,
  ].join("\n");
}

export function bwrapArgs(plan: BwrapPlan): string[] {
  const { policy, kindOf } = plan;
  const out = [
    "--die-with-parent",
    "--new-session",
    "--unshare-all",
    "--cap-drop",
    "ALL",
    "--ro-bind",
    "/",
    "/",
    "--dev",
    "/dev",
    "--proc",
    "/proc",
    // Host sockets (docker, dbus, systemd) live here: a sandboxed process must not reach them.
    "--tmpfs",
    "/run",
    "--tmpfs",
    plan.sessionDir,
    "--bind",
    plan.privateTmp,
    plan.privateTmp,
  ];
  for (const p of policy.allowWrite) if (kindOf(p) !== "missing") out.push("--bind", p, p);
  for (const p of policy.denyWrite) if (kindOf(p) !== "missing") out.push("--ro-bind", p, p);
  const hiddenDirs = policy.denyRead.filter((p) => kindOf(p) === "dir");
  for (const p of policy.denyRead) {
    const kind = kindOf(p);
    if (kind === "dir") out.push("--tmpfs", p);
    else if (kind === "file") out.push("--ro-bind", "/dev/null", p);
  }
  // The exceptions are mounted into the empty directories before those are made read-only.
  for (const p of policy.allowRead) if (kindOf(p) !== "missing") out.push("--ro-bind", p, p);
  for (const p of hiddenDirs) out.push("--remount-ro", p);
  if (plan.proxySocket !== undefined) out.push("--ro-bind", plan.proxySocket, INNER_SOCKET);
  out.push("--chdir", plan.cwd, "--");
  if (plan.proxySocket !== undefined && plan.socat !== undefined)
    out.push("/bin/sh", "-c", bridgeScript(plan.socat), "sh", plan.command, ...plan.args);
  else out.push(plan.command, ...plan.args);
  return out;
}

/**
 * The proxy variables a sandboxed process gets (HTTP CONNECT and SOCKS5 on one port): the bridge's port inside a
 * bubblewrap sandbox, or the proxy's own loopback port under Seatbelt.
 */
export function proxyEnv(port: number = INNER_PROXY_PORT): Record<string, string> {
  const http = `http://127.0.0.1:${port}`;
  const socks = `socks5h://127.0.0.1:${port}`;
  return {
    HTTP_PROXY: http,
    HTTPS_PROXY: http,
    http_proxy: http,
    https_proxy: http,
    ALL_PROXY: socks,
    all_proxy: socks,
    NO_PROXY: "",
    no_proxy: "",
    npm_config_proxy: http,
    npm_config_https_proxy: http,
  };
}

export function shellQuote(s: string): string {
  return /^[A-Za-z0-9_./:=@%+-]+$/.test(s) ? s : `'${s.replace(/'/g, "'\\''")}'`;
}
