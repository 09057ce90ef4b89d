import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { renderToolResult, type RenderedResult } from "./output.js";

const PNG =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";
const ok = (text: string): RenderedResult => ({ text, isError: false, media: [], truncated: false });

describe("renderToolResult", () => {
  let saveDir: string;
  beforeEach(() => {
    saveDir = join(mkdtempSync(join(tmpdir(), "codeagent-out-")), "outputs");
  });

  it.each<[string, unknown, RenderedResult]>([
    [
      "text blocks",
      {
        content: [
          { type: "text", text: "a" },
          { type: "text", text: "b" },
        ],
      },
      ok("a\nb"),
    ],
    [
      "isError is carried",
      { content: [{ type: "text", text: "boom" }], isError: true },
      { ...ok("boom"), isError: true },
    ],
    ["isError must be true, not truthy", { content: [], isError: "yes" }, ok("")],
    [
      "structuredContent when content is empty",
      { content: [], structuredContent: { n: 1, s: "\x1b[31mx" } },
      ok('{\n  "n": 1,\n  "s": "\\u001b[31mx"\n}'),
    ],
    ["structuredContent when content is missing", { structuredContent: [1, 2] }, ok("[\n  1,\n  2\n]")],
    ["explicit structuredContent null is shown", { content: [], structuredContent: null }, ok("null")],
    [
      "content wins over structuredContent",
      { content: [{ type: "text", text: "t" }], structuredContent: { n: 1 } },
      ok("t"),
    ],
    [
      "structuredContent when content is not an array",
      { content: "odd", structuredContent: { n: 1 } },
      ok('{\n  "n": 1\n}'),
    ],
    ["content not an array, no structuredContent", { content: { type: "text", text: "solo" } }, ok("solo")],
    ["null content", { content: null }, ok("")],
    ["empty object", {}, ok("")],
    ["not an object: string", "plain", ok('"plain"')],
    ["not an object: null", null, ok("null")],
    ["not an object: undefined", undefined, ok("undefined")],
    ["not an object: array", [{ type: "text", text: "x" }], ok('[{"type":"text","text":"x"}]')],
    [
      "image placeholder by default",
      { content: [{ type: "image", data: PNG, mimeType: "image/png" }] },
      ok("[image: image/png, 70 B]"),
    ],
    ["escapes stripped from text", { content: [{ type: "text", text: "\x1b]0;t\x07ok\r\n" }] }, ok("ok\n")],
  ])("%s", (_name, result, expected) => {
    expect(renderToolResult(result, { saveDir })).toEqual(expected);
  });

  it("attaches media when the model supports it", () => {
    const result = { content: [{ type: "image", data: PNG, mimeType: "image/png" }] };
    expect(renderToolResult(result, { saveDir, supportsMedia: true })).toEqual({
      text: "",
      isError: false,
      media: [{ type: "image", mimeType: "image/png", data: PNG }],
      truncated: false,
    });
  });

  it("caps big output, saves it whole, keeps isError", () => {
    const big = "q".repeat(250);
    const r = renderToolResult(
      { content: [{ type: "text", text: big }], isError: true },
      { saveDir, maxChars: 100, now: () => new Date("2025-01-01T00:00:00Z"), label: "mcp__s__t" },
    );
    expect(r).toEqual({
      text: `${"q".repeat(100)}\n\n[output truncated: 250 B total, showing the first 100 characters; full output saved to ${r.savedTo}]`,
      isError: true,
      media: [],
      truncated: true,
      savedTo: expect.stringMatching(/\/outputs\/mcp__s__t-2025-01-01T00-00-00-000Z-[0-9a-f]{6}\.txt$/),
    });
    expect(readFileSync(r.savedTo ?? "", "utf8")).toEqual(big);
  });

  it("never throws on hostile shapes", () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    const odd: unknown[] = [
      cyclic,
      { content: [cyclic] },
      { structuredContent: cyclic },
      { content: [{ type: "text", text: 10n }] },
      { content: [{ type: "resource", resource: { uri: 5, blob: 5 } }] },
      { content: [null, undefined, 1, "s", [], { type: null }] },
      Object.create(null),
      10n,
      Symbol("s"),
    ];
    for (const o of odd) expect(() => renderToolResult(o, { saveDir })).not.toThrow();
  });
});
