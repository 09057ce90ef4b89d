import { describe, expect, it } from "vitest";
import {
  evaluate,
  PLAN_MODE_REFUSAL,
  type Evaluation,
  type PermissionRequest,
  type PermissionRules,
} from "./evaluate.js";

const none: PermissionRules = { allow: [], deny: [] };
const mcp = (tool: string, extra: Partial<PermissionRequest> = {}): PermissionRequest => ({
  tool: `mcp__srv__${tool}`,
  server: "srv",
  readOnly: false,
  ...extra,
});

describe("evaluate", () => {
  it.each<[string, PermissionRequest, PermissionRules, Evaluation]>([
    [
      "a built-in read outside the project asks, even with an allow rule for the tool",
      { tool: "read_file", readOnly: true, outside: "/home/ada/.ssh/id_rsa" },
      { allow: ["read_file"], deny: [] },
      {
        decision: "ask",
        reason:
          "read_file would reach /home/ada/.ssh/id_rsa, outside the project directory (allow a directory with --add-dir DIR)",
      },
    ],
    [
      "a deny rule still wins outside the project",
      { tool: "read_file", readOnly: true, outside: "/etc/passwd" },
      { allow: [], deny: ["read_file"] },
      { decision: "deny", reason: 'denied by rule "read_file"' },
    ],
    [
      "deny rule wins over allow rule",
      mcp("rm"),
      { allow: ["mcp__srv__rm"], deny: ["mcp__srv__*"] },
      { decision: "deny", reason: 'denied by rule "mcp__srv__*"' },
    ],
    [
      "deny rule wins over trust: true",
      mcp("rm", { trust: true }),
      { allow: [], deny: ["mcp__srv__rm"] },
      { decision: "deny", reason: 'denied by rule "mcp__srv__rm"' },
    ],
    [
      "deny rule wins over read-only",
      mcp("get", { readOnly: true }),
      { allow: [], deny: ["*"] },
      { decision: "deny", reason: 'denied by rule "*"' },
    ],
    [
      "allow rule",
      mcp("rm"),
      { allow: ["mcp__srv__rm"], deny: [] },
      { decision: "allow", reason: 'allowed by rule "mcp__srv__rm"' },
    ],
    [
      "allow rule beats trust: false",
      mcp("rm", { trust: false }),
      { allow: ["mcp__srv__*"], deny: [] },
      { decision: "allow", reason: 'allowed by rule "mcp__srv__*"' },
    ],
    [
      "the first matching rule is named",
      mcp("rm"),
      { allow: ["mcp__x__*", "mcp__*", "*"], deny: [] },
      { decision: "allow", reason: 'allowed by rule "mcp__*"' },
    ],
    [
      "trusted server",
      mcp("rm", { trust: true }),
      none,
      { decision: "allow", reason: 'server "srv" is trusted (trust: true)' },
    ],
    [
      "read-only MCP tool",
      mcp("get", { readOnly: true }),
      none,
      { decision: "allow", reason: "read-only tool" },
    ],
    [
      "read-only built-in",
      { tool: "read_file", readOnly: true },
      none,
      { decision: "allow", reason: "read-only tool" },
    ],
    [
      "trust: false ignores the read-only hint",
      mcp("get", { readOnly: true, trust: false }),
      none,
      { decision: "ask", reason: 'server "srv" has trust: false, so its read-only hint is not relied on' },
    ],
    [
      "side-effecting MCP tool asks",
      mcp("rm"),
      none,
      { decision: "ask", reason: '"mcp__srv__rm" may have side effects and needs approval' },
    ],
    [
      "side-effecting built-in asks",
      { tool: "bash", readOnly: false },
      none,
      { decision: "ask", reason: '"bash" may have side effects and needs approval' },
    ],
    [
      "another server's rule does not apply",
      mcp("rm"),
      { allow: ["mcp__other__*"], deny: ["mcp__other__*"] },
      { decision: "ask", reason: '"mcp__srv__rm" may have side effects and needs approval' },
    ],
    [
      "srv_x's tools are not srv's",
      { tool: "mcp__srv_x__rm", server: "srv_x", readOnly: false },
      { allow: ["mcp__srv__*"], deny: [] },
      { decision: "ask", reason: '"mcp__srv_x__rm" may have side effects and needs approval' },
    ],
    [
      "ambiguous deny pattern denies every reading",
      { tool: "mcp__a___rm", server: "a", readOnly: true },
      { allow: [], deny: ["mcp__a___*"] },
      { decision: "deny", reason: 'denied by rule "mcp__a___*"' },
    ],
    [
      "ambiguous allow pattern allows one reading only",
      { tool: "mcp__a___rm", server: "a", readOnly: false },
      { allow: ["mcp__a___*"], deny: [] },
      { decision: "ask", reason: '"mcp__a___rm" may have side effects and needs approval' },
    ],
  ])("%s", (_name, req, rules, expected) => {
    expect(evaluate(req, rules)).toEqual(expected);
  });
});

describe("evaluate in plan mode", () => {
  it.each<[string, PermissionRequest, PermissionRules, Evaluation]>([
    [
      "a tool with side effects is refused, even when an allow rule covers it",
      { tool: "bash", readOnly: false },
      { allow: ["bash"], deny: [] },
      { decision: "deny", reason: PLAN_MODE_REFUSAL, planMode: true },
    ],
    [
      "a trusted server's tool with side effects is refused",
      mcp("rm", { trust: true }),
      none,
      { decision: "deny", reason: PLAN_MODE_REFUSAL, planMode: true },
    ],
    [
      "a read-only tool runs",
      { tool: "read_file", readOnly: true },
      none,
      { decision: "allow", reason: "read-only tool" },
    ],
    [
      "deny rules still come first",
      { tool: "read_file", readOnly: true },
      { allow: [], deny: ["read_file"] },
      { decision: "deny", reason: 'denied by rule "read_file"' },
    ],
  ])("%s", (_, req, rules, expected) => {
    expect(evaluate(req, rules, "plan")).toEqual(expected);
  });
});

describe("evaluate a sandboxed call (§18.4)", () => {
  it.each<[string, PermissionRequest, PermissionRules, Evaluation]>([
    [
      "a command that runs inside the sandbox needs no prompt",
      { tool: "bash", readOnly: false, sandboxed: true, subject: { kind: "command", command: "make test" } },
      none,
      { decision: "allow", reason: "runs in the sandbox" },
    ],
    [
      "a deny rule still wins over the sandbox",
      { tool: "bash", readOnly: false, sandboxed: true },
      { allow: [], deny: ["bash"] },
      { decision: "deny", reason: 'denied by rule "bash"' },
    ],
    [
      "a command leaving the sandbox asks as before",
      { tool: "bash", readOnly: false, sandboxed: false },
      none,
      { decision: "ask", reason: '"bash" may have side effects and needs approval' },
    ],
  ])("%s", (_name, req, rules, expected) => {
    expect(evaluate(req, rules)).toEqual(expected);
  });

  it("plan mode still refuses a sandboxed command", () => {
    expect(evaluate({ tool: "bash", readOnly: false, sandboxed: true }, none, "plan").decision).toBe("deny");
  });
});
