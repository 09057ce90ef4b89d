// The Seatbelt profile for `sandbox-exec -p` (macOS, §18.1), pure. In a profile a later rule wins over an
// earlier one for the same operation, so the order is: allow all, deny writes and network, allow the writable
// places and the proxy's port, then deny what must never be written or read, then the explicit read exceptions.
import type { SandboxPolicy } from "./policy.js";

/** Devices every program writes to (terminals, null, random); nothing else outside the policy. */
const DEVICE_WRITES = [
  "/dev/null",
  "/dev/zero",
  "/dev/dtracehelper",
  "/dev/tty",
  "/dev/stdout",
  "/dev/stderr",
];

export function seatbeltProfile(
  policy: SandboxPolicy,
  o: { privateTmp: string; proxyPort?: number },
): string {
  const lines = [
    "(version 1)",
    "(allow default)",
    "(deny network*)",
    // Unix sockets the process makes for itself (pipes between its own children) stay usable.
    "(allow network* (local unix-socket))",
  ];
  if (o.proxyPort !== undefined)
    lines.push(`(allow network-outbound (remote ip "localhost:${o.proxyPort}"))`);
  lines.push("(deny file-write*)");
  const writable = [...policy.allowWrite, o.privateTmp].map(subpath);
  lines.push(
    `(allow file-write* ${[...writable, ...DEVICE_WRITES.map(literal), '(regex #"^/dev/ttys[0-9]+$")'].join(" ")})`,
  );
  if (policy.denyWrite.length > 0)
    lines.push(`(deny file-write* ${policy.denyWrite.map(subpath).join(" ")})`);
  if (policy.denyRead.length > 0)
    lines.push(`(deny file-read* file-write* ${policy.denyRead.map(subpath).join(" ")})`);
  if (policy.allowRead.length > 0)
    lines.push(`(allow file-read* ${policy.allowRead.map(subpath).join(" ")})`);
  return lines.join("\n") + "\n";
}

function subpath(p: string): string {
  return `(subpath ${quote(p)})`;
}

function literal(p: string): string {
  return `(literal ${quote(p)})`;
}

/** A profile string: backslashes and double quotes escaped, control characters refused. */
export function quote(s: string): string {
  if ([...s].some((c) => c.charCodeAt(0) < 0x20))
    throw new Error(`a sandbox path may not contain control characters: ${JSON.stringify(s)}`);
  return `"${s.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`;
}
