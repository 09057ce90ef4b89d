import { describe, expect, it } from "vitest";
import { expandServerConfig, type VariableLookup } from "./expand.js";
import { approvalSubject, approvalSubjectOf, lookupForScope } from "./dotenv-boundary.js";
import type { Scope, ServerConfig, VariableUse } from "./types.js";

const lookup = (trusted?: boolean): VariableLookup => ({
  env: {},
  defines: {},
  projectDotenv: { URL: "http://repo" },
  userDotenv: { U: "u" },
  ...(trusted !== undefined && { projectDotenvTrusted: trusted }),
});

describe("lookupForScope", () => {
  it.each<[Scope, boolean | undefined, Record<string, string>]>([
    ["project", undefined, { URL: "http://repo" }],
    ["user", undefined, {}],
    ["local", undefined, {}],
    ["cli", undefined, {}],
    ["user", false, {}],
    ["user", true, { URL: "http://repo" }],
  ])("%s server, trusted %s → project .env %j", (scope, trusted, want) => {
    const r = lookupForScope(scope, lookup(trusted));
    expect([r.projectDotenv, r.userDotenv]).toEqual([want, { U: "u" }]);
  });

  it("an unset variable the project's .env sets says how to trust it", () => {
    const r = expandServerConfig(
      { transport: "stdio", command: "srv", args: ["${URL}"], env: {} } as ServerConfig,
      lookupForScope("user", lookup()),
      { baseDir: "/" },
    );
    expect(r.ok ? "" : r.error.message).toBe(
      "variable URL is not set (used in args[0]); set it in the environment, pass -D URL=…, or add it to .env; " +
        "URL is set in this project's .env, which your own servers do not read until you trust that file: " +
        "codeagent mcp approve --project-env",
    );
  });
});

describe("approvalSubjectOf", () => {
  const use = (name: string, source: VariableUse["source"]): VariableUse => ({
    name,
    source,
    field: "env.X",
  });
  const raw = { command: "srv", env: { X: "${A}" } };
  it.each<[string, VariableUse[], unknown]>([
    ["no variables: the entry as written (earlier approvals stay valid)", [], raw],
    ["only the user's values: the entry", [use("A", "env"), use("B", "user-dotenv")], raw],
    [
      "values from the project's .env join it, sorted and once",
      [use("B", "project-dotenv"), use("A", "project-dotenv"), use("B", "project-dotenv")],
      { entry: raw, projectDotenv: { A: "1", B: "2" } },
    ],
  ])("%s", (_, uses, want) => {
    expect(approvalSubjectOf(raw, uses, { A: "1", B: "2" })).toEqual(want);
  });

  it("a definition without a subject is approved by its entry", () => {
    expect([approvalSubject({ raw }), approvalSubject({ raw, approvalSubject: { entry: raw } })]).toEqual([
      raw,
      { entry: raw },
    ]);
  });
});
