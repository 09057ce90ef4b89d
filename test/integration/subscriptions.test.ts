// subscriptions/listen (§14) against the 2026-07-28-only fixture (modern.mjs) over stdio and HTTP: a tool the
// server adds at run time reaches the registry through the listen stream, with no unsolicited notification.
import type { ChildProcess } from "node:child_process";
import { afterEach, describe, expect, it } from "vitest";
import type { McpManager } from "../../src/core/mcp/servers/manager.js";
import { fixture, nodeServer, sandbox } from "../helpers/env.js";
import { managerFor } from "../helpers/manager.js";
import { startModernHttp } from "../helpers/modern-http.js";

const managers: McpManager[] = [];
const children: ChildProcess[] = [];
afterEach(async () => {
  await Promise.all(managers.splice(0).map((m) => m.shutdown()));
  for (const c of children.splice(0)) c.kill();
});

const toolNames = (m: McpManager, s: string) => m.snapshot(s).lists.tools.map((t) => t.name);

describe("subscriptions/listen on a modern server", () => {
  it.each(["stdio", "http"] as const)("a tool added at run time is listed again (%s)", async (kind) => {
    let entry: Record<string, unknown>;
    if (kind === "stdio") entry = nodeServer("modern.mjs", {}, { args: [fixture("modern.mjs"), "stdio"] });
    else {
      const http = startModernHttp();
      children.push(http.child);
      entry = { url: await http.url };
    }
    const m = managerFor(sandbox(), { m: entry });
    managers.push(m);
    await m.start({ waitMs: 15_000 });
    expect(toolNames(m, "m")).not.toContain("grown");
    await expect
      .poll(
        () =>
          m
            .log("m")
            .lines()
            .some((l) => l.text.startsWith("listening for changes")),
        { timeout: 10_000 },
      )
      .toBe(true);
    expect((await m.callTool("m", "grow", {})).content).toEqual([{ type: "text", text: "grew" }]);
    await expect.poll(() => toolNames(m, "m"), { timeout: 10_000 }).toContain("grown");
    expect(
      m
        .log("m")
        .lines()
        .map((l) => l.text),
    ).toContain("listening for changes (toolsListChanged)");
  });
});

describe("the end of a modern HTTP connection", () => {
  it("closes the listen stream without a notifications/cancelled POST, which strict servers refuse", async () => {
    const http = startModernHttp({ STRICT_HEADERS: "1" });
    children.push(http.child);
    const m = managerFor(sandbox(), { m: { url: await http.url } });
    await m.start({ waitMs: 15_000 });
    expect(m.snapshot("m").state.status).toBe("ready");
    await expect
      .poll(
        () =>
          m
            .log("m")
            .lines()
            .some((l) => l.text.startsWith("listening for changes")),
        { timeout: 10_000 },
      )
      .toBe(true);
    await m.shutdown();
    // A POST sent on the way out would be answered (and printed) at once; the server's own end comes after.
    const ended = new Promise((resolve) => http.child.once("exit", resolve));
    http.child.kill("SIGTERM");
    await ended;
    expect(http.output()).not.toMatch(/REFUSED/);
  });
});
