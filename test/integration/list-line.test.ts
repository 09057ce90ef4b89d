// A long tools/list line read off the wire (`ClientSetup.onListLine`, what `mcp search`'s index thread starts
// on) gives, through `listingOfLine`, exactly the tools the connection keeps: judged entry by entry, control
// characters cleaned, duplicates, nameless and task-only tools left out, includeTools/excludeTools applied.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { McpManager } from "../../src/core/mcp/manager.js";
import { listingOfLine, type ListingContext } from "../../src/core/mcp/list-line.js";
import { fixture, sandbox } from "../helpers/env.js";
import { managerFor } from "../helpers/manager.js";

let manager: McpManager | undefined;
afterEach(async () => {
  await manager?.shutdown();
  manager = undefined;
});

const tools = [
  ...Array.from({ length: 300 }, (_, i) => ({
    name: `tool_${i}`,
    description: `Tool ${i}: ${"does a careful thing with the records it is given. ".repeat(6)}`,
    inputSchema: { type: "object", properties: { id: { type: "string", description: `the id ${i}` } } },
  })),
  { name: "tool_1", description: "a second tool_1 (a duplicate)" },
  { description: "no name" },
  { name: "colour", description: "\u001b[31mred\u001b[0m text\u0007" },
  { name: "long_job", description: "runs only as a task", execution: { taskSupport: "required" } },
];

describe("listingOfLine on a real server's line", () => {
  it("gives the very tools the manager registered, per server config", async () => {
    const sb = sandbox();
    const file = join(sb.dir, "tools.json");
    writeFileSync(file, JSON.stringify({ tools }));
    const server = (extra: Record<string, unknown> = {}) => ({
      command: process.execPath,
      args: [fixture("file-defined.mjs"), file],
      ...extra,
    });
    const lines = new Map<string, { text: string; listing: ListingContext }[]>();
    manager = managerFor(
      sb,
      {
        all: server(),
        some: server({ excludeTools: ["tool_3", "colour"] }),
        few: server({ includeTools: ["tool_7", "tool_8", "long_job"] }),
      },
      {
        onListLine: (name, line, listing) => {
          const text = Buffer.from(line).toString("utf8");
          lines.set(name, [...(lines.get(name) ?? []), { text, listing }]);
        },
      },
    );
    await manager.start({ waitMs: 30_000 });
    for (const name of ["all", "some", "few"]) {
      const read = (lines.get(name) ?? []).map((l) => listingOfLine(l.text, l.listing));
      const listed = read.filter((r) => r.kind === "tools");
      expect({ name, lines: listed.length }).toEqual({ name, lines: 1 });
      expect(listed[0]).toEqual({ kind: "tools", tools: manager.snapshot(name).lists.tools });
      // Byte for byte, as the tool cache writes them (the index thread writes it from these).
      expect(JSON.stringify(listed[0]!.kind === "tools" && listed[0]!.tools)).toBe(
        JSON.stringify(manager.snapshot(name).lists.tools),
      );
    }
    expect(manager.snapshot("few").lists.tools.map((t) => t.name)).toEqual(["tool_7", "tool_8"]);
    expect(manager.snapshot("all").lists.tools.find((t) => t.name === "colour")?.description).toBe(
      "red text",
    );
  });
});
