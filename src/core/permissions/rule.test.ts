import { describe, expect, it } from "vitest";
import { evaluate, type Decision, type PermissionRequest, type PermissionRules } from "./evaluate.js";
import { pathMatches } from "./path-glob.js";
import { parseRule, ruleProblems } from "./rule.js";

describe("parseRule", () => {
  it.each([
    ["Bash(npm run test:*)", { kind: "command", spec: { kind: "prefix", words: "npm run test" } }],
    ["Bash(npm run test *)", { kind: "command", spec: { kind: "prefix", words: "npm run test" } }],
    ["Bash(git diff)", { kind: "command", spec: { kind: "exact", words: "git diff" } }],
    ["Bash(*)", { kind: "command", spec: { kind: "any" } }],
    ["Bash", { kind: "tools", tools: ["bash"] }],
    ["Read(~/.ssh/**)", { kind: "path", access: "read", pattern: "~/.ssh/**" }],
    ["Edit(src/**)", { kind: "path", access: "edit", pattern: "src/**" }],
    ["WebFetch(domain:Docs.Example.com)", { kind: "domain", host: "docs.example.com" }],
    ["WebFetch(domain:*.example.com)", { kind: "domain", host: "*.example.com" }],
    ["mcp__github__create_issue", { kind: "name", pattern: "mcp__github__create_issue" }],
    ["mcp__github__*", { kind: "name", pattern: "mcp__github__*" }],
    ["mcp__github", { kind: "name", pattern: "mcp__github__*" }],
    ["mcp__a_", { kind: "name", pattern: "mcp__a___*" }],
    ["read_file", { kind: "name", pattern: "read_file" }],
  ])("%s", (text, expected) => {
    expect(parseRule(text)).toEqual({ ok: true, rule: expect.objectContaining({ text, ...expected }) });
  });

  it.each([
    ["Bash(npm run test", 'rule "Bash(npm run test" must end with ")"'],
    ["Bash()", 'rule "Bash()" has an empty specifier; write Bash alone for every call'],
    [
      "Bash(git * main)",
      'rule "Bash(git * main)" "*" may only end a command rule, as in Bash(npm run test:*)',
    ],
    ["WebFetch(example.com)", expect.stringContaining("must be WebFetch(domain:example.com)")],
    [
      "Fetch(x)",
      expect.stringContaining('rule "Fetch(x)" names no tool that takes a specifier; use one of Bash,'),
    ],
    ["TodoWrite(x)", 'rule "TodoWrite(x)" TodoWrite takes no specifier; write TodoWrite alone'],
    ["read_file)", 'rule "read_file)" has a stray parenthesis'],
    ["  ", "a rule is empty"],
  ])("%j is refused with a message naming what to change", (text, message) => {
    expect(parseRule(text)).toEqual({ ok: false, message });
  });

  it("ruleProblems names where each bad rule was given", () => {
    expect(ruleProblems(["Bash", "Bash("], (i) => `permissions.allow[${i}] in /h/settings.json`)).toEqual([
      'permissions.allow[1] in /h/settings.json: rule "Bash(" must end with ")"',
    ]);
  });
});

describe("pathMatches", () => {
  const base = { projectDir: "/p", home: "/home/u" };
  it.each<[string, string, boolean]>([
    ["~/.ssh/**", "/home/u/.ssh/id_rsa", true],
    ["~/.ssh/**", "/home/u/.ssh", true],
    ["~/.ssh/**", "/home/u/.sshx/id", false],
    ["src/**", "/p/src/a/b.ts", true],
    ["src/**", "/p/lib/a.ts", false],
    ["src/*.ts", "/p/src/a.ts", true],
    ["src/*.ts", "/p/src/sub/a.ts", false],
    ["/src/**", "/p/src/x", true],
    ["//etc/hosts", "/etc/hosts", true],
    [".env", "/p/.env", true],
    [".env", "/p/deep/er/.env", true],
    [".env", "/elsewhere/.env", false],
    ["*.pem", "/p/certs/k.pem", true],
    ["docs/", "/p/docs/a/b.md", true],
    ["?.md", "/p/a.md", true],
    ["**/secret/**", "/p/a/secret/b", true],
  ])("%s covers %s: %s", (pattern, path, expected) => {
    expect(pathMatches(pattern, path, base)).toBe(expected);
  });
});

describe("evaluate: path and domain rules", () => {
  const ctx = { projectDir: "/p", home: "/home/u" };
  const read = (paths: string[], outside?: string): PermissionRequest => ({
    tool: "read_file",
    readOnly: true,
    subject: { kind: "read", paths },
    ...(outside !== undefined && { outside }),
  });
  const edit = (path: string): PermissionRequest => ({
    tool: "edit_file",
    readOnly: false,
    subject: { kind: "edit", paths: [path] },
  });
  const fetch = (url: string): PermissionRequest => ({
    tool: "web_fetch",
    readOnly: false,
    subject: { kind: "fetch", url },
  });
  const r = (allow: string[], deny: string[] = [], ask: string[] = []): PermissionRules => ({
    allow,
    deny,
    ask,
  });
  it.each<[string, PermissionRequest, PermissionRules, Decision]>([
    ["Read deny covers a project file", read(["/p/.env"]), r([], ["Read(.env)"]), "deny"],
    [
      "Read deny covers ~/.ssh",
      read(["/home/u/.ssh/id_rsa"], "/home/u/.ssh/id_rsa"),
      r(["Read"], ["Read(~/.ssh/**)"]),
      "deny",
    ],
    ["a read-only tool in the project runs", read(["/p/a.ts"]), r([]), "allow"],
    [
      "Read ask makes even a read-only tool ask",
      read(["/p/secrets/a"]),
      r([], [], ["Read(secrets/**)"]),
      "ask",
    ],
    [
      "outside asks even with a tool-wide rule",
      read(["/etc/hosts"], "/etc/hosts"),
      r(["read_file", "Read"]),
      "ask",
    ],
    [
      "outside runs with a rule naming the path",
      read(["/etc/hosts"], "/etc/hosts"),
      r(["Read(//etc/hosts)"]),
      "allow",
    ],
    ["Edit allow covers its paths", edit("/p/src/a.ts"), r(["Edit(src/**)"]), "allow"],
    ["Edit allow does not cover other paths", edit("/p/package.json"), r(["Edit(src/**)"]), "ask"],
    [
      "Edit deny beats Edit allow",
      edit("/p/src/gen/x.ts"),
      r(["Edit(src/**)"], ["Edit(src/gen/**)"]),
      "deny",
    ],
    ["Read rules do not cover edits", edit("/p/src/a.ts"), r(["Read(src/**)"]), "ask"],
    [
      "WebFetch domain allows that host",
      fetch("https://docs.example.com/x"),
      r(["WebFetch(domain:docs.example.com)"]),
      "allow",
    ],
    [
      "WebFetch domain is not its subdomains",
      fetch("https://evil.docs.example.com/"),
      r(["WebFetch(domain:docs.example.com)"]),
      "ask",
    ],
    [
      "WebFetch *.domain covers subdomains",
      fetch("https://a.example.com/"),
      r(["WebFetch(domain:*.example.com)"]),
      "allow",
    ],
    [
      "WebFetch lookalike host asks",
      fetch("https://example.com.evil.io/"),
      r(["WebFetch(domain:*.example.com)"]),
      "ask",
    ],
    [
      "WebFetch userinfo trick asks",
      fetch("https://example.com@evil.io/"),
      r(["WebFetch(domain:example.com)"]),
      "ask",
    ],
    ["WebFetch deny", fetch("https://evil.io/"), r(["WebFetch"], ["WebFetch(domain:evil.io)"]), "deny"],
    [
      "mcp__server covers its tools",
      { tool: "mcp__gh__x", server: "gh", readOnly: false },
      r(["mcp__gh"]),
      "allow",
    ],
    [
      "ask rules beat trust",
      { tool: "mcp__gh__x", server: "gh", readOnly: false, trust: true },
      r([], [], ["mcp__gh__*"]),
      "ask",
    ],
  ])("%s", (_name, req, rules, expected) => {
    expect(evaluate(req, rules, "default", ctx).decision).toBe(expected);
  });
});
