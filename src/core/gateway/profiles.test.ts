import { describe, expect, it } from "vitest";
import { parseProfiles, profileNamed, serverVisible, toolVisible } from "./profiles.js";

const F = "/h/settings.json";

describe("gateway profiles", () => {
  it("parses profiles next to the built-in all", () => {
    const p = parseProfiles({ profiles: { ro: { servers: ["github"], tools: ["mcp__github__get_*"] } } }, F);
    expect([...p.values()]).toEqual([
      { name: "all" },
      { name: "ro", servers: ["github"], tools: ["mcp__github__get_*"] },
    ]);
  });

  it.each([
    [[], '"gateway" must be an object'],
    [{ profiles: [] }, '"gateway.profiles" must be an object'],
    [{ profiles: { "a b": {} } }, '"gateway.profiles.a b" must be named with letters'],
    [
      { profiles: { a: { servers: "x" } } },
      '"gateway.profiles.a.servers" must be a list of non-empty strings',
    ],
    [{ profiles: { a: { server: ["x"] } } }, "(unknown: server)"],
  ])("refuses %j naming the key", (value, message) => {
    expect(() => parseProfiles(value, F)).toThrow(message);
  });

  it.each([
    // profile, server, registered name, visible
    [{ name: "x" }, "a", "mcp__a__t", true],
    [{ name: "x", servers: ["a"] }, "b", "mcp__b__t", false],
    [{ name: "x", servers: ["gh*"] }, "ghe", "mcp__ghe__t", true],
    [{ name: "x", tools: ["mcp__a__get_*"] }, "a", "mcp__a__get_x", true],
    [{ name: "x", tools: ["mcp__a__get_*"] }, "a", "mcp__a__put_x", false],
    // A server named with an underscore: the registered identity decides, not a split of the name.
    [{ name: "x", tools: ["mcp__a___*"] }, "a_", "mcp__a___t", true],
    [{ name: "x", tools: ["mcp__a__*"] }, "a_", "mcp__a___t", false],
    [{ name: "x", servers: ["a"], tools: ["mcp__b__*"] }, "b", "mcp__b__t", false],
  ])("%j sees %s's %s: %s", (profile, server, name, visible) => {
    expect(toolVisible(profile, server, name)).toBe(visible);
  });

  it("hides a server from a profile that does not list it", () => {
    expect(serverVisible({ name: "x", servers: ["a"] }, "a")).toBe(true);
    expect(serverVisible({ name: "x", servers: ["a"] }, "ab")).toBe(false);
  });

  it("names the known profiles when one is missing", () => {
    expect(() => profileNamed(parseProfiles(undefined, F), "ro", "--profile")).toThrow(
      '--profile: no gateway profile "ro" (known: all)',
    );
  });
});
