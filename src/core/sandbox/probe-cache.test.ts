// The kept probe: answered from the file while the facts hold, probed again when any of them changes, and a
// failure never kept. The probe is a counting function; the facts come from this machine's real /proc.
import { chmodSync, mkdtempSync, readFileSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { cachedProbe, probeFacts, sameFacts } from "./probe-cache.js";
import type { SandboxAvailability } from "./probe.js";

let dir: string;
let env: Record<string, string>;
let file: string;
let probes: number;
let answer: SandboxAvailability;
const probe = () => (probes++, answer);

function program(name: string): string {
  const p = join(dir, name);
  writeFileSync(p, "#!/bin/sh\nexit 0\n");
  chmodSync(p, 0o755);
  return p;
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "probe-cache-"));
  env = { PATH: "/usr/bin:/bin", CODEAGENT_BWRAP: program("bwrap"), CODEAGENT_SOCAT: program("socat") };
  file = join(dir, "cache", "sandbox-probe.json");
  probes = 0;
  answer = { ok: true, engine: "bwrap", bwrap: env.CODEAGENT_BWRAP ?? "", socat: env.CODEAGENT_SOCAT ?? "" };
});

describe("cachedProbe", () => {
  it("probes once per boot while the facts hold", () => {
    expect(cachedProbe(file, { env, platform: "linux", probe })).toEqual(answer);
    expect(cachedProbe(file, { env, platform: "linux", probe })).toEqual(answer);
    expect(probes).toBe(1);
    expect(JSON.parse(readFileSync(file, "utf8"))).toEqual({ facts: probeFacts(env), result: answer });
  });

  it("probes again when bwrap is replaced", () => {
    cachedProbe(file, { env, platform: "linux", probe });
    utimesSync(env.CODEAGENT_BWRAP ?? "", new Date(0), new Date(0));
    cachedProbe(file, { env, platform: "linux", probe });
    expect(probes).toBe(2);
  });

  it("probes again for another boot (the file's facts differ)", () => {
    cachedProbe(file, { env, platform: "linux", probe });
    const kept = JSON.parse(readFileSync(file, "utf8")) as { facts: Record<string, string> };
    writeFileSync(file, JSON.stringify({ ...kept, facts: { ...kept.facts, bootId: "another boot" } }));
    cachedProbe(file, { env, platform: "linux", probe });
    expect(probes).toBe(2);
  });

  it("never keeps a failure", () => {
    answer = { ok: false, reason: "bubblewrap cannot create namespaces here (x)", install: "allow them" };
    expect(cachedProbe(file, { env, platform: "linux", probe })).toEqual(answer);
    expect(cachedProbe(file, { env, platform: "linux", probe })).toEqual(answer);
    expect(probes).toBe(2);
  });

  it("probes past a broken cache file and replaces it", () => {
    cachedProbe(file, { env, platform: "linux", probe });
    writeFileSync(file, "{ not json");
    expect(cachedProbe(file, { env, platform: "linux", probe })).toEqual(answer);
    expect(cachedProbe(file, { env, platform: "linux", probe })).toEqual(answer);
    expect(probes).toBe(2);
  });

  it("keeps nothing when bwrap is missing, or off Linux", () => {
    const missing = { ...env, CODEAGENT_BWRAP: join(dir, "nope") };
    cachedProbe(file, { env: missing, platform: "linux", probe });
    cachedProbe(file, { env, platform: "darwin", probe });
    cachedProbe(file, { env, platform: "darwin", probe });
    expect(probes).toBe(3);
  });
});

describe("sameFacts", () => {
  const a = { bootId: "b", uid: "0" };
  it.each([
    [{ bootId: "b", uid: "0" }, true],
    [{ bootId: "b", uid: "1" }, false],
    [{ bootId: "b" }, false],
    [{ bootId: "b", uid: "0", extra: "x" }, false],
    [null, false],
    [["b", "0"], false],
    ["b", false],
  ])("%j → %s", (b, same) => expect(sameFacts(a, b)).toBe(same));
});
