import { describe, expect, it } from "vitest";
import { renderBlock, renderContent, type RenderedContent } from "./render-content.js";
import type { MediaOptions } from "./render-media.js";

const PNG =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";
const textOnly: MediaOptions = { supportsMedia: false, maxMediaBytes: 5 * 1024 * 1024 };
const withMedia: MediaOptions = { supportsMedia: true, maxMediaBytes: 5 * 1024 * 1024 };

describe("renderBlock", () => {
  it.each<[string, unknown, ReturnType<typeof renderBlock>]>([
    ["text", { type: "text", text: "hello" }, { text: "hello" }],
    ["text is stripped", { type: "text", text: "\x1b[31mred\x1b[0m\r\n" }, { text: "red\n" }],
    ["text that is not a string", { type: "text", text: { a: 1 } }, { text: '{"a":1}' }],
    ["text missing", { type: "text" }, { text: "" }],
    [
      "embedded text resource",
      { type: "resource", resource: { uri: "file:///a.txt", mimeType: "text/plain", text: "line\x07" } },
      { text: "[resource: file:///a.txt (text/plain)]\nline" },
    ],
    [
      "embedded text resource without mimeType",
      { type: "resource", resource: { uri: "mem://x", text: "t" } },
      { text: "[resource: mem://x]\nt" },
    ],
    [
      "embedded blob",
      {
        type: "resource",
        resource: { uri: "file:///r.pdf", mimeType: "application/pdf", blob: "A".repeat(4096) },
      },
      { text: "[resource: file:///r.pdf, application/pdf, 3 KiB — binary, not shown]" },
    ],
    [
      "embedded blob without mimeType",
      { type: "resource", resource: { uri: "x:y", blob: "QUJD" } },
      { text: "[resource: x:y, unknown type, 3 B — binary, not shown]" },
    ],
    [
      "embedded resource with no content",
      { type: "resource", resource: { uri: "x:y" } },
      { text: "[resource: x:y — no content]" },
    ],
    ["embedded resource missing", { type: "resource" }, { text: "[resource: missing or invalid resource]" }],
    [
      "uri with a newline and escapes",
      { type: "resource", resource: { uri: "a\n\x1b[2Jb", text: "" } },
      { text: "[resource: a b]\n" },
    ],
    [
      "resource_link",
      { type: "resource_link", uri: "file:///etc/passwd", name: "passwd", mimeType: "text/plain" },
      { text: "[resource link: passwd <file:///etc/passwd> (text/plain)]" },
    ],
    [
      "resource_link without name or mime",
      { type: "resource_link", uri: "http://169.254.169.254/" },
      { text: "[resource link: <http://169.254.169.254/>]" },
    ],
    [
      "resource_link without uri",
      { type: "resource_link", name: "n" },
      { text: "[resource link: n <(no uri)>]" },
    ],
    [
      "image placeholder",
      { type: "image", data: PNG, mimeType: "image/png" },
      { text: "[image: image/png, 70 B]" },
    ],
    ["unknown type", { type: "video", data: "AAAA" }, { text: "[unsupported content block: video]" }],
    ["unknown type with escapes", { type: "x\x1b[31my" }, { text: "[unsupported content block: xy]" }],
    ["no type", { text: "orphan" }, { text: "[unsupported content block: no type]" }],
    ["non-string type", { type: 7 }, { text: "[unsupported content block: no type]" }],
    ["null block", null, { text: "[unsupported content block: null]" }],
    ["array block", [1], { text: "[unsupported content block: array]" }],
    ["number block", 3, { text: "[unsupported content block: number]" }],
    ["a bare string counts as text", "plain\x1b[0m", { text: "plain" }],
  ])("%s", (_name, block, expected) => {
    expect(renderBlock(block, textOnly)).toEqual(expected);
  });
});

describe("renderContent", () => {
  it.each<[string, unknown, MediaOptions, RenderedContent]>([
    ["missing", undefined, textOnly, { text: "", media: [] }],
    ["null", null, textOnly, { text: "", media: [] }],
    ["empty", [], textOnly, { text: "", media: [] }],
    [
      "blocks joined by newlines, the rest kept around an odd block",
      [{ type: "text", text: "a" }, { type: "video" }, { type: "text", text: "b" }],
      textOnly,
      { text: "a\n[unsupported content block: video]\nb", media: [] },
    ],
    [
      "media parts when supported, text alongside",
      [
        { type: "text", text: "see" },
        { type: "image", data: PNG, mimeType: "image/png" },
      ],
      withMedia,
      { text: "see", media: [{ type: "image", mimeType: "image/png", data: PNG }] },
    ],
    [
      "a single block instead of an array",
      { type: "text", text: "solo" },
      textOnly,
      { text: "solo", media: [] },
    ],
    ["a string instead of an array", "just text", textOnly, { text: "just text", media: [] }],
  ])("%s", (_name, content, opts, expected) => {
    expect(renderContent(content, opts)).toEqual(expected);
  });
});
