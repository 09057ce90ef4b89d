// One version string: `codeagent --version`, the library's VERSION and package.json agree.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { sandbox } from "../helpers/env.js";
import { runCli } from "../helpers/cli.js";
import { VERSION } from "../../src/core/index.js";

describe("--version", () => {
  it("prints package.json's version", async () => {
    const pkg = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as {
      version: string;
    };
    const r = await runCli(sandbox(), ["--version"]);
    expect({ code: r.code, stdout: r.stdout.trim(), VERSION }).toEqual({
      code: 0,
      stdout: pkg.version,
      VERSION: pkg.version,
    });
  });
});
