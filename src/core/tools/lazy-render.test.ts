import { existsSync, mkdtempSync, readFileSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { RENDER_ON_READ_FROM, renderOnRead, renderResult, rendersOnRead, withViewOf } from "./lazy-render.js";
import { renderToolResult } from "./output.js";

const PNG =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";

describe("renderOnRead", () => {
  let saveDir: string;
  beforeEach(() => {
    saveDir = join(mkdtempSync(join(tmpdir(), "codeagent-lazy-")), "outputs");
  });

  it.each<[string, unknown, { supportsMedia?: boolean }]>([
    [
      "text blocks",
      {
        content: [
          { type: "text", text: "a" },
          { type: "text", text: "b\u001b[31m" },
        ],
      },
      {},
    ],
    ["isError", { content: [{ type: "text", text: "boom" }], isError: true }, {}],
    ["structuredContent alone", { content: [], structuredContent: { a: 1 } }, {}],
    ["an image, no media", { content: [{ type: "image", data: PNG, mimeType: "image/png" }] }, {}],
    [
      "an image, media",
      { content: [{ type: "image", data: PNG, mimeType: "image/png" }] },
      { supportsMedia: true },
    ],
    ["not an object", ["x"], {}],
    ["null", null, {}],
  ])("%s: the same view and JSON as the eager render", (_name, raw, o) => {
    const opts = { saveDir, ...o };
    const lazy = renderOnRead(raw, opts);
    const eager = renderToolResult(raw, opts);
    expect(JSON.stringify(lazy)).toBe(JSON.stringify(eager));
    expect({ ...lazy }).toStrictEqual(eager);
    expect(Object.keys(lazy)).toEqual(Object.keys(eager));
  });

  it("isError is known before anything is rendered", () => {
    expect(renderOnRead({ isError: true, content: [] }, { saveDir }).isError).toBe(true);
    expect(renderOnRead({ isError: "yes" }, { saveDir }).isError).toBe(false);
  });

  it("saves an over-cap text only once the view is read, and only once", () => {
    const text = "line\n".repeat(100);
    const r = renderOnRead({ content: [{ type: "text", text }] }, { saveDir, maxChars: 50, label: "t" });
    expect(existsSync(saveDir)).toBe(false);
    expect(r.truncated).toBe(true);
    expect(r.text).toContain("[output truncated:");
    expect(r.savedTo).toBeDefined();
    expect(readFileSync(r.savedTo ?? "", "utf8")).toBe(text);
    expect(readdirSync(saveDir)).toHaveLength(1);
    expect(r.text).toContain(r.savedTo);
    expect(readdirSync(saveDir)).toHaveLength(1);
  });

  it("a view field can be replaced", () => {
    const r = renderOnRead({ content: [{ type: "text", text: "a" }] }, { saveDir });
    r.text = "replaced";
    expect(r.text).toBe("replaced");
    expect(r.truncated).toBe(false);
    expect(JSON.stringify(r)).toBe('{"text":"replaced","isError":false,"media":[],"truncated":false}');
  });
});

describe("withViewOf", () => {
  it("reads through in the document's key order, without savedTo when nothing was saved", () => {
    const saveDir = join(mkdtempSync(join(tmpdir(), "codeagent-lazy-")), "outputs");
    const doc = withViewOf(
      { tool: "t", isError: false },
      renderOnRead({ content: [{ type: "text", text: "hi" }] }, { saveDir }),
    );
    expect(JSON.stringify(doc)).toBe('{"tool":"t","isError":false,"text":"hi","truncated":false}');
    expect(Object.keys(doc)).toEqual(["tool", "isError", "text", "truncated"]);
  });

  it("keeps savedTo of a cut text", () => {
    const saveDir = join(mkdtempSync(join(tmpdir(), "codeagent-lazy-")), "outputs");
    const from = renderOnRead(
      { content: [{ type: "text", text: "x".repeat(100) }] },
      { saveDir, maxChars: 10 },
    );
    const doc = withViewOf({ tool: "t" }, from);
    expect(doc.truncated).toBe(true);
    expect(doc.savedTo).toBe(from.savedTo);
    expect(Object.keys(doc)).toEqual(["tool", "text", "truncated", "savedTo"]);
  });
});

describe("renderResult", () => {
  const saveDir = join(tmpdir(), "codeagent-lazy-unused");
  const text = (n: number) => ({ content: [{ type: "text", text: "x".repeat(n) }] });
  it.each<[string, unknown, boolean]>([
    ["a small text", text(10), false],
    ["just under the bound", text(RENDER_ON_READ_FROM - 1), false],
    ["at the bound", text(RENDER_ON_READ_FROM), true],
    [
      "large base64 data",
      { content: [{ type: "image", data: "A".repeat(RENDER_ON_READ_FROM), mimeType: "image/png" }] },
      true,
    ],
    [
      "a large embedded resource",
      { content: [{ type: "resource", resource: { uri: "f:", text: "y".repeat(RENDER_ON_READ_FROM) } }] },
      true,
    ],
    [
      "structuredContent with blocks",
      { content: [{ type: "text", text: "s" }], structuredContent: { a: 1 } },
      false,
    ],
    ["structuredContent alone", { content: [], structuredContent: { a: 1 } }, true],
    ["not an object", "x", false],
  ])("%s", (_name, raw, lazy) => {
    const r = renderResult(raw, { saveDir, maxChars: 10 * RENDER_ON_READ_FROM });
    expect(rendersOnRead(r)).toBe(lazy);
    expect(JSON.stringify(r)).toBe(
      JSON.stringify(renderToolResult(raw, { saveDir, maxChars: 10 * RENDER_ON_READ_FROM })),
    );
  });
});
