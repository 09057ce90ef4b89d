// Tool calls through the registry (§5, §7): per-call timeout reset by progress, the hard total cap,
// cancellation reaching the server on timeout and on abort, include/exclude filters, and the virtual tools.
import { afterEach, describe, expect, it } from "vitest";
import type { McpManager } from "../../src/core/mcp/servers/manager.js";
import { nodeServer, sandbox } from "../helpers/env.js";
import { hostFor } from "../helpers/manager.js";

const managers: McpManager[] = [];
afterEach(async () => {
  await Promise.all(managers.splice(0).map((m) => m.shutdown()));
});

async function host(servers: Record<string, unknown>) {
  const h = hostFor(sandbox(), servers);
  managers.push(h.manager);
  await h.start({ waitMs: 10_000 });
  return { m: h.manager, registry: h.registry, host: h };
}

async function logged(m: McpManager, server: string, text: string, ms = 5000): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (
      m
        .log(server)
        .lines()
        .some((l) => l.text === text)
    )
      return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return false;
}

describe("timeouts and cancellation", () => {
  it("times out a call after timeoutMs, names the setting, and tells the server", async () => {
    const { m, registry } = await host({ c: nodeServer("cancel-aware.mjs", {}, { timeoutMs: 300 }) });
    const r = await registry.get("mcp__c__wait")!.execute({ ms: 30_000 }, {});
    expect(r.isError).toBe(true);
    expect(r.error?.code).toBe("CALL_TIMEOUT");
    expect(r.text).toContain("timeoutMs");
    expect(await logged(m, "c", "cancelled wait")).toBe(true);
  });

  it("progress notifications reset the per-call timeout", async () => {
    // The call lasts 3 s against a 2 s timeout; each gap between progress notifications is 600 ms, a margin a
    // loaded machine does not eat.
    const { registry } = await host({ c: nodeServer("cancel-aware.mjs", {}, { timeoutMs: 2000 }) });
    const seen: number[] = [];
    const r = await registry
      .get("mcp__c__tick")!
      .execute({ steps: 5, intervalMs: 600 }, { onProgress: (p) => seen.push(p.progress) });
    expect(r.text).toBe("ticked 5");
    expect(seen).toEqual([1, 2, 3, 4, 5]);
  });

  it("the hard total cap still ends a call that keeps sending progress", async () => {
    const { m, registry } = await host({
      // Progress every 100 ms keeps the 2 s per-call timeout from firing: only the cap can end the call.
      c: nodeServer("cancel-aware.mjs", {}, { timeoutMs: 2000, maxTotalTimeoutMs: 1500 }),
    });
    const r = await registry.get("mcp__c__tick")!.execute({ steps: 100, intervalMs: 100 }, {});
    expect(r.error?.code).toBe("CALL_TIMEOUT");
    expect(await logged(m, "c", "cancelled tick")).toBe(true);
  });

  it("aborting the signal (Ctrl-C) cancels the call at the server", async () => {
    const { m, registry } = await host({ c: nodeServer("cancel-aware.mjs") });
    const abort = new AbortController();
    // Aborted once the server has the call: one aborted before it was sent never reaches the server at all.
    const r = registry.get("mcp__c__wait")!.execute({ ms: 30_000 }, { signal: abort.signal });
    expect(await logged(m, "c", "waiting", 20_000)).toBe(true);
    abort.abort();
    expect(await r).toMatchObject({ error: { code: "CANCELLED" } });
    expect(await logged(m, "c", "cancelled wait")).toBe(true);
  });
});

describe("registration", () => {
  it("applies includeTools and excludeTools (exclude wins)", async () => {
    const { registry } = await host({
      e: nodeServer("echo.mjs", {}, { includeTools: ["echo", "add", "sleep"], excludeTools: ["sleep"] }),
    });
    expect(
      registry
        .serverTools("e")
        .filter((t) => t.source.type === "mcp" && t.source.kind === "tool")
        .map((t) => t.name),
    ).toEqual(["mcp__e__add", "mcp__e__echo"]);
  });

  it("offers read-only virtual tools for resources and prompts", async () => {
    const { registry } = await host({ e: nodeServer("echo.mjs") });
    const names = ["list_resources", "read_resource", "list_prompts", "get_prompt"].map(
      (n) => `mcp__e__${n}`,
    );
    for (const n of names) expect(registry.get(n)?.readOnly).toBe(true);
    const read = await registry.get("mcp__e__read_resource")!.execute({ uri: "echo://hello" }, {});
    expect(read.text).toContain("hello");
    const prompt = await registry
      .get("mcp__e__get_prompt")!
      .execute({ name: "greet", arguments: { name: "Ada" } }, {});
    expect(prompt.text).toContain("Ada");
    const list = await registry.get("mcp__e__list_resources")!.execute({}, {});
    expect(JSON.parse(list.text).resources[0].uri).toBe("echo://hello");
  });

  it("removes a server's tools when it fails and re-registers them when it comes back", async () => {
    const h = hostFor(sandbox(), { crashy: nodeServer("crash-on-call.mjs") }, { restartDelaysMs: [200] });
    managers.push(h.manager);
    const registry = h.registry;
    await h.start({ waitMs: 10_000 });
    expect(registry.get("mcp__crashy__echo")).toBeDefined();
    const changes: number[] = [];
    registry.on("changed", () => changes.push(registry.serverTools("crashy").length));
    const r = await registry.get("mcp__crashy__crash")!.execute({}, {});
    expect(r.error?.code).toBe("SERVER_EXITED");
    const end = Date.now() + 20_000;
    while (registry.get("mcp__crashy__echo") === undefined && Date.now() < end) {
      await new Promise((res) => setTimeout(res, 50));
    }
    expect(changes[0]).toBe(0);
    expect(registry.get("mcp__crashy__echo")).toBeDefined();
  });
});

describe("a required key that accepts null", () => {
  it("is optional to the model and sent as null when left out, so the server's validation passes", async () => {
    const { registry } = await host({ n: nodeServer("nullable.mjs") });
    const entry = registry.get("mcp__n__save")!;
    const raw = entry.rawInputSchema as { required: string[]; properties: Record<string, unknown> };
    expect(raw.required).toEqual(expect.arrayContaining(["path", "id"]));
    expect(entry.inputSchema.required).toEqual(["id"]);
    const left = await entry.execute({ id: "a" }, {});
    expect(left.isError).not.toBe(true);
    expect(JSON.stringify(left.content)).toContain(
      JSON.stringify(JSON.stringify({ path: null, id: "a" })).slice(1, -1),
    );
    const given = await entry.execute({ id: "b", path: "/x" }, {});
    expect(JSON.stringify(given.content)).toContain("/x");
  });
});
