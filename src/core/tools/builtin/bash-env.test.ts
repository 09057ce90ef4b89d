import { describe, expect, it } from "vitest";
import { bashEnv, passesToBash } from "./bash-env.js";

describe("passesToBash", () => {
  it.each([
    ["PATH", true],
    ["JAVA_HOME", true],
    ["VIRTUAL_ENV", true],
    ["OPENAI_API_KEY", false],
    ["ANTHROPIC_API_KEY", false],
    ["ANTHROPIC_BASE_URL", false],
    ["AWS_SECRET_ACCESS_KEY", false],
    ["AWS_PROFILE", false],
    ["GITHUB_TOKEN", false],
    ["DB_PASSWORD", false],
    ["MY_SERVICE_CREDENTIALS", false],
    ["NODE_OPTIONS", false],
    ["CODEAGENT_MODEL", false],
  ])("%s → %s", (name, passes) => {
    expect(passesToBash(name)).toBe(passes);
  });
});

describe("bashEnv", () => {
  const parent = {
    PATH: "/usr/bin",
    HOME: "/home/ada",
    GOPATH: "/home/ada/go",
    OPENAI_API_KEY: "sk-x",
    GITHUB_TOKEN: "ghp_x",
    NPM_TOKEN: "npm_x",
    BASH_FUNC_x: "() { echo pwned; }",
  };
  it("keeps the essentials and toolchain variables, drops keys and secret-named variables", () => {
    expect(bashEnv(parent, [], "linux")).toEqual({
      PATH: "/usr/bin",
      HOME: "/home/ada",
      GOPATH: "/home/ada/go",
    });
  });
  it("passes what bash.env names on purpose, or sets values", () => {
    expect(bashEnv(parent, ["NPM_TOKEN"], "linux").NPM_TOKEN).toBe("npm_x");
    expect(bashEnv(parent, { GITHUB_TOKEN: true, EXTRA: "1" }, "linux")).toMatchObject({
      GITHUB_TOKEN: "ghp_x",
      EXTRA: "1",
    });
  });
});

describe("the bash tool's environment", () => {
  it("does not see the agent's provider keys", async () => {
    const { bashTool } = await import("./bash.js");
    const tool = bashTool({
      cwd: process.cwd(),
      env: { PATH: process.env.PATH, OPENAI_API_KEY: "sk-canary", MY_TOKEN: "t-canary", KEEP: "yes" },
    });
    const r = await tool.execute({ command: 'echo "${OPENAI_API_KEY:-none} ${MY_TOKEN:-none} $KEEP"' }, {});
    expect(r.text).toBe("none none yes\n[exit code 0]");
  });
});
