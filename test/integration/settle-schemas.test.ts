// `lazySchemas: "settle"` (what `mcp search` registers with): every tool registers without its schema being
// sanitized, and `settleSchemas()` then leaves out exactly the tools a plain host leaves out, with its reasons.
import { afterEach, describe, expect, it } from "vitest";
import type { AssembledHost } from "../../src/core/host/create-host.js";
import { fixture, sandbox } from "../helpers/env.js";
import { hostFor } from "../helpers/manager.js";

const hosts: AssembledHost[] = [];
afterEach(async () => {
  await Promise.all(hosts.splice(0).map((h) => h.close()));
});

const obj = (properties: Record<string, unknown>) => ({ type: "object", properties });
const tools = [
  { name: "plain", inputSchema: obj({ q: { type: "string" } }) },
  { name: "reffed", inputSchema: { ...obj({ q: { $ref: "#/$defs/q" } }), $defs: { q: { type: "string" } } } },
  { name: "stringy", inputSchema: { type: "string" } },
  { name: "nothing", inputSchema: { type: "object", anyOf: [{ not: {} }] } },
].map((t) => ({ ...t, description: "Frobnicates the widget" }));

describe("settleSchemas", () => {
  it("leaves out the tools whose schema is refused, as registering them eagerly does", async () => {
    const sb = sandbox();
    const defs = sb.writeJson("defs.json", { tools });
    const servers = { f: { command: process.execPath, args: [fixture("file-defined.mjs"), defs] } };
    const start = async (bridge?: { lazySchemas: "settle" }) => {
      const host = hostFor(sb, servers, bridge === undefined ? {} : { bridge });
      hosts.push(host);
      await host.start({ waitMs: 30_000 });
      return host;
    };
    const view = (h: AssembledHost) => ({
      tools: h.registry.serverTools("f").map((t) => t.name),
      skipped: h.registry.skipped("f"),
    });
    const eager = view(await start());
    const lazy = await start({ lazySchemas: "settle" });
    expect(view(lazy).tools).toEqual([
      "mcp__f__nothing",
      "mcp__f__plain",
      "mcp__f__reffed",
      "mcp__f__stringy",
    ]);
    lazy.bridge.settleSchemas();
    expect(view(lazy)).toEqual(eager);
    expect(eager.tools).toEqual(["mcp__f__plain", "mcp__f__reffed"]);
    // What registered keeps its sanitized schema, made when read.
    expect(lazy.registry.lookup("mcp__f__reffed")).toMatchObject({
      found: "tool",
      entry: { inputSchema: { type: "object", properties: { q: { type: "string" } } } },
    });
  });
});
