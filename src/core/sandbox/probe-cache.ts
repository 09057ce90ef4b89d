// Remembers a successful sandbox probe (§18.5) for the rest of the boot: the probe starts bubblewrap once with
// every namespace, ~100 ms of kernel set-up and tear-down that each run would otherwise pay before its first
// confined server. Only success is kept, and only while everything the probe's answer depends on is unchanged.
import { readFileSync, readlinkSync, statSync } from "node:fs";
import type { Env } from "../paths.js";
import { writeFileAtomic } from "../fs/atomic-write.js";
import { probeSandbox, program, type SandboxAvailability } from "./probe.js";

/** What bubblewrap's ability to create namespaces depends on; the cached answer holds while these are equal. */
export type ProbeFacts = Record<string, string>;

const SYSCTLS = [
  "/proc/sys/kernel/unprivileged_userns_clone",
  "/proc/sys/user/max_user_namespaces",
  "/proc/sys/kernel/apparmor_restrict_unprivileged_userns",
];

/**
 * This boot, this user in these namespaces (a container has its own), the kernel's switches for user
 * namespaces, and the very bwrap and socat binaries; undefined where they cannot be read (then nothing is kept).
 */
export function probeFacts(env: Env, proc = "/proc"): ProbeFacts | undefined {
  const bootId = readText(`${proc}/sys/kernel/random/boot_id`);
  const bwrap = program(env.CODEAGENT_BWRAP, "bwrap", env);
  const socat = program(env.CODEAGENT_SOCAT, "socat", env);
  if (bootId === undefined || bwrap === undefined || socat === undefined) return undefined;
  const facts: ProbeFacts = {
    bootId,
    uid: String(process.getuid?.() ?? ""),
    userNs: readLink(`${proc}/self/ns/user`),
    mountNs: readLink(`${proc}/self/ns/mnt`),
    bwrap: fileIdentity(bwrap),
    socat: fileIdentity(socat),
  };
  for (const f of SYSCTLS) facts[f.replace(/^.*\/sys\//, "")] = readText(f.replace("/proc", proc)) ?? "";
  return facts;
}

/** Same facts, key by key (pure). */
export function sameFacts(a: ProbeFacts, b: unknown): boolean {
  if (b === null || typeof b !== "object" || Array.isArray(b)) return false;
  const other = b as Record<string, unknown>;
  const keys = Object.keys(a);
  return keys.length === Object.keys(other).length && keys.every((k) => other[k] === a[k]);
}

export interface CachedProbeOptions {
  env?: Env;
  platform?: NodeJS.Platform;
  /** The real probe (default probeSandbox), run when the cache does not answer. */
  probe?: () => SandboxAvailability;
  /** Where /proc is (tests). */
  proc?: string;
}

/** probeSandbox(), answered from `file` when an earlier run of this boot found the sandbox usable. */
export function cachedProbe(file: string, o: CachedProbeOptions = {}): SandboxAvailability {
  const env = o.env ?? process.env;
  const probe = o.probe ?? (() => probeSandbox(env));
  // macOS only checks that sandbox-exec exists: nothing to save there.
  if ((o.platform ?? process.platform) !== "linux") return probe();
  const facts = probeFacts(env, o.proc);
  if (facts === undefined) return probe();
  const kept = readKept(file);
  if (kept !== undefined && sameFacts(facts, kept.facts)) return kept.result;
  const result = probe();
  if (result.ok && result.engine === "bwrap") {
    try {
      writeFileAtomic(file, `${JSON.stringify({ facts, result })}\n`, { durable: false });
    } catch {
      // An unwritable cache only costs the next run another probe.
    }
  }
  return result;
}

function readKept(file: string): { facts: unknown; result: SandboxAvailability } | undefined {
  try {
    const v = JSON.parse(readFileSync(file, "utf8")) as {
      facts?: unknown;
      result?: Partial<SandboxAvailability>;
    };
    const r = v.result;
    if (r?.ok !== true || r.engine !== "bwrap" || typeof r.bwrap !== "string" || typeof r.socat !== "string")
      return undefined;
    return { facts: v.facts, result: { ok: true, engine: "bwrap", bwrap: r.bwrap, socat: r.socat } };
  } catch {
    return undefined; // none yet, or unreadable: probe again
  }
}

function readText(path: string): string | undefined {
  try {
    return readFileSync(path, "utf8").trim();
  } catch {
    return undefined;
  }
}

function readLink(path: string): string {
  try {
    return readlinkSync(path);
  } catch {
    return "";
  }
}

function fileIdentity(path: string): string {
  try {
    const s = statSync(path);
    return `${path} ${s.dev}:${s.ino} ${s.size} ${s.mtimeMs}`;
  } catch {
    return path;
  }
}
