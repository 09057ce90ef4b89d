// The index thread of `mcp search` (the compiled one in dist/, as the CLI runs it): from a server's lists as
// JSON text it makes the piece the main thread makes of the registered tools, names its docs, and reads a
// saved piece back whole. And what `ListedPieces` relies on when it serves registered tools from that piece
// by name: the listing's searchable form is, tool by tool, the registered tools' form.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  freeCores,
  ownTicksSince,
  parseCpuTicks,
  threadPays,
  type PieceThread as Thread,
  type ThreadPiece,
} from "../../src/cli/commands/mcp-search-thread.js";
import { pieceOfListing } from "../../src/cli/commands/mcp-search-index.js";
import type { RawTool } from "../../src/core/mcp/lenient.js";
import type { ServerLists } from "../../src/core/mcp/server-state.js";
import { cacheFileText } from "../../src/core/mcp/tool-cache.js";
import { loadOrBuildPiece, sortByName } from "../../src/core/search/piece-store.js";
import { encodePiece } from "../../src/core/search/index-file.js";
import { buildIndexPiece } from "../../src/core/search/index.js";
import { lazySearchable, listedSearchable, toSearchable } from "../../src/core/tools/searchable.js";
import type { ToolEntry } from "../../src/core/tools/types.js";
import { catalogueEntries, FRESH_CATALOGUE_DIR, HELDOUT_CATALOGUE_DIR, loadCatalogue } from "./catalogue.js";

const { PieceThread } = (await import(
  join(import.meta.dirname, "../../dist/cli/commands/mcp-search-thread.js")
)) as { PieceThread: typeof Thread };
const dir = mkdtempSync(join(tmpdir(), "codeagent-thread-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** What registers from a server's listing, as the catalogue's tools do. */
const registered = (server: string, tools: RawTool[]) =>
  catalogueEntries([{ server, package: "", version: "", tools }]);
const plain = (t: ReturnType<typeof toSearchable>) => ({
  name: t.name,
  server: t.server,
  tool: t.tool,
  description: t.description,
  parameters: t.parameters,
});

describe("PieceThread", () => {
  const gitlab = loadCatalogue().find((s) => s.server === "gitlab")!;
  const tools = sortByName(registered("gitlab", gitlab.tools).map(toSearchable));
  const text = JSON.stringify({ server: "gitlab", tools: gitlab.tools, resources: [] });

  it("builds the piece of the registered tools from the lists' text, then reads it from its file", async () => {
    const thread = PieceThread.start()!;
    try {
      const built = await thread.build("gitlab", text, dir);
      expect({ from: built?.found.from, piece: built?.found.piece, docs: built?.docs }).toEqual({
        from: "built",
        piece: buildIndexPiece(tools),
        docs: { names: tools.map((t) => t.name), tools: tools.map((t) => t.tool) },
      });
      // In a folder with no piece file yet, the key is made only when asked for, after the build.
      expect(built!.found.file).toBe("");
      // Asked twice (once as the pieces come, once at the end): both wait for the same keys.
      await Promise.all([thread.keyPieces(), thread.keyPieces()]);
      expect(built!.found.file).toBe(loadOrBuildPiece(tools, dir).file);
      // Saved the way the index cache saves it, it is read back on the thread.
      writeFileSync(built!.found.file, encodePiece(built!.found.piece, built!.found.key));
      const read = await thread.build("gitlab", text, dir);
      expect({
        from: read?.found.from,
        piece: read?.found.piece,
        same: read?.found.file === loadOrBuildPiece(tools, dir).file,
      }).toEqual({ from: "file", piece: buildIndexPiece(tools), same: true });
    } finally {
      await thread.close();
    }
  });
});

describe("PieceThread.fromLine", () => {
  const gitlab = loadCatalogue().find((s) => s.server === "gitlab")!;
  const tools = sortByName(registered("gitlab", gitlab.tools).map(toSearchable));
  const listing = { http: false, era: "legacy", canRunTasks: false } as const;
  const line = (result: unknown) => Buffer.from(JSON.stringify({ result, jsonrpc: "2.0", id: 2 }));

  it("builds from a tools/list answer line the piece it builds from the lists' text; says what other lines are", async () => {
    const thread = PieceThread.start()!;
    const empty = mkdtempSync(join(tmpdir(), "codeagent-thread-"));
    try {
      const [fromLine, page, other] = await Promise.all(
        [
          line({ tools: gitlab.tools }),
          line({ tools: gitlab.tools, nextCursor: "2" }),
          line({ resources: [] }),
        ].map((l) => thread.fromLine("gitlab", l, listing, empty).made),
      );
      const piece = fromLine as ThreadPiece;
      expect({ piece: piece.found.piece, tools: piece.docs.tools }).toEqual({
        piece: buildIndexPiece(tools),
        tools: tools.map((t) => t.tool),
      });
      expect([page, other]).toEqual([{ listing: "page" }, { listing: "other" }]);
    } finally {
      await thread.close();
      rmSync(empty, { recursive: true, force: true });
    }
  });

  it("writes the tool cache from the line that was the whole list, as the main thread would, and only then", async () => {
    const thread = PieceThread.start()!;
    const home = mkdtempSync(join(tmpdir(), "codeagent-thread-"));
    try {
      const lists: ServerLists = {
        tools: gitlab.tools,
        skippedTools: [{ name: "x", reason: "why" }],
        resources: [],
        templates: [],
        prompts: [{ name: "p" }],
        notes: [],
        fromCache: false,
      };
      const sent = (l: Uint8Array) => thread.fromLine("gitlab", l, listing, home).id;
      const whole = [sent(line({ resources: [] })), sent(line({ tools: gitlab.tools }))];
      const paged = [sent(line({ tools: gitlab.tools, nextCursor: "2" })), sent(line({ tools: [] }))];
      const file = join(home, "tools.json");
      const written = await Promise.all([
        thread.writeCache(whole, file, lists, "gitlab"),
        thread.writeCache(paged, join(home, "paged.json"), lists, "gitlab"),
        thread.writeCache(whole, join(home, "again.json"), lists, "gitlab"),
      ]);
      expect(written).toEqual([true, false, false]);
      expect(readFileSync(file, "utf8")).toBe(cacheFileText(lists, "gitlab"));
      expect(readdirSync(home)).toEqual(["tools.json"]);
    } finally {
      await thread.close();
      rmSync(home, { recursive: true, force: true });
    }
  });
});

describe("a PieceThread that ended", () => {
  it("answers what is asked of it afterwards at once, as a failure, instead of never", async () => {
    const thread = PieceThread.start()!;
    await thread.close();
    const line = Buffer.from(JSON.stringify({ jsonrpc: "2.0", id: 1, result: { tools: [] } }));
    const lists: ServerLists = {
      ...{ tools: [], skippedTools: [], resources: [], templates: [], prompts: [], notes: [] },
      fromCache: false,
    };
    const sent = thread.fromLine("s", line, { http: false, era: "legacy", canRunTasks: false }, dir);
    expect(
      await Promise.all([
        thread.build("s", JSON.stringify({ tools: [] }), dir),
        sent.made,
        thread.writeCache([sent.id], join(dir, "never.json"), lists),
        thread.keyPieces(),
      ]),
    ).toEqual([undefined, undefined, false, undefined]);
  });
});

describe("a request the thread cannot be sent", () => {
  it("fails as if the thread had, instead of throwing or never answering", async () => {
    const thread = PieceThread.start()!;
    try {
      const listing = { http: false, era: "legacy", canRunTasks: false } as const;
      // A shared buffer cannot be moved, a function cannot be cloned.
      const shared = new Uint8Array(new SharedArrayBuffer(8));
      const lists = {
        ...{ tools: [], skippedTools: [], resources: [], templates: [], prompts: [], notes: [] },
        fromCache: false,
        hostile: () => 1,
      } as unknown as ServerLists;
      const sent = thread.fromLine("s", shared, listing, dir);
      expect(
        await Promise.all([sent.made, thread.writeCache([sent.id], join(dir, "x.json"), lists)]),
      ).toEqual([undefined, false]);
      // And the thread still works.
      const line = Buffer.from(JSON.stringify({ jsonrpc: "2.0", id: 1, result: { resources: [] } }));
      expect(await thread.fromLine("s", line, listing, dir).made).toEqual({ listing: "other" });
    } finally {
      await thread.close();
    }
  });
});

describe("pieceOfListing", () => {
  const piece = (tools: number): ThreadPiece => ({
    found: { piece: buildIndexPiece([]), key: new Uint8Array(0), file: "", from: "built" },
    docs: { names: [], tools: Array.from({ length: tools }, (_, i) => `t${i}`) },
  });
  const other = { listing: "other" } as const;
  const page = { listing: "page" } as const;
  const three = piece(3);

  it.each([
    ["the one whole list among other lines", [other, three, other], 3, three],
    ["no line was a list", [other], 3, undefined],
    ["a page of a list that went on", [page, three], 3, undefined],
    ["two lists: which one the lists came from is unknown", [three, piece(3)], 3, undefined],
    ["a list of another length (a last page alone)", [piece(2)], 3, undefined],
    ["the thread failed", [undefined, three], 3, undefined],
  ])("%s", (_what, replies, tools, expected) => {
    expect(pieceOfListing(replies, tools)).toBe(expected);
  });
});

describe("threadPays", () => {
  it.each([
    [0.2, 2, true],
    [1, 2, true],
    [1.5, 2, false],
    [6, 2, false],
    [0, 1, false],
    [2.9, 4, true],
    [3.5, 4, false],
  ])("load %s on %s cores: %s", (load, cores, pays) => {
    expect(threadPays(load, cores)).toBe(pays);
  });

  it("goes by the cores idle during this start when measured, not by the lagging load average", () => {
    const cases: [number, number, number, boolean][] = [
      [3, 2, 0.8, true],
      [3, 2, 0.5, true],
      [0.1, 2, 0.4, false],
      [0.1, 2, 0, false],
      [0, 1, 1, false],
      [5, 4, 1.6, true],
    ];
    expect(cases.map(([load, cores, free]) => threadPays(load, cores, free))).toEqual(
      cases.map(([, , , pays]) => pays),
    );
  });
});

describe("free cores from /proc/stat", () => {
  it("reads the first line's idle and iowait against every tick, guest left out", () => {
    const stat = "cpu  100 5 50 800 20 3 2 0 7 0\ncpu0 50 2 25 400 10 1 1 0 3 0\nintr 1\n";
    expect(parseCpuTicks(stat)).toEqual({ idle: 820, total: 980 });
    expect(["", "cpu  1 2 x", "intr 1\ncpu  1 2"].map(parseCpuTicks)).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
  });

  it("averages the idle share over the span, and says nothing of a span too short", () => {
    const a = { idle: 1000, total: 2000 };
    expect([
      freeCores(a, { idle: 1030, total: 2100 }, 2),
      freeCores(a, { idle: 1000, total: 2100 }, 4),
      freeCores(a, { idle: 1005, total: 2010 }, 2),
    ]).toEqual([0.6, 0, undefined]);
  });

  it("counts the process's own CPU time as free, never more than every core", () => {
    const a = { idle: 1000, total: 2000 };
    // 100 ticks of two cores: 20 idle, 30 this process's own (its main thread loading modules).
    expect([
      freeCores(a, { idle: 1020, total: 2100 }, 2, 30),
      freeCores(a, { idle: 1020, total: 2100 }, 2, 500),
    ]).toEqual([1, 2]);
    const before = process.cpuUsage();
    let x = 0;
    for (let i = 0; i < 2e6; i++) x += Math.sqrt(i);
    expect(x > 0 && ownTicksSince(before) > 0).toBe(true);
  });
});

describe("a listing's searchable form", () => {
  const servers = [
    ...loadCatalogue(),
    ...loadCatalogue(HELDOUT_CATALOGUE_DIR),
    ...loadCatalogue(FRESH_CATALOGUE_DIR),
  ];
  // Odd listings too: a tool without a schema, one whose schema is not an object (skipped), control
  // characters and a title instead of a description, two names that sanitize alike.
  const odd: RawTool[] = [
    { name: "no_schema", description: "Has \u0007no schema" },
    { name: "array_schema", description: "Skipped", inputSchema: [] },
    { name: "titled", title: "Only a title", inputSchema: { type: "object" } },
    { name: "a.b", description: "dot", inputSchema: { type: "object", properties: { x: {} } } },
    { name: "a-b", description: "dash", inputSchema: { type: "object", properties: { y: {} } } },
  ];

  it("is, tool by tool, the form of what registers from it, also through its JSON text", () => {
    const mismatches = [...servers.map((s) => [s.server, s.tools] as const), ["odd", odd] as const].flatMap(
      ([server, raw]) => {
        const listed = listedSearchable(server, JSON.parse(JSON.stringify(raw)) as RawTool[]);
        const byName = new Map(listed.map((t) => [t.name, t]));
        return registered(server, raw)
          .filter((e) => e.source.type === "mcp" && e.source.kind === "tool")
          .filter((e) => {
            const l = byName.get(e.name);
            const lazy = lazySearchable(e as ToolEntry & { source: { type: "mcp" } });
            return (
              l === undefined ||
              JSON.stringify(plain(l)) !== JSON.stringify(plain(toSearchable(e))) ||
              JSON.stringify(plain(lazy)) !== JSON.stringify(plain(toSearchable(e)))
            );
          })
          .map((e) => e.name);
      },
    );
    expect(mismatches).toEqual([]);
  });
});
