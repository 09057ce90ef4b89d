import { describe, expect, it } from "vitest";
import { formatKeyPath } from "./key-path.js";

describe("formatKeyPath", () => {
  it.each([
    [["mcpServers", "fs", "args", 2], "mcpServers.fs.args[2]"],
    [["env", "LOG"], "env.LOG"],
    [["headers", "Content-Type"], "headers.Content-Type"],
    [["headers", "X.Y"], 'headers["X.Y"]'],
    [["mcpServers", "my server"], 'mcpServers["my server"]'],
    [["mcpServers", "1password"], "mcpServers.1password"],
    [["args", 0], "args[0]"],
    [[], ""],
  ] as const)("%j → %s", (path, expected) => {
    expect(formatKeyPath(path)).toBe(expected);
  });
});
