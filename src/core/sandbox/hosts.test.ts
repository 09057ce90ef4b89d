import { describe, expect, it } from "vitest";
import { hostAllowed, hostsNamedBy, isLoopbackName, launcherNeeds } from "./hosts.js";

describe("hostAllowed", () => {
  it.each([
    ["api.github.com", 443, ["api.github.com"], true],
    ["API.GitHub.com.", 443, ["api.github.com"], true],
    ["evil.com", 443, ["api.github.com"], false],
    ["api.github.com.evil.com", 443, ["api.github.com"], false],
    ["raw.github.com", 443, ["*.github.com"], true],
    ["github.com", 443, ["*.github.com"], false],
    ["xgithub.com", 443, ["*.github.com"], false],
    ["localhost", 9000, ["localhost:9000"], true],
    ["localhost", 9001, ["localhost:9000"], false],
    ["127.0.0.1", 9000, ["localhost:9000"], false],
    ["::1", 80, ["[::1]:80"], true],
    ["example.com", 80, [], false],
  ] as const)("%s:%i against %j is %s", (host, port, patterns, expected) => {
    expect(hostAllowed(host, port, patterns)).toBe(expected);
  });
});

describe("hostsNamedBy", () => {
  it.each([
    [{ command: "node", args: ["server.js"] }, []],
    [{ command: "npx", args: ["-y", "@modelcontextprotocol/server-memory"] }, ["registry.npmjs.org"]],
    [{ command: "/usr/local/bin/uvx", args: ["mcp-server-fetch"] }, ["pypi.org", "files.pythonhosted.org"]],
    [{ command: "node", args: ["s.js", "--api=https://api.example.com/v1"] }, ["api.example.com"]],
    [{ command: "node", env: { BASE: "https://user:pw@Data.Example.org:8443/x" } }, ["data.example.org"]],
    [{ command: "node", args: ["http://localhost:9000/sse"] }, ["localhost:9000"]],
    [{ command: "node", args: ["http://127.0.0.1/"] }, ["127.0.0.1:80"]],
    [{ command: "node", args: ["ftp://files.example.com", "example.com"] }, []],
  ])("%j names %j", (entry, hosts) => {
    expect(hostsNamedBy(entry)).toEqual(hosts);
  });
});

describe("launcherNeeds and isLoopbackName", () => {
  it("knows the package launchers, with or without a path or a Windows suffix", () => {
    expect(launcherNeeds("C:\\node\\npx.cmd")).toEqual({ hosts: ["registry.npmjs.org"], caches: [".npm"] });
    expect(launcherNeeds("python3")).toEqual({ hosts: [], caches: [] });
  });
  it.each([
    ["localhost", true],
    ["app.localhost", true],
    ["127.3.4.5", true],
    ["::1", true],
    ["[::1]", true],
    ["10.0.0.1", false],
    ["localhost.example.com", false],
  ])("%s is loopback: %s", (h, expected) => {
    expect(isLoopbackName(h)).toBe(expected);
  });
});
