import { describe, expect, it } from "vitest";
import { parseProfiles } from "./profiles.js";
import {
  bearerMatches,
  parseMetricsToken,
  parseTokenFile,
  tokenCaller,
  tokenDigest,
  tokenFileProblem,
} from "./tokens.js";

const profiles = parseProfiles({ profiles: { ro: { servers: ["a"] } } }, "s.json");
const T1 = "0123456789abcdef-one";
const T2 = "0123456789abcdef-two";

describe("token file", () => {
  it("maps each token to its profile, keyed by hash", () => {
    const table = parseTokenFile(`# team\n${T1} ro\n\n${T2}   all\n`, "tokens", profiles);
    expect(tokenCaller(table, `Bearer ${T1}`)).toEqual({
      id: `t-${tokenDigest(T1).slice(0, 12)}`,
      profile: { name: "ro", servers: ["a"] },
    });
    expect(tokenCaller(table, `bearer ${T2}`)?.profile.name).toBe("all");
    expect(tokenCaller(table, "Bearer nope-nope-nope-nope")).toBeUndefined();
    expect(tokenCaller(table, T1)).toBeUndefined();
    expect(tokenCaller(table, null)).toBeUndefined();
  });

  it.each([
    [`${T1}`, 'tokens:1: a line must be "TOKEN PROFILE"'],
    [`short ro`, "tokens:1: the token is too short"],
    [`${T1} ro\n${T1} all`, "tokens:2: the same token appears twice"],
    [`${T1} admin`, 'tokens:1: no gateway profile "admin" (known: all, ro)'],
    [`# nothing\n`, "tokens: no tokens"],
  ])("refuses %j", (text, message) => {
    expect(() => parseTokenFile(text, "tokens", profiles)).toThrow(message);
  });

  it.each([
    [{ mode: 0o100600, uid: 1 }, 1, undefined],
    [{ mode: 0o100400, uid: 1 }, 1, undefined],
    [{ mode: 0o100644, uid: 1 }, 1, "readable or writable by others (mode 644); run chmod 600"],
    [{ mode: 0o100620, uid: 1 }, 1, "(mode 620)"],
    [{ mode: 0o100600, uid: 2 }, 1, "belongs to another user (uid 2)"],
  ])("a file %j read by uid %d: %s", (st, uid, problem) => {
    const got = tokenFileProblem(st, uid);
    if (problem === undefined) expect(got).toBeUndefined();
    else expect(got).toContain(problem);
  });
});

describe("metrics token file", () => {
  it("holds one token; a request must carry exactly it", () => {
    const digest = parseMetricsToken(`# the scraper's\n${T1}\n`, "m");
    expect(bearerMatches(digest, `Bearer ${T1}`)).toBe(true);
    expect(bearerMatches(digest, `Bearer ${T2}`)).toBe(false);
    expect(bearerMatches(digest, T1)).toBe(false);
    expect(bearerMatches(digest, null)).toBe(false);
  });

  it.each([
    ["", "one token"],
    [`${T1}\n${T2}`, "one token"],
    [`${T1} ro`, "one word on one line"],
    ["short", "too short"],
  ])("refuses %j", (text, message) => {
    expect(() => parseMetricsToken(text, "m")).toThrow(`--metrics-token-file m: `);
    expect(() => parseMetricsToken(text, "m")).toThrow(message);
  });
});
