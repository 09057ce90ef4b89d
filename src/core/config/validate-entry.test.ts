import { describe, expect, it } from "vitest";
import { DEFAULTS } from "./schema.js";
import type { ServerConfig } from "./types.js";
import type { SandboxSetting } from "../sandbox/policy.js";
import { validateServerEntry } from "./validate-entry.js";

const F = "/p/.mcp.json";
const at = { file: F, rootKey: "mcpServers" };
const opts = { disabled: false, ...DEFAULTS };
const stdio = (extra: Partial<ServerConfig> = {}) => ({
  transport: "stdio",
  command: "srv",
  args: [],
  env: {},
  ...opts,
  ...extra,
});
const remote = (extra: Partial<ServerConfig> = {}) => ({
  transport: "http",
  url: "https://h/mcp",
  headers: {},
  fallbackToSse: true,
  ...opts,
  ...extra,
});

describe("validateServerEntry: transport inference and aliases", () => {
  it.each([
    ["command → stdio", { command: "srv" }, stdio()],
    ["type stdio", { type: "stdio", command: "srv" }, stdio()],
    ["url → http with SSE fallback", { url: "https://h/mcp" }, remote()],
    ["type http → no fallback", { type: "http", url: "https://h/mcp" }, remote({ fallbackToSse: false })],
    [
      "streamable-http alias",
      { type: "streamable-http", url: "https://h/mcp" },
      remote({ fallbackToSse: false }),
    ],
    [
      "streamableHttp alias",
      { type: "streamableHttp", url: "https://h/mcp" },
      remote({ fallbackToSse: false }),
    ],
    [
      "type sse",
      { type: "sse", url: "https://h/sse" },
      remote({ transport: "sse", url: "https://h/sse", fallbackToSse: false }),
    ],
    ["url with ${VAR} is checked after expansion", { url: "${BASE}/mcp" }, remote({ url: "${BASE}/mcp" })],
  ])("%s", (_, raw, config) => {
    expect(validateServerEntry("s", raw, at)).toEqual({ ok: true, config, warnings: [] });
  });
});

describe("validateServerEntry: every per-server option", () => {
  it.each([
    [
      "args, env, cwd",
      { command: "srv", args: ["-y", "x"], env: { A: "1" }, cwd: "sub" },
      stdio({ args: ["-y", "x"], env: { A: "1" }, cwd: "sub" }),
    ],
    [
      "headers",
      { url: "https://h/mcp", headers: { Authorization: "Bearer x" } },
      remote({ headers: { Authorization: "Bearer x" } }),
    ],
    ["disabled", { command: "srv", disabled: true }, stdio({ disabled: true })],
    ["enabled: false", { command: "srv", enabled: false }, stdio({ disabled: true })],
    ["enabled: true", { command: "srv", enabled: true }, stdio()],
    [
      "timeouts and size",
      {
        command: "srv",
        startupTimeoutMs: 5000,
        timeoutMs: 7000,
        maxTotalTimeoutMs: 9000,
        maxMessageBytes: 4096,
      },
      stdio({ startupTimeoutMs: 5000, timeoutMs: 7000, maxTotalTimeoutMs: 9000, maxMessageBytes: 4096 }),
    ],
    [
      "tool filters and trust",
      { command: "srv", includeTools: ["a"], excludeTools: ["b"], trust: false },
      stdio({ includeTools: ["a"], excludeTools: ["b"], trust: false }),
    ],
    [
      "oauth",
      {
        url: "https://h/mcp",
        oauth: {
          clientId: "id",
          clientSecret: "s",
          scopes: ["r"],
          callbackPort: 8765,
          clientMetadataUrl: "https://c/m",
        },
      },
      remote({
        oauth: {
          clientId: "id",
          clientSecret: "s",
          scopes: ["r"],
          callbackPort: 8765,
          clientMetadataUrl: "https://c/m",
        },
      }),
    ],
    ["description is accepted and ignored", { command: "srv", description: "my server" }, stdio()],
  ])("%s", (_, raw, config) => {
    expect(validateServerEntry("s", raw, at)).toEqual({ ok: true, config, warnings: [] });
  });
});

describe("validateServerEntry: invalid entries name the file and key", () => {
  it.each([
    [
      "args not an array",
      { command: "x", args: "-y" },
      `${F}: mcpServers.s.args: expected an array of strings, got "-y"`,
    ],
    [
      "args element",
      { command: "x", args: ["a", 3] },
      `${F}: mcpServers.s.args[1]: expected a string, got 3`,
    ],
    [
      "env value",
      { command: "x", env: { PORT: 8080 } },
      `${F}: mcpServers.s.env.PORT: expected a string, got 8080`,
    ],
    [
      "headers object",
      { url: "https://h", headers: ["a"] },
      `${F}: mcpServers.s.headers: expected an object of string values, got an array`,
    ],
    [
      "both command and url",
      { command: "x", url: "https://h" },
      `${F}: mcpServers.s: has both command and url; keep one`,
    ],
    ["neither", { args: [] }, `${F}: mcpServers.s: needs command (stdio) or url (http/sse)`],
    [
      "sse with command",
      { type: "sse", command: "x" },
      `${F}: mcpServers.s.type: "sse" needs url, not command`,
    ],
    [
      "stdio with url",
      { type: "stdio", url: "https://h" },
      `${F}: mcpServers.s.type: "stdio" needs command, not url`,
    ],
    [
      "unknown type",
      { type: "websocket", url: "wss://h" },
      `${F}: mcpServers.s.type: expected "stdio", "http" or "sse" (or "streamable-http"), got "websocket"`,
    ],
    ["bad url", { url: "ftp://h" }, `${F}: mcpServers.s.url: not an http(s) URL: "ftp://h"`],
    ["empty command", { command: "" }, `${F}: mcpServers.s.command: must not be empty`],
    [
      "fractional timeout",
      { command: "x", timeoutMs: 1.5 },
      `${F}: mcpServers.s.timeoutMs: expected a whole number of milliseconds, got 1.5`,
    ],
    [
      "zero timeout",
      { command: "x", startupTimeoutMs: 0 },
      `${F}: mcpServers.s.startupTimeoutMs: must be a positive number of milliseconds`,
    ],
    [
      "string timeout",
      { command: "x", maxTotalTimeoutMs: "60s" },
      `${F}: mcpServers.s.maxTotalTimeoutMs: expected a whole number of milliseconds, got "60s"`,
    ],
    ["bool", { command: "x", trust: "yes" }, `${F}: mcpServers.s.trust: expected true or false, got "yes"`],
    [
      "oauth port",
      { url: "https://h", oauth: { callbackPort: 70000 } },
      `${F}: mcpServers.s.oauth.callbackPort: must be a port number (1-65535)`,
    ],
    ["not an object", "npx srv", `${F}: mcpServers.s: expected an object, got "npx srv"`],
    [
      "two problems",
      { command: "x", args: 1, trust: 1 },
      `${F}: mcpServers.s.args: expected an array of strings, got 1; mcpServers.s.trust: expected true or false, got 1`,
    ],
  ])("%s", (_, raw, error) => {
    expect(validateServerEntry("s", raw, at)).toEqual({ ok: false, error, warnings: [] });
  });

  it.each([
    [
      "has space",
      `${F}: mcpServers["has space"]: invalid server name "has space": a name may contain only letters, digits, _ and -`,
    ],
    ["a__b", `${F}: mcpServers.a__b: invalid server name "a__b": a name must not contain "__"`],
    ["", `${F}: mcpServers[""]: invalid server name "": a name may contain only letters, digits, _ and -`],
    [
      "dot.name",
      `${F}: mcpServers["dot.name"]: invalid server name "dot.name": a name may contain only letters, digits, _ and -`,
    ],
  ])("bad name %j", (name, error) => {
    expect(validateServerEntry(name, { command: "x" }, at)).toEqual({ ok: false, error, warnings: [] });
  });

  it("accepts names with single underscores, dashes and digits", () => {
    expect(validateServerEntry("my_srv-2", { command: "srv" }, at)).toEqual({
      ok: true,
      config: stdio(),
      warnings: [],
    });
  });
});

describe("validateServerEntry: warnings", () => {
  it.each([
    [
      "unknown key",
      { command: "srv", alwaysAllow: [] },
      [`${F}: mcpServers.s: unknown key "alwaysAllow" is ignored`],
    ],
    [
      "renamed key",
      { command: "srv", timeout: 5 },
      [`${F}: mcpServers.s: unknown key "timeout" is ignored; did you mean timeoutMs (milliseconds)?`],
    ],
    [
      "near-miss spelling",
      { command: "srv", startup_timeout_ms: 5000 },
      [`${F}: mcpServers.s: unknown key "startup_timeout_ms" is ignored; did you mean startupTimeoutMs?`],
    ],
    [
      "seconds for milliseconds",
      { command: "srv", timeoutMs: 30 },
      [`${F}: mcpServers.s.timeoutMs: 30 ms is very short; the unit is milliseconds (did you mean 30000?)`],
    ],
    [
      "tiny message cap",
      { command: "srv", maxMessageBytes: 32 },
      [`${F}: mcpServers.s.maxMessageBytes: 32 bytes is very small; the unit is bytes`],
    ],
    [
      "call timeout above cap",
      { command: "srv", timeoutMs: 5000, maxTotalTimeoutMs: 1000 },
      [`${F}: mcpServers.s.timeoutMs: is larger than maxTotalTimeoutMs (1000), which caps every call`],
    ],
    [
      "stdio keys on remote",
      { url: "https://h/mcp", args: ["x"] },
      [`${F}: mcpServers.s.args: is ignored for a remote server`],
    ],
    [
      "remote keys on stdio",
      { command: "srv", headers: {} },
      [`${F}: mcpServers.s.headers: is ignored for a stdio server`],
    ],
    [
      "unknown oauth key",
      { url: "https://h/mcp", oauth: { clientId: "x", audience: "y" } },
      [`${F}: mcpServers.s.oauth: unknown key "audience" is ignored`],
    ],
    [
      "contradiction",
      { command: "srv", disabled: true, enabled: true },
      [`${F}: mcpServers.s: has both disabled: true and enabled: true; the server is disabled`],
    ],
  ])("%s", (_, raw, warnings) => {
    expect(validateServerEntry("s", raw, at).warnings).toEqual(warnings);
  });

  it("unknown keys are reported even when the entry is invalid, and never make it invalid", () => {
    expect(validateServerEntry("s", { foo: 1 }, { file: F, rootKey: "servers" })).toEqual({
      ok: false,
      error: `${F}: servers.s: needs command (stdio) or url (http/sse)`,
      warnings: [`${F}: servers.s: unknown key "foo" is ignored`],
    });
    expect(validateServerEntry("s", { command: "srv", foo: 1 }, at).ok).toBe(true);
  });
});

describe("validateServerEntry: sandbox (§18.3)", () => {
  it.each([
    [true],
    [false],
    ["required"],
    [
      {
        filesystem: { allowWrite: ["~/.cache/x"], allowRead: ["/srv/a"] },
        network: { allow: ["api.github.com", "*.npmjs.org", "localhost:8080"] },
      },
    ],
    [{}],
  ] as [SandboxSetting][])("accepts %j", (sandbox) => {
    expect(validateServerEntry("s", { command: "srv", sandbox }, at)).toEqual({
      ok: true,
      config: stdio({ sandbox }),
      warnings: [],
    });
  });

  const expected =
    'expected true, false, "required" or { "filesystem": { "allowWrite", "denyRead", "allowRead": [paths] }, "network": { "allow": [hosts] } }';
  it.each([
    ["yes", `${expected}, got "yes"`],
    [{ network: ["api.github.com"] }, `${expected}, got an object`],
    [{ filesystem: { allowWrite: "/tmp" } }, `${expected}, got an object`],
  ])("refuses %j, naming the key", (sandbox, message) => {
    expect(validateServerEntry("s", { command: "srv", sandbox }, at)).toEqual({
      ok: false,
      error: `${F}: mcpServers.s.sandbox: ${message}`,
      warnings: [],
    });
  });

  it("names the host that is not a host name", () => {
    expect(
      validateServerEntry("s", { command: "srv", sandbox: { network: { allow: ["https://a.com/"] } } }, at),
    ).toEqual({
      ok: false,
      error: `${F}: mcpServers.s.sandbox.network.allow[0]: expected a host name such as api.github.com, *.github.com or localhost:8080`,
      warnings: [],
    });
  });

  it("warns that a remote server's sandbox is ignored", () => {
    const r = validateServerEntry("s", { url: "https://h/mcp", sandbox: true }, at);
    expect(r.warnings).toEqual([`${F}: mcpServers.s.sandbox: is ignored for a remote server`]);
  });
});
