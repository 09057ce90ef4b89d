// host.search (§15.1, §17): the library host ranks its registered tools like `mcp search --json`, follows
// list changes, and refuses a bad limit with a typed error.
import { afterEach, describe, expect, it } from "vitest";
import { CodeagentError, createMcpHost, type McpHost } from "../../src/core/index.js";
import { nodeServer, sandbox } from "../helpers/env.js";

const hosts: McpHost[] = [];
afterEach(async () => {
  await Promise.all(hosts.splice(0).map((h) => h.close()));
});

async function host(servers: Record<string, unknown>) {
  const sb = sandbox();
  const h = await createMcpHost({ cwd: sb.project, env: sb.env, servers, startupWaitMs: 15_000 });
  hosts.push(h);
  return h;
}

describe("host.search", () => {
  it("ranks the registered tools against a task description, in the mcp search --json shape", async () => {
    const h = await host({ echo: nodeServer("echo.mjs") });
    expect(h.search("add two numbers together", { limit: 1 })).toEqual([
      {
        name: "mcp__echo__add",
        server: "echo",
        tool: "add",
        description: "Adds two numbers",
        score: expect.any(Number) as number,
      },
    ]);
    const names = h.search("wait a few milliseconds").map((r) => r.name);
    expect(names[0]).toBe("mcp__echo__sleep");
    expect(h.search("   ")).toEqual([]);
  });

  it("finds tools a server adds later (the index follows the registry)", async () => {
    const h = await host({ lc: nodeServer("list-changing.mjs", { BURST: "1" }) });
    expect(h.search("gamma").map((r) => r.name)).toEqual([]);
    const changed = new Promise<void>((resolve) => {
      const off = h.on("tools", (c) => {
        if (c.tools.some((t) => t.name === "mcp__lc__gamma")) {
          off();
          resolve();
        }
      });
    });
    await h.callTool("mcp__lc__mutate");
    await changed;
    expect(h.search("gamma").map((r) => r.name)).toEqual(["mcp__lc__gamma"]);
  });

  it("refuses a limit that is not a whole number of at least 1", async () => {
    const h = await host({ echo: nodeServer("echo.mjs") });
    const err = (() => {
      try {
        h.search("echo", { limit: 0 });
      } catch (e) {
        return e;
      }
    })();
    expect(err).toBeInstanceOf(CodeagentError);
    expect({ code: (err as CodeagentError).code, message: (err as CodeagentError).message }).toEqual({
      code: "INVALID_ARGUMENTS",
      message: "search limit must be a whole number of at least 1, got 0",
    });
  });
});
