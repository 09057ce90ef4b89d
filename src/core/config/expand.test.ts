import { describe, expect, it } from "vitest";
import { expandServerConfig, expandTemplate, type VariableLookup } from "./expand.js";
import { DEFAULTS } from "./schema.js";
import type { RemoteServerConfig, StdioServerConfig } from "./types.js";

const lookup: VariableLookup = {
  env: { HOME: "/h", A: "env-a", EMPTY: "", X: "${A}", Y: "$(touch /tmp/pwned)", Z_SUB: "`id`" },
  defines: { A: "def-a", B: "def-b" },
  projectDotenv: { A: "proj-a", B: "proj-b", C: "proj-c" },
  userDotenv: { A: "user-a", B: "user-b", C: "user-c", D: "user-d" },
};
const F = "args[0]";

describe("expandTemplate", () => {
  it.each([
    ["no variables", "plain text", "plain text", []],
    ["env wins over every other tier", "${A}", "env-a", [{ name: "A", source: "env", field: F }]],
    ["-D wins over both .env files", "${B}", "def-b", [{ name: "B", source: "define", field: F }]],
    ["project .env wins over ~/.env", "${C}", "proj-c", [{ name: "C", source: "project-dotenv", field: F }]],
    ["~/.env is the last tier", "${D}", "user-d", [{ name: "D", source: "user-dotenv", field: F }]],
    [
      "default when unset",
      "${NOPE:-fallback value}",
      "fallback value",
      [{ name: "NOPE", source: "default", field: F }],
    ],
    ["empty default", "${NOPE:-}", "", [{ name: "NOPE", source: "default", field: F }]],
    [
      "default may contain :- and $",
      "${NOPE:-a:-b$c}",
      "a:-b$c",
      [{ name: "NOPE", source: "default", field: F }],
    ],
    ["set value beats default", "${A:-x}", "env-a", [{ name: "A", source: "env", field: F }]],
    ["empty but set, no default", "[${EMPTY}]", "[]", [{ name: "EMPTY", source: "env", field: F }]],
    [
      "empty but set, with default (as in sh)",
      "${EMPTY:-d}",
      "d",
      [{ name: "EMPTY", source: "default", field: F }],
    ],
    ["$${ is a literal ${", "$${A} and $${", "${A} and ${", []],
    ["lone $ and $$ stay", "a$ $$ $5 $x", "a$ $$ $5 $x", []],
    ["VS Code ${env:VAR}", "${env:A}", "env-a", [{ name: "A", source: "env", field: F }]],
    [
      "several in one value",
      "${A}/${B}-${D}${A}",
      "env-a/def-b-user-denv-a",
      [
        { name: "A", source: "env", field: F },
        { name: "B", source: "define", field: F },
        { name: "D", source: "user-dotenv", field: F },
      ],
    ],
    ["single pass: ${…} in a value stays", "${X}", "${A}", [{ name: "X", source: "env", field: F }]],
    [
      "nothing is executed",
      "${Y} ${Z_SUB}",
      "$(touch /tmp/pwned) `id`",
      [
        { name: "Y", source: "env", field: F },
        { name: "Z_SUB", source: "env", field: F },
      ],
    ],
  ])("%s", (_, template, value, uses) => {
    expect(expandTemplate(template, F, lookup)).toEqual({ ok: true, value, uses, warnings: [] });
  });

  it.each([
    [
      "unset without default",
      "Bearer ${API_TOKEN}",
      "headers.Authorization",
      "VARIABLE_UNSET",
      "variable API_TOKEN is not set (used in headers.Authorization); set it in the environment, pass -D API_TOKEN=…, or add it to .env",
    ],
    [
      "inherited object properties are not variables",
      "${constructor}",
      "url",
      "VARIABLE_UNSET",
      "variable constructor is not set (used in url); set it in the environment, pass -D constructor=…, or add it to .env",
    ],
    [
      "VS Code predefined variable",
      "${workspaceFolder}/x",
      "cwd",
      "VARIABLE_UNSET",
      "variable workspaceFolder is not set (used in cwd, a VS Code variable that codeagent does not define); set it in the environment, pass -D workspaceFolder=…, or add it to .env",
    ],
    [
      "${input:…} cannot be prompted for",
      "${input:token}",
      "headers.X",
      "CONFIG_INVALID",
      "headers.X: ${input:token} cannot be prompted for; use ${NAME} and set NAME in the environment, with -D or in .env",
    ],
    [
      "unterminated",
      "a ${A",
      "env.K",
      "CONFIG_INVALID",
      "env.K: unterminated ${; write $${ for a literal ${",
    ],
    [
      "empty name",
      "${}",
      "url",
      "CONFIG_INVALID",
      "url: ${} is not a valid variable reference; write $${ for a literal ${",
    ],
    [
      "bad name",
      "${1A}",
      "url",
      "CONFIG_INVALID",
      "url: ${1A} is not a valid variable reference; write $${ for a literal ${",
    ],
    [
      "nested default",
      "${NOPE:-${A}}",
      "url",
      "CONFIG_INVALID",
      "url: nested ${…} in the default of ${NOPE} is not supported",
    ],
  ])("%s", (_, template, field, code, message) => {
    const r = expandTemplate(template, field, lookup);
    expect(r.ok ? r : { code: r.error.code, message: r.error.message }).toEqual({ code, message });
  });

  it.each([
    ["url", "%APPDATA%/x", ['url: "%APPDATA%" is not expanded (Windows syntax; write ${APPDATA})']],
    ["headers.X", "{env:TOKEN}", ['headers.X: "{env:TOKEN}" is not expanded (write ${TOKEN})']],
    ["headers.X", "Bearer $TOKEN", ['headers.X: "$TOKEN" is not expanded (write ${TOKEN})']],
    ["args[1]", "echo $HOME", []],
    ["url", "https://h/a%20b", []],
  ])("warns about foreign syntax in %s: %j", (field, template, warnings) => {
    expect(expandTemplate(template, field, lookup)).toMatchObject({ ok: true, value: template, warnings });
  });
});

const opts = { disabled: false, ...DEFAULTS };
const stdio = (extra: Partial<StdioServerConfig>): StdioServerConfig => ({
  transport: "stdio",
  command: "srv",
  args: [],
  env: {},
  ...opts,
  ...extra,
});
const remote = (extra: Partial<RemoteServerConfig>): RemoteServerConfig => ({
  transport: "http",
  url: "https://h/mcp",
  headers: {},
  fallbackToSse: true,
  ...opts,
  ...extra,
});

describe("expandServerConfig", () => {
  it("expands command, args, env values and cwd, resolving a relative cwd against the file's directory", () => {
    const config = stdio({
      command: "${A}",
      args: ["-y", "${D}"],
      env: { LOG: "${LVL:-info}", "${A}": "k" },
      cwd: "sub/${C}",
    });
    const before = structuredClone(config);
    expect(expandServerConfig(config, lookup, { baseDir: "/proj" })).toEqual({
      ok: true,
      config: {
        ...config,
        command: "env-a",
        args: ["-y", "user-d"],
        env: { LOG: "info", "${A}": "k" },
        cwd: "/proj/sub/proj-c",
      },
      variables: [
        { name: "A", source: "env", field: "command" },
        { name: "D", source: "user-dotenv", field: "args[1]" },
        { name: "LVL", source: "default", field: "env.LOG" },
        { name: "C", source: "project-dotenv", field: "cwd" },
      ],
      warnings: [],
    });
    expect(config).toEqual(before);
  });

  it.each([
    ["/abs/dir", "/abs/dir"],
    ["../up", "/up"],
    [".", "/proj"],
    ["~", "/h"],
    ["~/src", "/h/src"],
  ])("cwd %j → %j", (cwd, resolved) => {
    expect(expandServerConfig(stdio({ cwd }), lookup, { baseDir: "/proj" })).toMatchObject({
      ok: true,
      config: { cwd: resolved },
    });
  });

  it("expands url, header values and oauth strings of a remote server", () => {
    const config = remote({
      url: "https://${C}.example/mcp",
      headers: { Authorization: "Bearer ${B}" },
      oauth: { clientId: "${D}", clientSecret: "${A}", scopes: ["${NOPE:-read}"], callbackPort: 9000 },
    });
    expect(expandServerConfig(config, lookup, { baseDir: "/proj" })).toEqual({
      ok: true,
      config: {
        ...config,
        url: "https://proj-c.example/mcp",
        headers: { Authorization: "Bearer def-b" },
        oauth: { clientId: "user-d", clientSecret: "env-a", scopes: ["read"], callbackPort: 9000 },
      },
      variables: [
        { name: "C", source: "project-dotenv", field: "url" },
        { name: "B", source: "define", field: "headers.Authorization" },
        { name: "D", source: "user-dotenv", field: "oauth.clientId" },
        { name: "A", source: "env", field: "oauth.clientSecret" },
        { name: "NOPE", source: "default", field: "oauth.scopes[0]" },
      ],
      warnings: [],
    });
  });

  it("expands the grants' strings and resolves their files against the config file's directory", () => {
    const config = remote({
      oauth: {
        grant: "enterprise",
        assertionFile: "secrets/ci.jwt",
        privateKeyFile: "/abs/key.pem",
        idp: { tokenEndpoint: "https://${C}/token", clientSecret: "${A}", idTokenFile: "id/${D}" },
      },
    });
    const r = expandServerConfig(config, lookup, { baseDir: "/proj" });
    expect(r.ok && r.config.transport === "http" && r.config.oauth).toEqual({
      grant: "enterprise",
      assertionFile: "/proj/secrets/ci.jwt",
      privateKeyFile: "/abs/key.pem",
      idp: { tokenEndpoint: "https://proj-c/token", clientSecret: "env-a", idTokenFile: "/proj/id/user-d" },
    });
  });

  it("names every unset variable and every field it is used in", () => {
    const config = stdio({ args: ["${T1}", "${T2}"], env: { K: "${T1}" } });
    expect(expandServerConfig(config, lookup, { baseDir: "/p" })).toEqual({
      ok: false,
      error: expect.objectContaining({
        code: "VARIABLE_UNSET",
        message:
          "variables T1 (used in args[0], env.K) and T2 (used in args[1]) are not set; set them in the environment, pass -D T1=…, or add them to .env",
      }),
      variables: [
        { name: "T1", source: "unset", field: "args[0]" },
        { name: "T2", source: "unset", field: "args[1]" },
        { name: "T1", source: "unset", field: "env.K" },
      ],
    });
  });

  it.each([
    [remote({ url: "${EMPTY}" }), "url is not an http(s) URL after expansion (check EMPTY)"],
    [
      remote({ headers: { "X-Key": "${NL}" } }),
      "headers.X-Key contains a line break after expansion (check NL)",
    ],
    [stdio({ command: "${EMPTY}" }), "command is empty after expansion (check EMPTY)"],
    [
      stdio({ args: ["${input:x}"] }),
      "args[0]: ${input:x} cannot be prompted for; use ${NAME} and set NAME in the environment, with -D or in .env",
    ],
  ])("rejects what is invalid after expansion: %#", (config, message) => {
    const withNl = { ...lookup, env: { ...lookup.env, NL: "a\r\nInjected: 1" } };
    const r = expandServerConfig(config, withNl, { baseDir: "/p" });
    expect(r.ok ? r : { code: r.error.code, message: r.error.message }).toEqual({
      code: "CONFIG_INVALID",
      message,
    });
  });

  it("passes foreign-syntax warnings on", () => {
    const r = expandServerConfig(remote({ headers: { Authorization: "Bearer $TOKEN" } }), lookup, {
      baseDir: "/p",
    });
    expect(r).toMatchObject({
      ok: true,
      warnings: ['headers.Authorization: "$TOKEN" is not expanded (write ${TOKEN})'],
    });
  });
});
