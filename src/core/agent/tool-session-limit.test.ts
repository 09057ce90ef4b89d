// The session at the provider's tool count (§15.3): what search_tools and the calls' results tell the
// model when found and used tools no longer all fit, through the real search index.
import { describe, expect, it } from "vitest";
import { buildToolIndex } from "../search/index.js";
import type { ToolEntry } from "../tools/types.js";
import { PROVIDER_LIMITS } from "./tool-limits.js";
import { ToolSession } from "./tool-session.js";

function entry(name: string, server?: string): ToolEntry {
  return {
    name,
    description: `Does ${name}`,
    inputSchema: { type: "object", properties: {} },
    rawInputSchema: undefined,
    source:
      server === undefined
        ? { type: "builtin" }
        : { type: "mcp", server, tool: name.split("__")[2]!, kind: "tool" },
    readOnly: true,
    execute: () => Promise.resolve({ text: "", isError: false, media: [], truncated: false }),
  };
}

const all = [entry("read_file"), ...Array.from({ length: 50 }, (_, i) => entry(`mcp__gl__t${i}`, "gl"))];
const t = (...ids: number[]) => ids.map((i) => `mcp__gl__t${i}`);
const line = (i: number) => `mcp__gl__t${i} (server gl): Does mcp__gl__t${i}`;
const LIMIT = "limit 6 tools per request of provider openai";
const UNLOADED = `Unloaded to stay under the ${LIMIT} (a call by exact name still works):`;

describe("ToolSession at the provider's tool count", () => {
  it("names what a search could not load and what it unloaded; calls outlive finds; never past the count", async () => {
    // read_file + search_tools + 4 found or used tools.
    const s = new ToolSession({
      provider: "openai",
      limits: { ...PROVIDER_LIMITS.openai, maxTools: 6 },
      buildIndex: buildToolIndex,
    });
    const search = async (...ids: number[]) =>
      (await s.searchEntry.execute({ query: `select:${t(...ids).join(",")}`, limit: 20 }, {})).text;
    const sent = () => {
      const r = s.prepare(all);
      if (!r.ok) throw new Error(r.message);
      return Object.keys(r.value.aiTools);
    };
    expect(sent()).toEqual(["read_file", "search_tools"]);

    expect(await search(0, 1, 2)).toBe(
      `3 tools found and loaded; call them by name:\n${line(0)}\n${line(1)}\n${line(2)}`,
    );
    s.markCalled(t(0));
    // Room for 4: the called t0, then the newest found (t3, t4, t1); t2, the worst hit of the oldest
    // search, goes.
    expect(await search(3, 4)).toBe(
      `2 tools found and loaded; call them by name:\n${line(3)}\n${line(4)}\n${UNLOADED} mcp__gl__t2`,
    );
    expect(sent()).toEqual(["read_file", ...t(1, 0, 4, 3), "search_tools"]);

    // A call by exact name to the unloaded t2 loads it again, in place of the oldest found-only t1: the
    // step's results say so, once.
    s.markCalled(t(2));
    expect(s.unloadNote()).toBe(`${UNLOADED} mcp__gl__t1`);
    expect(s.unloadNote()).toBeUndefined();
    expect(sent()).toEqual(["read_file", ...t(0, 4, 3, 2), "search_tools"]);

    // Called tools fill the room: new finds cannot be loaded, and the found-only t4, t3 make way.
    s.markCalled(t(5, 6));
    expect(await search(7, 8)).toBe(
      "2 tools found, none loaded:\n" +
        `Not loaded (${LIMIT}; a call by exact name still works):\n${line(7)}\n${line(8)}\n` +
        `${UNLOADED} mcp__gl__t4, mcp__gl__t3`,
    );
    expect(sent()).toEqual(["read_file", ...t(0, 2, 6, 5), "search_tools"]);
    expect(s.usedTools).toEqual(t(1, 0, 4, 3, 2, 6, 5, 8, 7));
  });

  it("a model switch keeps which tools were called and what the model was told", async () => {
    const limits = { ...PROVIDER_LIMITS.openai, maxTools: 4 };
    const a = new ToolSession({ provider: "openai", limits, buildIndex: buildToolIndex });
    a.prepare(all);
    a.markCalled(t(0));
    await a.searchEntry.execute({ query: `select:${t(1, 2).join(",")}` }, {});
    const b = new ToolSession({ provider: "openai", limits, buildIndex: buildToolIndex });
    b.continueFrom(a);
    const r = b.prepare(all);
    // Room for 2: the called t0 and the newest found t1; t2 was already reported.
    expect(r.ok && r.value.plan.send).toEqual(["read_file", ...t(0, 1)]);
    expect(b.unloadNote()).toBeUndefined();
  });
});
