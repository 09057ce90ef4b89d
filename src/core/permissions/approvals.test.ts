import {
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { isCodeagentError } from "../errors.js";
import { ApprovalStore, canonicalJson, definitionHash } from "./approvals.js";

const lint = { command: "npx", args: ["-y", "lint-mcp"], env: { LEVEL: "info" } };
const NOW = new Date("2025-01-02T03:04:05.000Z");

describe("canonicalJson / definitionHash", () => {
  it.each<[string, unknown, string]>([
    [
      "sorts keys at every level",
      { b: 1, a: { d: [2, { z: 1, y: 2 }], c: null } },
      '{"a":{"c":null,"d":[2,{"y":2,"z":1}]},"b":1}',
    ],
    ["keeps array order", [3, 1, 2], "[3,1,2]"],
    ["drops undefined members", { a: undefined, b: "x" }, '{"b":"x"}'],
    ["scalars", "s", '"s"'],
    ["undefined at the top", undefined, "null"],
    [
      "orders keys by UTF-16 code unit, index-like ones as strings",
      { a: 1, B: 2, "10": 3, "9": 4, é: 5, Z: 6, _: 7 },
      '{"10":3,"9":4,"B":2,"Z":6,"_":7,"a":1,"é":5}',
    ],
    [
      "sorts an object of many keys",
      Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`k${29 - i}`, i])),
      `{${Array.from({ length: 30 }, (_, i) => `"k${i}":${29 - i}`)
        .sort()
        .join(",")}}`,
    ],
    ["escapes keys and strings", { 'q"': "a\nb" }, '{"q\\"":"a\\nb"}'],
  ])("%s", (_name, value, expected) => {
    expect(canonicalJson(value)).toEqual(expected);
  });

  it("ignores key order", () => {
    expect(definitionHash({ args: ["a"], command: "x" })).toEqual(
      definitionHash({ command: "x", args: ["a"] }),
    );
  });

  it.each<[string, unknown]>([
    ["command", { ...lint, command: "node" }],
    ["args", { ...lint, args: ["-y", "lint-mcp", "--evil"] }],
    ["arg order", { ...lint, args: ["lint-mcp", "-y"] }],
    ["env", { ...lint, env: { LEVEL: "debug" } }],
    ["url", { ...lint, url: "https://x" }],
    ["headers", { ...lint, headers: { Authorization: "Bearer x" } }],
  ])("changes when %s changes", (_name, changed) => {
    expect(definitionHash(changed)).not.toEqual(definitionHash(lint));
  });

  it("is hex sha256", () => {
    expect(definitionHash({})).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe("ApprovalStore", () => {
  let home: string;
  let file: string;
  let project: string;
  let store: ApprovalStore;
  beforeEach(() => {
    home = mkdtempSync(join(tmpdir(), "codeagent-approvals-"));
    file = join(home, "state", "approvals.json");
    project = join(home, "project");
    mkdirSync(project);
    store = new ApprovalStore(file, { now: () => NOW });
  });

  it("approves exactly the definition it was shown", () => {
    expect(store.isApproved(project, "lint", lint)).toBe(false);
    store.approve(project, "lint", lint);
    expect(store.isApproved(project, "lint", lint)).toBe(true);
    expect(store.isApproved(project, "lint", { env: lint.env, args: lint.args, command: lint.command })).toBe(
      true,
    );
    expect(store.isApproved(project, "lint", { ...lint, args: ["-c", "touch PWNED"] })).toBe(false);
    expect(store.isApproved(project, "other", lint)).toBe(false);
    expect(store.isApproved(join(home, "elsewhere"), "lint", lint)).toBe(false);
  });

  it("writes the documented shape, mode 0600, without leftovers", () => {
    store.approve(project, "lint", lint);
    expect(JSON.parse(readFileSync(file, "utf8"))).toEqual({
      projects: { [project]: { lint: { hash: definitionHash(lint), approvedAt: NOW.toISOString() } } },
    });
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readdirSync(join(home, "state"))).toEqual(["approvals.json"]);
  });

  it("normalises the project path (relative segments, symlinks)", () => {
    const link = join(home, "link");
    symlinkSync(project, link);
    store.approve(join(project, "sub", ".."), "lint", lint);
    expect(store.isApproved(link, "lint", lint)).toBe(true);
    expect(store.list(`${project}/`)).toEqual([
      { name: "lint", hash: definitionHash(lint), approvedAt: NOW.toISOString() },
    ]);
  });

  it("reads fresh from disk: another process's approval and revocation are seen", () => {
    const other = new ApprovalStore(file);
    other.approve(project, "lint", lint);
    expect(store.isApproved(project, "lint", lint)).toBe(true);
    other.revoke(project, "lint");
    expect(store.isApproved(project, "lint", lint)).toBe(false);
  });

  it("revokes one, then all, keeping other projects", () => {
    const elsewhere = mkdtempSync(join(tmpdir(), "codeagent-other-"));
    store.approve(project, "lint", lint);
    store.approve(project, "db", { url: "http://x" });
    store.approve(project, "fs", { command: "fs" });
    store.approve(elsewhere, "lint", lint);
    expect(store.revoke(project, "db")).toBe(true);
    expect(store.revoke(project, "db")).toBe(false);
    expect(store.list(project).map((a) => a.name)).toEqual(["fs", "lint"]);
    expect(store.revokeAll(project)).toEqual(["fs", "lint"]);
    expect(store.revokeAll(project)).toEqual([]);
    expect(store.list(project)).toEqual([]);
    expect(store.isApproved(elsewhere, "lint", lint)).toBe(true);
    expect(Object.keys((JSON.parse(readFileSync(file, "utf8")) as { projects: object }).projects)).toEqual([
      elsewhere,
    ]);
  });

  it("a missing file approves nothing and is not an error", () => {
    expect([
      store.isApproved(project, "lint", lint),
      store.list(project),
      store.problems(),
      store.revoke(project, "x"),
    ]).toEqual([false, [], [], false]);
  });

  it.each<[string, string]>([
    ["not JSON", "{ nope"],
    ["not an object", "[1,2]"],
    ["projects not an object", '{"projects": 3}'],
    ["a project not an object", '{"projects": {"/p": "yes"}}'],
  ])("a corrupt file (%s) fails closed and is not overwritten", (_name, content) => {
    mkdirSync(join(home, "state"), { recursive: true });
    writeFileSync(file, content);
    expect(store.isApproved(project, "lint", lint)).toBe(false);
    expect(store.list(project)).toEqual([]);
    expect(store.problems()).toHaveLength(1);
    expect(store.problems()[0]).toContain(file);
    let thrown: unknown;
    try {
      store.approve(project, "lint", lint);
    } catch (e) {
      thrown = e;
    }
    expect(isCodeagentError(thrown, "CONFIG_PARSE")).toBe(true);
    expect((thrown as Error).message).toContain(file);
    expect(() => store.revokeAll(project)).toThrow(/approvals were not changed/);
    expect(readFileSync(file, "utf8")).toEqual(content);
  });

  it("an entry without a hash string is not an approval", () => {
    mkdirSync(join(home, "state"), { recursive: true });
    writeFileSync(
      file,
      JSON.stringify({ projects: { [project]: { lint: { approvedAt: "x" }, ok: { hash: 1 } } } }),
    );
    expect(store.isApproved(project, "lint", lint)).toBe(false);
    expect(store.list(project)).toEqual([]);
  });

  it("keeps unknown keys of the file when writing", () => {
    mkdirSync(join(home, "state"), { recursive: true });
    writeFileSync(file, JSON.stringify({ version: 2, projects: {} }));
    store.approve(project, "lint", lint);
    expect((JSON.parse(readFileSync(file, "utf8")) as { version: number }).version).toBe(2);
  });

  it("a server named __proto__ is stored as data, not as a prototype", () => {
    store.approve(project, "__proto__", lint);
    expect(store.isApproved(project, "__proto__", lint)).toBe(true);
    expect(store.isApproved(project, "toString", lint)).toBe(false);
    expect(store.list(project).map((a) => a.name)).toEqual(["__proto__"]);
  });

  it("an unreadable file (a directory in its place) fails closed", () => {
    mkdirSync(file, { recursive: true });
    expect(store.isApproved(project, "lint", lint)).toBe(false);
    expect(store.problems()).toEqual([expect.stringContaining(`${file}: cannot be read`)]);
    expect(() => store.approve(project, "lint", lint)).toThrow(/CONFIG_PARSE|cannot be read/);
  });
});
