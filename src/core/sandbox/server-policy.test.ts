import { describe, expect, it } from "vitest";
import type { SandboxSetting } from "./policy.js";
import { serverPolicy, serverSandboxMode } from "./server-policy.js";

describe("serverSandboxMode", () => {
  it.each([
    [undefined, "project", "on"],
    [undefined, "user", "on"],
    [undefined, "cli", "off"],
    [true, "cli", "on"],
    [false, "project", "off"],
    ["required", "user", "required"],
    [{ network: { allow: ["a.com"] } }, "cli", "on"],
  ] as [SandboxSetting | undefined, "user" | "project" | "cli", string][])(
    "%j in %s scope is %s",
    (setting, scope, mode) => {
      expect(serverSandboxMode(setting, scope)).toBe(mode);
    },
  );
});

describe("serverPolicy", () => {
  const c = { home: "/h", codeagentHome: "/h/.codeagent", projectDir: "/p", baseDir: "/p" };

  it("an npx server may write the npm cache and fetch from the registry, and reach the hosts it names", () => {
    const p = serverPolicy(
      { command: "npx", args: ["-y", "some-mcp", "--base=https://api.example.com"], env: {} },
      undefined,
      c,
    );
    expect(p.allowWrite).toEqual(["/p", "/h/.npm"]);
    expect(p.allowHosts).toEqual(["registry.npmjs.org", "api.example.com"]);
  });

  it("adds the entry's own additions, and a plain node server gets no host at all", () => {
    const p = serverPolicy(
      { command: "node", args: ["s.js"], env: {} },
      { network: { allow: ["*.github.com"] }, filesystem: { allowWrite: ["data"] } },
      c,
    );
    expect(p.allowWrite).toEqual(["/p", "/p/data"]);
    expect(p.allowHosts).toEqual(["*.github.com"]);
    expect(serverPolicy({ command: "node", args: [], env: {} }, true, c).allowHosts).toEqual([]);
  });
});
