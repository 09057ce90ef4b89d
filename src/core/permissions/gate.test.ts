import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { PermissionRequest, PermissionRules } from "./evaluate.js";
import {
  argsPreview,
  PermissionGate,
  type GateResult,
  type PermissionAnswer,
  type PermissionPrompter,
} from "./gate.js";
import { PermissionStore } from "./store.js";

const rm: PermissionRequest = { tool: "mcp__srv__rm", server: "srv", readOnly: false };
const get: PermissionRequest = { tool: "mcp__srv__get", server: "srv", readOnly: true };
const other: PermissionRequest = { tool: "mcp__srv__other", server: "srv", readOnly: false };
const none: PermissionRules = { allow: [], deny: [] };

function tempStore(): PermissionStore {
  return new PermissionStore(join(mkdtempSync(join(tmpdir(), "codeagent-gate-")), "permissions.json"));
}

/** Answers from a script and records what it was asked. */
function scripted(...answers: (PermissionAnswer | Error)[]) {
  const asked: { tool: string; argsPreview: string }[] = [];
  const prompter: PermissionPrompter = {
    async ask(req, detail) {
      asked.push({ tool: req.tool, argsPreview: detail.argsPreview });
      const a = answers.shift();
      if (a === undefined) throw new Error("asked more often than scripted");
      if (a instanceof Error) throw a;
      return a;
    },
  };
  return { prompter, asked };
}

const REFUSAL =
  '"mcp__srv__rm" may have side effects and needs approval, and there is no terminal to ask. ' +
  "Re-run with --yes, or --allow mcp__srv__rm (or --allow 'mcp__srv__*' for the whole server), " +
  'or add "mcp__srv__rm" to "allow" in settings.';

describe("PermissionGate without asking", () => {
  it.each<[string, ConstructorParameters<typeof PermissionGate>[0], PermissionRequest, GateResult]>([
    ["allowed by evaluation", { configRules: none }, get, { allowed: true, reason: "read-only tool" }],
    [
      "denied by rule, even with --yes",
      { configRules: { allow: [], deny: ["mcp__srv__*"] }, yes: true },
      rm,
      { allowed: false, reason: 'denied by rule "mcp__srv__*"' },
    ],
    [
      "--yes approves an ask",
      { configRules: none, yes: true },
      rm,
      { allowed: true, reason: "approved by --yes" },
    ],
    [
      "no prompter, no --yes: refused with the way out",
      { configRules: none },
      rm,
      { allowed: false, reason: REFUSAL },
    ],
    [
      "built-in refusal names no server",
      { configRules: none },
      { tool: "bash", readOnly: false },
      {
        allowed: false,
        reason:
          '"bash" may have side effects and needs approval, and there is no terminal to ask. Re-run with --yes, or --allow bash, or add "bash" to "allow" in settings.',
      },
    ],
  ])("%s", async (_name, opts, req, expected) => {
    expect(await new PermissionGate(opts).check(req, {})).toEqual(expected);
  });

  it("the refusal names the permissions file when there is a store", async () => {
    const store = tempStore();
    const r = await new PermissionGate({ configRules: none, store }).check(rm, {});
    expect(r.reason).toContain(`add "mcp__srv__rm" to the "allow" list in ${store.file}.`);
  });

  it("rules remembered in the store apply, config deny still wins", async () => {
    const store = tempStore();
    store.remember("always-server", rm);
    expect(await new PermissionGate({ configRules: none, store }).check(rm, {})).toEqual({
      allowed: true,
      reason: 'allowed by rule "mcp__srv__*"',
    });
    const strict = new PermissionGate({ configRules: { allow: [], deny: ["mcp__srv__rm"] }, store });
    expect(await strict.check(rm, {})).toEqual({ allowed: false, reason: 'denied by rule "mcp__srv__rm"' });
  });
});

describe("PermissionGate asking", () => {
  it.each<[PermissionAnswer, GateResult]>([
    ["once", { allowed: true, reason: "approved once by the user" }],
    ["deny", { allowed: false, reason: "denied by the user" }],
    ["always-tool", { allowed: true, reason: 'approved by the user (always allow "mcp__srv__rm")' }],
    ["always-server", { allowed: true, reason: 'approved by the user (always allow "mcp__srv__*")' }],
  ])("answer %s", async (answer, expected) => {
    const { prompter, asked } = scripted(answer);
    const gate = new PermissionGate({ configRules: none, prompter, store: tempStore() });
    expect(await gate.check(rm, { path: "/tmp/x" })).toEqual(expected);
    expect(asked).toEqual([{ tool: "mcp__srv__rm", argsPreview: '{"path":"/tmp/x"}' }]);
  });

  it("'once' asks again next time; 'always-tool' does not, and is persisted", async () => {
    const store = tempStore();
    const { prompter, asked } = scripted("once", "always-tool");
    const gate = new PermissionGate({ configRules: none, prompter, store });
    await gate.check(rm, {});
    await gate.check(rm, {});
    expect(await gate.check(rm, {})).toEqual({ allowed: true, reason: 'allowed by rule "mcp__srv__rm"' });
    expect(asked).toHaveLength(2);
    expect(store.rules()).toEqual({ allow: ["mcp__srv__rm"], deny: [] });
  });

  it("concurrent calls are asked one at a time; an 'always-server' answer settles the waiting ones", async () => {
    const { prompter, asked } = scripted("always-server");
    const gate = new PermissionGate({ configRules: none, prompter });
    const results = await Promise.all([gate.check(rm, {}), gate.check(other, {})]);
    expect(results).toEqual([
      { allowed: true, reason: 'approved by the user (always allow "mcp__srv__*"), for this session' },
      { allowed: true, reason: 'allowed by rule "mcp__srv__*"' },
    ]);
    expect(asked.map((a) => a.tool)).toEqual(["mcp__srv__rm"]);
  });

  it("a prompter that fails refuses the call and does not block the next", async () => {
    const { prompter } = scripted(new Error("tty gone"), "once");
    const gate = new PermissionGate({ configRules: none, prompter });
    expect(await gate.check(rm, {})).toEqual({
      allowed: false,
      reason: "the permission prompt failed: tty gone",
    });
    expect(await gate.check(rm, {})).toEqual({ allowed: true, reason: "approved once by the user" });
  });

  it("an answer that cannot be saved still allows, for this session", async () => {
    const store = tempStore();
    writeFileSync(store.file, "{ corrupt");
    const { prompter, asked } = scripted("always-tool");
    const gate = new PermissionGate({ configRules: none, prompter, store });
    const first = await gate.check(rm, {});
    expect(first.allowed).toBe(true);
    expect(first.reason).toMatch(
      /^approved by the user \(always allow "mcp__srv__rm"\), for this session only: .*not valid JSON/,
    );
    expect(await gate.check(rm, {})).toEqual({ allowed: true, reason: 'allowed by rule "mcp__srv__rm"' });
    expect(asked).toHaveLength(1);
  });
});

describe("argsPreview", () => {
  const big = { text: "x".repeat(600) };
  it.each<[string, unknown, string]>([
    ["compact JSON", { a: 1, b: [true, null] }, '{"a":1,"b":[true,null]}'],
    ["undefined", undefined, "undefined"],
    ["C1, DEL and bidi controls are stripped", { s: "a\u009b31m\u007f\u202eb" }, '{"s":"ab"}'],
    ["capped at 500 characters", big, `${JSON.stringify(big).slice(0, 499)}…`],
    ["values JSON cannot hold", { n: 10n }, "[object Object]"],
  ])("%s", (_name, args, expected) => {
    expect(argsPreview(args)).toEqual(expected);
  });

  it("escape characters never reach the terminal raw", () => {
    const preview = argsPreview({ s: "\x1b]0;title\x07\x1b[2J" });
    expect([...preview].filter((c) => c < " ")).toEqual([]);
  });
});

describe("PermissionGate modes", () => {
  it("plan mode refuses without asking, even with --yes; leaving it restores asking, and listeners hear it", async () => {
    const { prompter, asked } = scripted("once");
    const gate = new PermissionGate({ configRules: none, prompter, yes: false, mode: "plan" });
    const seen: string[] = [];
    const off = gate.onModeChange((m) => seen.push(m));
    expect((await gate.check(rm, {})).allowed).toBe(false);
    expect((await gate.check(get, {})).allowed).toBe(true);
    expect(asked).toEqual([]);
    gate.setMode("default");
    gate.setMode("default");
    expect(await gate.check(rm, {})).toEqual({ allowed: true, reason: "approved once by the user" });
    off();
    gate.setMode("plan");
    expect([seen, gate.mode]).toEqual([["default"], "plan"]);
    const yes = new PermissionGate({ configRules: none, yes: true, mode: "plan" });
    expect((await yes.check(rm, {})).allowed).toBe(false);
  });
});

describe("PermissionGate per project (§8.5)", () => {
  const projects = () => {
    const root = mkdtempSync(join(tmpdir(), "codeagent-projects-"));
    mkdirSync(join(root, "a"));
    mkdirSync(join(root, "b"));
    return { a: join(root, "a"), b: join(root, "b") };
  };

  it("'always' in one project is kept for that project only; a new session there does not ask", async () => {
    const store = tempStore();
    const { a, b } = projects();
    const first = scripted("always-tool");
    const inA = new PermissionGate({ configRules: none, prompter: first.prompter, store, projectDir: a });
    expect(await inA.check(rm, {})).toEqual({
      allowed: true,
      reason: 'approved by the user (always allow "mcp__srv__rm" in this project)',
    });
    // A later session (a new gate) in the same project: allowed from the store, no question.
    const later = new PermissionGate({
      configRules: none,
      prompter: scripted().prompter,
      store,
      projectDir: a,
    });
    expect(await later.check(rm, {})).toEqual({ allowed: true, reason: 'allowed by rule "mcp__srv__rm"' });
    // Another project asks again.
    const other = scripted("deny");
    const inB = new PermissionGate({ configRules: none, prompter: other.prompter, store, projectDir: b });
    expect(await inB.check(rm, {})).toEqual({ allowed: false, reason: "denied by the user" });
    expect(other.asked).toHaveLength(1);
  });

  it("'always … in every project' is kept globally", async () => {
    const store = tempStore();
    const { a, b } = projects();
    const gate = new PermissionGate({
      configRules: none,
      prompter: scripted("always-tool-global").prompter,
      store,
      projectDir: a,
    });
    expect(await gate.check(rm, {})).toEqual({
      allowed: true,
      reason: 'approved by the user (always allow "mcp__srv__rm")',
    });
    expect(store.rules(b)).toEqual({ allow: ["mcp__srv__rm"], deny: [] });
  });

  it("deny with a message refuses and carries the person's words, cleaned of control characters", async () => {
    const gate = new PermissionGate({
      configRules: none,
      prompter: scripted({ kind: "deny", message: "use the staging \u001b[31mDB\u001b[0m instead " })
        .prompter,
    });
    expect(await gate.check(rm, {})).toEqual({
      allowed: false,
      reason: "denied by the user",
      userMessage: "use the staging DB instead",
    });
  });

  it("the prompter is shown the tool's own preview, or the whole arguments", async () => {
    const shown: unknown[] = [];
    const prompter: PermissionPrompter = {
      ask: async (_req, d) => {
        shown.push(d.preview);
        return "deny";
      },
    };
    const gate = new PermissionGate({ configRules: none, prompter });
    await gate.check(rm, { path: "/tmp/x", text: "a".repeat(600) });
    await gate.check(rm, {}, { preview: () => ({ kind: "command", command: "ls \u001b]0;pwned\u0007-la" }) });
    expect(shown).toEqual([
      { kind: "args", text: `{\n  "path": "/tmp/x",\n  "text": "${"a".repeat(600)}"\n}` },
      { kind: "command", command: "ls -la" },
    ]);
  });
});

describe("PermissionGate: commands and server identity (§19, issue 25)", () => {
  const cmd = (command: string): PermissionRequest => ({
    tool: "bash",
    readOnly: false,
    subject: { kind: "command", command },
  });

  it("'always' for a command stores its prefix, never all of bash, and the prompt is told which", async () => {
    const store = tempStore();
    const offered: (string[] | undefined)[] = [];
    const gate = new PermissionGate({
      configRules: none,
      store,
      projectDir: "/p",
      prompter: {
        async ask(_req, detail) {
          offered.push(detail.always);
          return "always-tool";
        },
      },
    });
    expect(await gate.check(cmd("npm run test -- --watch=false"), {})).toEqual({
      allowed: true,
      reason: 'approved by the user (always allow "Bash(npm run test:*)" in this project)',
    });
    expect(offered).toEqual([["Bash(npm run test:*)"]]);
    expect(store.rules("/p")).toEqual({ allow: ["Bash(npm run test:*)"], deny: [] });
    // The stored prefix allows the next test run without asking, and nothing else.
    expect((await gate.check(cmd("npm run test"), {})).allowed).toBe(true);
    expect(offered).toHaveLength(1);
    const strict = new PermissionGate({ configRules: none, store, projectDir: "/p" });
    expect((await strict.check(cmd("npm run test && rm -rf ~"), {})).allowed).toBe(false);
  });

  it("headless refusal of a command names the rule to add", async () => {
    const gate = new PermissionGate({ configRules: none });
    expect((await gate.check(cmd("git diff HEAD"), {})).reason).toBe(
      '"bash" needs approval: no rule allows it, and there is no terminal to ask. Re-run with --yes, or ' +
        `--allow 'Bash(git diff HEAD:*)', or add "Bash(git diff HEAD:*)" to "allow" in settings.`,
    );
  });

  it("'always this server' for the user's server does not pass to a project server of the same name", async () => {
    const store = tempStore();
    const user = { ...rm, serverScope: "user" };
    const project = { ...rm, serverScope: "project" };
    const gate = new PermissionGate({
      configRules: none,
      store,
      projectDir: "/p",
      prompter: scripted("always-server").prompter,
    });
    expect((await gate.check(user, {})).allowed).toBe(true);
    expect((await gate.check(user, {})).allowed).toBe(true); // remembered: not asked again
    const later = new PermissionGate({ configRules: none, store, projectDir: "/p" });
    expect([(await later.check(user, {})).allowed, (await later.check(project, {})).allowed]).toEqual([
      true,
      false,
    ]);
    expect((await gate.check(project, {})).reason).toBe(
      "the permission prompt failed: asked more often than scripted",
    );
  });

  it("answers stored by name only (older files) never reach a project server", async () => {
    const store = tempStore();
    store.rememberRules(["mcp__srv__*"], "/p");
    const gate = new PermissionGate({ configRules: none, store, projectDir: "/p" });
    expect([
      (await gate.check({ ...rm, serverScope: "user" }, {})).allowed,
      (await gate.check({ ...rm, serverScope: "project" }, {})).allowed,
    ]).toEqual([true, false]);
  });
});

describe("PermissionGate and a PreToolUse hook's verdict (§23)", () => {
  const allow = { decision: "allow" as const, reason: "safe" };
  const ask = { decision: "ask" as const, reason: "check this one" };
  it.each<[string, ConstructorParameters<typeof PermissionGate>[0], PermissionRequest, GateResult]>([
    [
      "allow skips the prompt",
      { configRules: none },
      rm,
      { allowed: true, reason: "allowed by a PreToolUse hook: safe" },
    ],
    [
      "allow never beats a deny rule",
      { configRules: { allow: [], deny: ["mcp__srv__rm"] } },
      rm,
      { allowed: false, reason: 'denied by rule "mcp__srv__rm"' },
    ],
  ])("%s", async (_, opts, req, want) => {
    expect(await new PermissionGate(opts).check(req, {}, { hook: allow })).toEqual(want);
  });

  it("ask asks even where a rule allows, and refuses without a way to ask", async () => {
    const { prompter, asked } = scripted("once");
    const rules = { allow: ["mcp__srv__get"], deny: [] };
    expect(await new PermissionGate({ configRules: rules, prompter }).check(get, {}, { hook: ask })).toEqual({
      allowed: true,
      reason: "approved once by the user",
    });
    expect(asked.map((a) => a.tool)).toEqual(["mcp__srv__get"]);
    const headless = await new PermissionGate({ configRules: rules }).check(get, {}, { hook: ask });
    expect([headless.allowed, headless.reason]).toEqual([
      false,
      expect.stringMatching(/^a PreToolUse hook asks first: check this one, and there is no terminal to ask/),
    ]);
  });
});
