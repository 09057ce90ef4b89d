import { describe, expect, it } from "vitest";
import { entryFromAddArgs, type AddArgs } from "./add-args.js";

const thrown = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    return { code: (e as { code?: string }).code, message: (e as Error).message };
  }
  throw new Error("expected a throw");
};

describe("entryFromAddArgs", () => {
  const base: AddArgs = { env: [], headers: [], commandOrUrl: "", args: [] };
  it.each([
    ["command", { commandOrUrl: "npx", args: ["-y", "srv"] }, { command: "npx", args: ["-y", "srv"] }],
    [
      "command with env",
      { commandOrUrl: "srv", env: ["A=1", "B=x=y", "C="] },
      { command: "srv", env: { A: "1", B: "x=y", C: "" } },
    ],
    ["URL → http with fallback (no type)", { commandOrUrl: "https://h/mcp" }, { url: "https://h/mcp" }],
    [
      "URL with headers",
      { commandOrUrl: "http://h/mcp", headers: ["Authorization: Bearer ${T}", "X-A:b"] },
      { url: "http://h/mcp", headers: { Authorization: "Bearer ${T}", "X-A": "b" } },
    ],
    [
      "--transport sse",
      { transport: "sse", commandOrUrl: "https://h/sse" },
      { type: "sse", url: "https://h/sse" },
    ],
    [
      "--transport http",
      { transport: "http", commandOrUrl: "https://h/mcp" },
      { type: "http", url: "https://h/mcp" },
    ],
    [
      "--transport stdio with a URL-looking command",
      { transport: "stdio", commandOrUrl: "http://x" },
      { command: "http://x" },
    ],
  ] as const)("%s", (_, args, expected) => {
    expect(entryFromAddArgs({ ...base, ...args } as AddArgs)).toEqual(expected);
  });

  it.each([
    ["empty target", { commandOrUrl: "" }, "mcp add needs a command or a URL after the name"],
    ["malformed -e", { commandOrUrl: "srv", env: ["NOVALUE"] }, '-e expects KEY=VALUE, got "NOVALUE"'],
    ["bad -e key", { commandOrUrl: "srv", env: ["1A=x"] }, '-e expects KEY=VALUE, got "1A=x"'],
    [
      "malformed -H",
      { commandOrUrl: "https://h", headers: ["Bearer x"] },
      '-H expects "Name: value", got "Bearer x"',
    ],
    [
      "bad -H name",
      { commandOrUrl: "https://h", headers: ["My Header: x"] },
      '-H expects "Name: value", got "My Header: x"',
    ],
    [
      "-H on stdio",
      { commandOrUrl: "srv", headers: ["A: b"] },
      "-H/--header applies to http and sse servers, not to a command",
    ],
    [
      "-e on http",
      { commandOrUrl: "https://h", env: ["A=b"] },
      "-e/--env applies to stdio servers; send values to a remote server with -H",
    ],
    ["args after URL", { commandOrUrl: "https://h", args: ["x"] }, "unexpected arguments after the URL: x"],
    [
      "http without URL",
      { transport: "http", commandOrUrl: "npx" },
      '--transport http needs an http(s) URL, got "npx"',
    ],
  ] as const)("USAGE: %s", (_, args, message) => {
    expect(thrown(() => entryFromAddArgs({ ...base, ...args } as AddArgs))).toEqual({
      code: "USAGE",
      message,
    });
  });
});

describe("entryFromAddArgs: Claude Code's OAuth flags", () => {
  const base: AddArgs = { env: [], headers: [], commandOrUrl: "", args: [] };
  it("writes --client-id, --client-secret and --callback-port under oauth", () => {
    expect(
      entryFromAddArgs({
        ...base,
        commandOrUrl: "https://h/mcp",
        oauth: { clientId: "abc", clientSecret: "${SECRET}", callbackPort: "8765" },
      }),
    ).toEqual({
      url: "https://h/mcp",
      oauth: { clientId: "abc", clientSecret: "${SECRET}", callbackPort: 8765 },
    });
  });
  it.each([
    [
      { commandOrUrl: "npx", oauth: { clientId: "a" } },
      "--client-id, --client-secret and --callback-port apply to http and sse servers, not to a command",
    ],
    [
      { commandOrUrl: "https://h", oauth: { callbackPort: "0" } },
      '--callback-port must be a port number (1-65535), got "0"',
    ],
  ] as const)("USAGE for %j", (args, message) => {
    expect(thrown(() => entryFromAddArgs({ ...base, ...args }))).toEqual({
      code: "USAGE",
      message,
    });
  });
});
