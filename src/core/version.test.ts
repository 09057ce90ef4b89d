import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { CLIENT_INFO } from "./mcp/connection/connection.js";
import { VERSION } from "./version.js";

describe("VERSION", () => {
  it("is package.json's version, and the one the host announces in initialize", () => {
    const pkg = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as {
      version: string;
    };
    expect({ VERSION, CLIENT_INFO }).toEqual({
      VERSION: pkg.version,
      CLIENT_INFO: { name: "codeagent", version: pkg.version },
    });
  });
});
