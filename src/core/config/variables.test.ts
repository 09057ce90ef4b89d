import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { expandTemplate } from "./expand.js";
import { loadVariableLookup, parseDefines } from "./variables.js";

let tmp: string;
let home: string;
let project: string;
beforeEach(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "codeagent-vars-"));
  home = path.join(tmp, "home");
  project = path.join(tmp, "project");
  fs.mkdirSync(home);
  fs.mkdirSync(project);
});
afterEach(() => fs.rmSync(tmp, { recursive: true, force: true }));

describe("loadVariableLookup", () => {
  it("reads the project's .env and the user's ~/.env as data, never executing or interpolating them", () => {
    fs.writeFileSync(
      path.join(project, ".env"),
      'TOKEN="$(touch pwned) ${HOME}"\nexport PORT=8080\n# comment\n',
    );
    fs.writeFileSync(path.join(home, ".env"), "USER_ONLY=u\nTOKEN=from-home\n");
    const env = { HOME: home, CODEAGENT_HOME: home, X: "1" };
    expect(loadVariableLookup({ cwd: project, env, defines: { D: "d" } })).toEqual({
      env,
      defines: { D: "d" },
      projectDotenv: { TOKEN: "$(touch pwned) ${HOME}", PORT: "8080" },
      userDotenv: { USER_ONLY: "u", TOKEN: "from-home" },
    });
    expect(fs.existsSync(path.join(project, "pwned"))).toBe(false);
  });

  it("treats missing and unreadable .env files as empty", () => {
    fs.mkdirSync(path.join(project, ".env")); // a directory cannot be read as a file
    expect(loadVariableLookup({ cwd: project, env: { HOME: home } })).toEqual({
      env: { HOME: home },
      defines: {},
      projectDotenv: {},
      userDotenv: {},
    });
  });

  it("feeds expansion with the §3.3 order", () => {
    fs.writeFileSync(path.join(project, ".env"), "V=project\nW=project\n");
    fs.writeFileSync(path.join(home, ".env"), "V=user\nW=user\nU=user\n");
    const lookup = loadVariableLookup({ cwd: project, env: { HOME: home }, defines: { V: "define" } });
    expect(expandTemplate("${V} ${W} ${U}", "args[0]", lookup)).toMatchObject({
      ok: true,
      value: "define project user",
    });
  });
});

describe("parseDefines", () => {
  it.each([
    [[], {}],
    [["A=1"], { A: "1" }],
    [["A="], { A: "" }],
    [["URL=https://h/?a=b"], { URL: "https://h/?a=b" }],
    [["A=1", "A=2", "_b=x y"], { A: "2", _b: "x y" }],
  ])("%j", (list, expected) => {
    expect(parseDefines(list)).toEqual(expected);
  });

  it.each([["NOEQUALS"], ["=v"], ["1A=v"], ["A-B=v"], ["A B=v"]])("rejects %j with USAGE", (item) => {
    expect(() => parseDefines(["OK=1", item])).toThrow(
      expect.objectContaining({
        code: "USAGE",
        message: `-D expects KEY=VALUE with KEY made of letters, digits and _ (not starting with a digit), got ${JSON.stringify(item)}`,
      }),
    );
  });
});
