// Whether a sandbox can start here (§18.5), and if not, what to install: bubblewrap and socat on Linux (tried
// once with the namespaces the sandbox uses), sandbox-exec on macOS, nothing elsewhere.
import { spawnSync } from "node:child_process";
import { accessSync, constants } from "node:fs";
import { delimiter, join } from "node:path";
import type { Env } from "../paths.js";

export type SandboxAvailability =
  | { ok: true; engine: "bwrap"; bwrap: string; socat: string }
  | { ok: true; engine: "seatbelt"; sandboxExec: string }
  | { ok: false; reason: string; install: string };

const LINUX_INSTALL =
  "install bubblewrap and socat (Debian/Ubuntu: apt-get install bubblewrap socat; Fedora: dnf install bubblewrap socat)";

/** `CODEAGENT_BWRAP` / `CODEAGENT_SOCAT` name the programs (a missing path makes the sandbox unavailable). */
export function probeSandbox(
  env: Env = process.env,
  platform: NodeJS.Platform = process.platform,
): SandboxAvailability {
  if (platform === "darwin") {
    const sandboxExec = "/usr/bin/sandbox-exec";
    if (executable(sandboxExec)) return { ok: true, engine: "seatbelt", sandboxExec };
    return { ok: false, reason: "sandbox-exec is missing", install: "sandbox-exec ships with macOS" };
  }
  if (platform !== "linux")
    return {
      ok: false,
      reason: `there is no sandbox for ${platform}`,
      install: "run codeagent on Linux or macOS (or WSL2)",
    };
  const bwrap = program(env.CODEAGENT_BWRAP, "bwrap", env);
  if (bwrap === undefined)
    return {
      ok: false,
      reason: `bubblewrap (bwrap) is not installed${named(env.CODEAGENT_BWRAP)}`,
      install: LINUX_INSTALL,
    };
  const socat = program(env.CODEAGENT_SOCAT, "socat", env);
  if (socat === undefined)
    return {
      ok: false,
      reason: `socat is not installed${named(env.CODEAGENT_SOCAT)}`,
      install: LINUX_INSTALL,
    };
  const tried = spawnSync(
    bwrap,
    [
      "--unshare-all",
      "--die-with-parent",
      "--cap-drop",
      "ALL",
      "--ro-bind",
      "/",
      "/",
      "--proc",
      "/proc",
      "--dev",
      "/dev",
      "true",
    ],
    { encoding: "utf8", timeout: 10_000 },
  );
  if (tried.status !== 0) {
    const why = (tried.stderr ?? "").trim().split("\n")[0] || tried.error?.message || `exit ${tried.status}`;
    return {
      ok: false,
      reason: `bubblewrap cannot create namespaces here (${why})`,
      install:
        "allow unprivileged user namespaces (sysctl kernel.unprivileged_userns_clone=1; on Ubuntu 24.04 also " +
        "kernel.apparmor_restrict_unprivileged_userns=0), or run outside a container that forbids them",
    };
  }
  return { ok: true, engine: "bwrap", bwrap, socat };
}

function named(v: string | undefined): string {
  return v !== undefined && v !== "" ? ` (no program at ${v})` : "";
}

/** Where `name` runs from: the explicit path if executable, else the first executable one on PATH. */
export function program(explicit: string | undefined, name: string, env: Env): string | undefined {
  if (explicit !== undefined && explicit !== "") return executable(explicit) ? explicit : undefined;
  for (const dir of (env.PATH ?? "/usr/bin:/bin").split(delimiter)) {
    if (dir === "") continue;
    const p = join(dir, name);
    if (executable(p)) return p;
  }
  return undefined;
}

function executable(p: string): boolean {
  try {
    accessSync(p, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The one warning of §18.5: what is missing, what falls back, and how to install it. */
export function unavailableWarning(a: Extract<SandboxAvailability, { ok: false }>): string {
  return `sandbox unavailable: ${a.reason}. Commands and servers run unconfined and ask first; to fix it, ${a.install}.`;
}
