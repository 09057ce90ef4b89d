import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadSettings, resolveNativeToolSearch, resolveToolSearch } from "./settings.js";

function dirs(user: unknown, project?: unknown) {
  const root = mkdtempSync(join(tmpdir(), "codeagent-settings-"));
  const home = join(root, "home");
  const cwd = join(root, "project");
  mkdirSync(home, { recursive: true });
  mkdirSync(join(cwd, ".codeagent"), { recursive: true });
  writeFileSync(join(home, "settings.json"), JSON.stringify(user));
  if (project !== undefined) writeFileSync(join(cwd, ".codeagent", "settings.json"), JSON.stringify(project));
  return { cwd, env: { CODEAGENT_HOME: home }, home };
}

describe("toolSearch setting", () => {
  it("reads toolSearch; the project's wins over the user's", () => {
    const d = dirs({ toolSearch: "never" }, { toolSearch: "always" });
    const s = loadSettings(d);
    expect([s.toolSearch, s.problems]).toEqual([
      { value: "always", from: join(d.cwd, ".codeagent", "settings.json") },
      [],
    ]);
  });

  it.each([
    [{}, undefined, { ok: true, mode: "auto" }],
    [{}, { value: "never", from: "/h/settings.json" }, { ok: true, mode: "never" }],
    [
      { CODEAGENT_TOOL_SEARCH: "Always" },
      { value: "never", from: "/h/settings.json" },
      { ok: true, mode: "always" },
    ],
    [
      {},
      { value: true, from: "/h/settings.json" },
      {
        ok: false,
        message: '"toolSearch" in /h/settings.json must be one of "auto", "always", "never", got true',
      },
    ],
    [
      { CODEAGENT_TOOL_SEARCH: "on" },
      undefined,
      { ok: false, message: 'CODEAGENT_TOOL_SEARCH must be one of "auto", "always", "never", got "on"' },
    ],
  ])("resolveToolSearch(%j, %j)", (env, setting, expected) => {
    expect(resolveToolSearch(env, setting)).toEqual(expected);
  });

  it("reads nativeToolSearch like toolSearch: the project's wins", () => {
    const d = dirs({ nativeToolSearch: "always" }, { nativeToolSearch: "never" });
    expect(loadSettings(d).nativeToolSearch).toEqual({
      value: "never",
      from: join(d.cwd, ".codeagent", "settings.json"),
    });
  });

  it.each([
    [{}, undefined, { ok: true, mode: "auto" }],
    [{}, { value: "never", from: "/h/settings.json" }, { ok: true, mode: "never" }],
    [
      { CODEAGENT_NATIVE_TOOL_SEARCH: "ALWAYS" },
      { value: "never", from: "/h/settings.json" },
      { ok: true, mode: "always" },
    ],
    [
      {},
      { value: false, from: "/h/settings.json" },
      {
        ok: false,
        message: '"nativeToolSearch" in /h/settings.json must be one of "auto", "always", "never", got false',
      },
    ],
    [
      { CODEAGENT_NATIVE_TOOL_SEARCH: "off" },
      undefined,
      {
        ok: false,
        message: 'CODEAGENT_NATIVE_TOOL_SEARCH must be one of "auto", "always", "never", got "off"',
      },
    ],
  ])("resolveNativeToolSearch(%j, %j)", (env, setting, expected) => {
    expect(resolveNativeToolSearch(env, setting)).toEqual(expected);
  });
});

describe("the sandbox setting (§18.4)", () => {
  it("the user's settings turn the command sandbox off and add to its policy; a project's cannot", () => {
    const d = dirs(
      { sandbox: { enabled: false, network: { allow: ["api.github.com"] } } },
      { sandbox: { enabled: true } },
    );
    expect(loadSettings(d).sandbox).toEqual({
      enabled: false,
      additions: { network: { allow: ["api.github.com"] } },
    });
    expect(loadSettings(dirs({}, { sandbox: { enabled: false } })).sandbox).toBeUndefined();
  });

  it.each([
    [{ sandbox: "off" }, '"sandbox" must be an object such as { "enabled": false }; ignored'],
    [{ sandbox: { enabled: "no" } }, '"sandbox".enabled must be true or false; ignored'],
  ])("%j is reported and ignored", (user, problem) => {
    const d = dirs(user);
    const s = loadSettings(d);
    expect(s.sandbox).toBeUndefined();
    expect(s.problems).toEqual([`${join(d.home, "settings.json")}: ${problem}`]);
  });
});

describe("prices setting", () => {
  it("reads the user's prices and reports a bad entry with its file and key; a project's are not read", () => {
    const d = dirs(
      { prices: { "claude-sonnet-4-5": { input: 2, output: 10 }, bad: { input: 1 } } },
      { prices: { "claude-sonnet-4-5": { input: 0, output: 0 } } },
    );
    const s = loadSettings(d);
    expect([s.prices, s.problems]).toEqual([
      { "claude-sonnet-4-5": { input: 2, output: 10 } },
      [
        `${join(d.home, "settings.json")}: prices."bad": "output" is missing (US dollars per million tokens); ignored`,
      ],
    ]);
  });

  it("a --settings file's entry wins for its model", () => {
    const d = dirs({ prices: { a: { input: 1, output: 1 }, b: { input: 1, output: 1 } } });
    const extra = join(d.home, "more.json");
    writeFileSync(extra, JSON.stringify({ prices: { a: { input: 5, output: 5 } } }));
    expect(loadSettings({ ...d, extraFiles: [extra] }).prices).toEqual({
      a: { input: 5, output: 5 },
      b: { input: 1, output: 1 },
    });
  });
});
