// The sandbox of one session (§18): probed once, one filtering proxy for all its processes, and for each
// process to confine a private temp directory, a proxy socket of its own and the command line that confines
// it. `confine` turns what would be spawned into what is spawned instead; `release` undoes its side effects.
import { lstatSync, mkdtempSync, realpathSync, statSync } from "node:fs";
import { mkdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CodeagentError } from "../errors.js";
import { bwrapArgs, proxyEnv, type PathKind } from "./bwrap-args.js";
import { probeSandbox, type SandboxAvailability } from "./probe.js";
import { cachedProbe } from "./probe-cache.js";
import { FilteringProxy, type ProxyRoute } from "./proxy.js";
import { seatbeltProfile } from "./seatbelt.js";
import type { SandboxPolicy } from "./policy.js";

export interface SpawnSpec {
  command: string;
  args: string[];
  env: Record<string, string>;
  cwd?: string;
}

export interface Confined extends SpawnSpec {
  /** Closes this process's proxy socket and removes its temp directory (after the process is gone). */
  release: () => Promise<void>;
}

export interface ConfineOptions {
  /** A connection the proxy refused: `host:port` and why. */
  onDenied?: (target: string, why: string) => void;
}

export interface SandboxOptions {
  /** Where commands run by default (the project directory). */
  cwd: string;
  /** Default: probeSandbox() once, on first use (answered from `probeCache` when given). */
  probe?: () => SandboxAvailability;
  /** A file that keeps a successful probe for the rest of the boot (see probe-cache.ts). */
  probeCache?: string;
  /** Where the session's directory is made; default the OS temp directory. */
  tmpRoot?: string;
}

export class Sandbox {
  private available: SandboxAvailability | undefined;
  private sessionDir: string | undefined;
  private readonly proxy = new FilteringProxy();
  private next = 1;

  constructor(private readonly o: SandboxOptions) {}

  /** Probed on first call and remembered. */
  availability(): SandboxAvailability {
    const cache = this.o.probeCache;
    this.available ??= (this.o.probe ?? (cache !== undefined ? () => cachedProbe(cache) : probeSandbox))();
    return this.available;
  }

  /** What to spawn instead of `spec` so that it runs under `policy`; throws SANDBOX_UNAVAILABLE if it cannot. */
  async confine(spec: SpawnSpec, policy: SandboxPolicy, o: ConfineOptions = {}): Promise<Confined> {
    const a = this.availability();
    if (!a.ok)
      throw new CodeagentError(
        "SANDBOX_UNAVAILABLE",
        `the sandbox is unavailable: ${a.reason}; ${a.install}`,
      );
    const session = (this.sessionDir ??= mkdtempSync(
      join(socketRoot(this.o.tmpRoot ?? tmpdir()), "codeagent-sandbox-"),
    ));
    const id = this.next++;
    const privateTmp = join(session, `tmp-${id}`);
    await mkdir(privateTmp, { mode: 0o700 });
    let route: ProxyRoute | undefined;
    try {
      const onDenied = o.onDenied ?? (() => undefined);
      route = await this.proxy.route(a.engine === "bwrap" ? join(session, `proxy-${id}.sock`) : "loopback", {
        allow: policy.allowHosts,
        onDenied,
      });
      const cwd = spec.cwd ?? this.o.cwd;
      const env = { ...spec.env, ...proxyEnv(route.port), TMPDIR: privateTmp };
      const r = route;
      const release = async () => {
        await r.close();
        await rm(privateTmp, { recursive: true, force: true });
      };
      if (a.engine === "seatbelt") {
        const profile = seatbeltProfile(policy, {
          privateTmp,
          ...(r.port !== undefined && { proxyPort: r.port }),
        });
        return {
          command: a.sandboxExec,
          args: ["-p", profile, spec.command, ...spec.args],
          env,
          cwd,
          release,
        };
      }
      const args = bwrapArgs({
        policy: withRealPaths(policy),
        kindOf,
        privateTmp,
        sessionDir: session,
        ...(r.socketPath !== undefined && { proxySocket: r.socketPath }),
        socat: a.socat,
        cwd,
        command: spec.command,
        args: spec.args,
      });
      return { command: a.bwrap, args, env, cwd, release };
    } catch (e) {
      await route?.close();
      await rm(privateTmp, { recursive: true, force: true });
      throw e;
    }
  }

  /** Ends the proxy and removes the session's directory. */
  async close(): Promise<void> {
    await this.proxy.close();
    if (this.sessionDir !== undefined) await rm(this.sessionDir, { recursive: true, force: true });
    this.sessionDir = undefined;
  }
}

function kindOf(p: string): PathKind {
  try {
    return statSync(p).isDirectory() ? "dir" : "file";
  } catch {
    return "missing";
  }
}

/**
 * A denied path that is a symlink is denied where it points too, and a writable one is writable where it points
 * (bubblewrap mounts on the target either way; this makes the target's own path count as well).
 */
function withRealPaths(p: SandboxPolicy): SandboxPolicy {
  const both = (xs: string[]) => [...new Set(xs.flatMap((x) => [x, realOrSelf(x)]))];
  return { ...p, denyRead: both(p.denyRead), denyWrite: both(p.denyWrite) };
}

function realOrSelf(p: string): string {
  try {
    return lstatSync(p).isSymbolicLink() ? realpathSync(p) : p;
  } catch {
    return p;
  }
}

/**
 * A unix socket's path holds at most 107 bytes; `proxy-N.sock` under a deep TMPDIR (nested test or CI folders)
 * passes that and the proxy cannot listen. Past 60 characters the session folder (0700, from mkdtemp) goes
 * under /tmp instead.
 */
export function socketRoot(dir: string): string {
  return dir.length <= 60 ? dir : "/tmp";
}
