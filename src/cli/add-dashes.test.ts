import { describe, expect, it } from "vitest";
import { addOptionWithoutDashes } from "./add-dashes.js";

const hint = "put -- before the command";
describe("addOptionWithoutDashes", () => {
  it.each([
    [["mcp", "add", "x", "npx", "-y", "foo"], "codeagent mcp add x -- npx -y foo"],
    [["mcp", "add", "-s", "project", "x", "npx", "-y", "foo"], "codeagent mcp add x -- npx -y foo"],
    [
      ["mcp", "add", "x", "-e", "K=V", "node", "srv.js", "--port", "3"],
      "codeagent mcp add x -- node srv.js --port 3",
    ],
  ])("%j names the cure", (argv, example) => {
    const m = addOptionWithoutDashes(argv);
    expect(m).toContain(hint);
    expect(m).toContain(example);
  });
  it.each([
    [["mcp", "add", "x", "--", "npx", "-y", "foo"]],
    [["mcp", "add", "x", "npx", "foo"]],
    [["mcp", "add", "--bogus", "x"]],
    [["mcp", "add", "x", "--bogus"]],
    [["mcp", "list", "-y"]],
    [["mcp", "add", "x", "https://h/mcp", "--transport", "http"]],
  ])("%j is left to commander", (argv) => {
    expect(addOptionWithoutDashes(argv)).toBeUndefined();
  });
});
