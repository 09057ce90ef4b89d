import { render } from "ink-testing-library";
import { describe, expect, it } from "vitest";
import { loadTokenCounter } from "../../core/agent/token-count.js";
import { ToolSession } from "../../core/agent/tool-session.js";
import { buildToolIndex } from "../../core/search/index.js";
import type { ToolEntry } from "../../core/tools/types.js";
import { parseSlash } from "./commands.js";
import { runCommand } from "./dispatch.js";
import { tokens as formatTokens } from "./format.js";
import { StatusLine } from "./StatusLine.js";
import { FakeManager } from "./testing/fake-host.js";
import { ViewBlock } from "./ViewBlock.js";
import { ToolRegistry } from "../../core/tools/registry.js";

function entry(name: string, server?: string): ToolEntry {
  return {
    name,
    description: `Does ${name}`,
    inputSchema: { type: "object", properties: { path: { type: "string" } } },
    rawInputSchema: undefined,
    source: server === undefined ? { type: "builtin" } : { type: "mcp", server, tool: name, kind: "tool" },
    readOnly: true,
    execute: () => Promise.resolve({ text: "", isError: false, media: [], truncated: false }),
  };
}

async function setup() {
  await loadTokenCounter();
  const registry = new ToolRegistry();
  registry.register(entry("read_file"));
  registry.replaceServerTools(
    "gitlab",
    Array.from({ length: 45 }, (_, i) => entry(`mcp__gitlab__t${i}`, "gitlab")),
  );
  const session = new ToolSession({ buildIndex: buildToolIndex });
  const stats = () => session.stats(registry.list());
  const run = (line: string) =>
    runCommand(parseSlash(line)!, {
      manager: new FakeManager([]),
      registry,
      agent: {
        run: () => Promise.reject(new Error("not used")),
        clear: () => undefined,
        toolStats: stats,
        contextStats: () => ({
          window: 128_000,
          nextTokens: 0,
          systemTokens: 0,
          toolTokens: 0,
          messageTokens: 0,
          messages: 0,
          compactAt: 102_400,
          session: { inputTokens: 0, outputTokens: 0 },
        }),
      },
    });
  return { stats, run };
}

describe("loaded and deferred tools in the session", () => {
  it("/tools and /context say what is loaded and what is deferred, with tokens", async () => {
    const { stats, run } = await setup();
    const s = stats();
    expect([s.loaded, s.deferred, s.deferredServers]).toEqual([2, 45, [{ server: "gitlab", tools: 45 }]]);
    for (const line of ["/tools", "/context"]) {
      const out = await run(line);
      if (out.kind !== "items" || out.items[0]?.kind !== "view") throw new Error("no view");
      const frame = (render(<ViewBlock view={out.items[0].view} />).lastFrame() ?? "").replace(/\s+/g, " ");
      if (line === "/tools") {
        expect(frame).toContain(
          `2 tools loaded (${formatTokens(s.loadedTokens)} tokens of definitions); 45 deferred behind search_tools (${formatTokens(s.deferredTokens)} tokens not sent); toolSearch: auto`,
        );
        expect(frame).toContain("gitlab (45 tools) deferred: found by search_tools");
      } else {
        expect(frame).toContain(
          `tool definitions ${formatTokens(s.loadedTokens)} in 2 tools; 45 deferred (${formatTokens(s.deferredTokens)} not sent: gitlab 45)`,
        );
      }
    }
  });

  it("the status line shows loaded and deferred counts and definition tokens", async () => {
    const { stats } = await setup();
    const s = stats();
    const frame = render(<StatusLine servers={[]} model="openai:gpt-5" tools={s} />).lastFrame() ?? "";
    expect(frame).toContain(`tools 2 +45 deferred · ${formatTokens(s.loadedTokens)} tok`);
  });
});
