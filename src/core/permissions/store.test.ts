import {
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  realpathSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { isCodeagentError } from "../errors.js";
import type { PermissionRequest, PermissionRules } from "./evaluate.js";
import { mergeRules, PermissionStore, rememberedPattern, type RememberAnswer } from "./store.js";

const srvTool: PermissionRequest = { tool: "mcp__srv__rm", server: "srv", readOnly: false };
const builtin: PermissionRequest = { tool: "bash", readOnly: false };

describe("rememberedPattern", () => {
  it.each<[RememberAnswer, PermissionRequest, string]>([
    ["always-tool", srvTool, "mcp__srv__rm"],
    ["always-server", srvTool, "mcp__srv__*"],
    ["always-tool", builtin, "bash"],
    ["always-server", builtin, "bash"],
  ])("%s for %j → %s", (answer, req, expected) => {
    expect(rememberedPattern(answer, req)).toEqual(expected);
  });
});

describe("mergeRules", () => {
  it.each<[string, PermissionRules[], PermissionRules]>([
    ["nothing", [], { allow: [], deny: [] }],
    ["one", [{ allow: ["a"], deny: ["b"] }], { allow: ["a"], deny: ["b"] }],
    [
      "concatenates in order without duplicates",
      [
        { allow: ["a", "b"], deny: ["x"] },
        { allow: ["b", "c"], deny: ["x", "y"] },
      ],
      { allow: ["a", "b", "c"], deny: ["x", "y"] },
    ],
  ])("%s", (_name, sets, expected) => {
    expect(mergeRules(...sets)).toEqual(expected);
  });
});

describe("PermissionStore", () => {
  let dir: string;
  let file: string;
  let store: PermissionStore;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "codeagent-perms-"));
    file = join(dir, "home", "permissions.json");
    store = new PermissionStore(file);
  });

  it("starts empty when the file is missing", () => {
    expect([store.rules(), store.problems()]).toEqual([{ allow: [], deny: [] }, []]);
  });

  it("remembers answers once each, in the documented file shape, mode 0600", () => {
    store.remember("always-tool", srvTool);
    store.remember("always-server", { tool: "mcp__other__x", server: "other", readOnly: false });
    store.remember("always-tool", srvTool);
    store.remember("always-server", builtin);
    const expected = { allow: ["mcp__srv__rm", "mcp__other__*", "bash"], deny: [] };
    expect(store.rules()).toEqual(expected);
    expect(JSON.parse(readFileSync(file, "utf8"))).toEqual(expected);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readdirSync(join(dir, "home"))).toEqual(["permissions.json"]);
  });

  it("reads fresh from disk and keeps hand-written deny rules and other keys", () => {
    store.remember("always-tool", srvTool);
    writeFileSync(file, JSON.stringify({ allow: ["a"], deny: ["mcp__srv__*"], note: "mine" }));
    expect(store.rules()).toEqual({ allow: ["a"], deny: ["mcp__srv__*"] });
    store.remember("always-tool", builtin);
    expect(JSON.parse(readFileSync(file, "utf8"))).toEqual({
      allow: ["a", "bash"],
      deny: ["mcp__srv__*"],
      note: "mine",
    });
  });

  it.each<[string, string]>([
    ["not JSON", "{"],
    ["not an object", '"allow"'],
    ["allow not an array", '{"allow": "mcp__srv__*"}'],
    ["non-string entries", '{"allow": [1], "deny": []}'],
  ])("a corrupt file (%s) gives no rules, reports why, and is never overwritten", (_name, content) => {
    store.remember("always-tool", builtin);
    writeFileSync(file, content);
    expect(store.rules()).toEqual({ allow: [], deny: [] });
    expect(store.problems()).toEqual([expect.stringContaining(file)]);
    let thrown: unknown;
    try {
      store.remember("always-tool", srvTool);
    } catch (e) {
      thrown = e;
    }
    expect(isCodeagentError(thrown, "CONFIG_PARSE")).toBe(true);
    expect(readFileSync(file, "utf8")).toEqual(content);
  });

  it("keeps always answers per project, and in every project only when asked to", () => {
    const a = join(dir, "project-a");
    const b = join(dir, "project-b");
    mkdirSync(a);
    mkdirSync(b);
    store.remember("always-tool", builtin, a);
    store.remember("always-server", srvTool, a);
    store.remember("always-tool", builtin, a);
    store.remember("always-tool-global", { tool: "mcp__fs__read", server: "fs", readOnly: false }, a);
    expect(store.rules(a)).toEqual({ allow: ["mcp__fs__read", "bash", "mcp__srv__*"], deny: [] });
    expect(store.rules(b)).toEqual({ allow: ["mcp__fs__read"], deny: [] });
    expect(JSON.parse(readFileSync(file, "utf8"))).toEqual({
      allow: ["mcp__fs__read"],
      deny: [],
      projects: { [realpathSync(a)]: { allow: ["bash", "mcp__srv__*"] } },
    });
    // The same project reached through a symlink is the same project.
    symlinkSync(a, join(dir, "link-a"));
    expect(store.rules(join(dir, "link-a")).allow).toContain("bash");
  });

  it('a "projects" entry of the wrong shape makes the file corrupt, not silently ignored', () => {
    mkdirSync(join(dir, "home"));
    writeFileSync(file, JSON.stringify({ allow: [], projects: { "/p": { allow: "bash" } } }));
    expect(store.problems()).toEqual([
      `${file}: "projects" must map project paths to {"allow": [...], "deny": [...]}`,
    ]);
  });
});
