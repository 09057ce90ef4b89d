import { describe, expect, it } from "vitest";
import { CodeagentError } from "../../errors.js";
import { failedState, unavailable } from "./rules.js";
import type { ServerState } from "./state.js";

const mask = (t: string) => t.replaceAll("s3cret", "****");

describe("failedState", () => {
  it.each<[string, CodeagentError, ServerState]>([
    [
      "an error fails the server, its secrets masked",
      new CodeagentError("SERVER_EXITED", "exited with code 1: bad token s3cret"),
      {
        status: "failed",
        error: { code: "SERVER_EXITED", message: "exited with code 1: bad token ****" },
        at: 7,
      },
    ],
    [
      "a server that wants OAuth needs auth, and the message names the login to run",
      new CodeagentError("NEEDS_AUTH", "the server answered HTTP 401"),
      {
        status: "needs-auth",
        error: { code: "NEEDS_AUTH", message: "the server answered HTTP 401; run codeagent mcp login api" },
      },
    ],
    [
      "a message that already names the login is not repeated",
      new CodeagentError("NEEDS_AUTH", "not logged in: codeagent mcp login api"),
      {
        status: "needs-auth",
        error: { code: "NEEDS_AUTH", message: "not logged in: codeagent mcp login api" },
      },
    ],
  ])("%s", (_name, err, expected) => {
    expect(failedState("api", err, mask, 7)).toEqual(expected);
  });
});

describe("unavailable: a server still starting (issue 32.7)", () => {
  it("names the flag and the config key to change, not a library option", () => {
    const e = unavailable("slow", { status: "starting", since: Date.now() - 9_000, attempt: 0 });
    expect(e.code).toBe("SERVER_UNAVAILABLE");
    expect(e.message).toBe(
      'server "slow" is still starting (for 9 s): wait longer with --startup-wait MS, or raise "startupTimeoutMs" in its entry if it is slow to start (past it, the server fails with the reason)',
    );
  });
});
