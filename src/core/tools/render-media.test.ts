import { describe, expect, it } from "vitest";
import { safeJson } from "./render-format.js";
import { base64Bytes, renderMedia, sniffImage, type MediaOptions } from "./render-media.js";

const PNG =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46]).toString("base64");
const GIF = Buffer.from("GIF89a\x01\x00", "latin1").toString("base64");
const WEBP = Buffer.from("RIFF\x00\x00\x00\x00WEBPVP8 ", "latin1").toString("base64");
const SVG = Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>").toString("base64");
const WAV = Buffer.from("RIFF\x00\x00\x00\x00WAVEfmt ", "latin1").toString("base64");

describe("safeJson", () => {
  const cyclic: Record<string, unknown> = {};
  cyclic.self = cyclic;
  it.each<[unknown, number | undefined, string]>([
    [{ a: [1] }, undefined, '{"a":[1]}'],
    [{ a: 1 }, 2, '{\n  "a": 1\n}'],
    [undefined, undefined, "undefined"],
    [10n, undefined, "10"],
    [cyclic, undefined, "[object Object]"],
  ])("safeJson(%s)", (value, space, expected) => {
    expect(safeJson(value, space)).toEqual(expected);
  });
});

describe("base64Bytes / sniffImage", () => {
  it.each<[string, number]>([
    ["", 0],
    ["QQ==", 1],
    ["QUI=", 2],
    ["QUJD", 3],
    ["QUJD\n", 3],
    [PNG, Buffer.from(PNG, "base64").length],
  ])("base64Bytes(%j) → %d", (data, expected) => {
    expect(base64Bytes(data)).toBe(expected);
  });

  it.each<[string, string, string | undefined]>([
    ["png", PNG, "image/png"],
    ["jpeg", JPEG, "image/jpeg"],
    ["gif", GIF, "image/gif"],
    ["webp", WEBP, "image/webp"],
    ["svg", SVG, undefined],
    ["wav (RIFF but not WEBP)", WAV, undefined],
    ["garbage", "AAAA", undefined],
  ])("sniffImage(%s)", (_name, data, expected) => {
    expect(sniffImage(data)).toEqual(expected);
  });
});

describe("renderMedia", () => {
  const media: MediaOptions = { supportsMedia: true, maxMediaBytes: 1024 };
  const text: MediaOptions = { supportsMedia: false, maxMediaBytes: 1024 };
  const big = "A".repeat(4096);
  it.each<[string, "image" | "audio", Record<string, unknown>, MediaOptions, ReturnType<typeof renderMedia>]>(
    [
      [
        "image attached",
        "image",
        { data: PNG, mimeType: "image/png" },
        media,
        { media: { type: "image", mimeType: "image/png", data: PNG } },
      ],
      [
        "a lying mimeType is corrected from the bytes",
        "image",
        { data: JPEG, mimeType: "image/png" },
        media,
        { media: { type: "image", mimeType: "image/jpeg", data: JPEG } },
      ],
      [
        "line-wrapped base64 is unwrapped",
        "image",
        { data: `${PNG.slice(0, 20)}\n${PNG.slice(20)}`, mimeType: "image/png" },
        media,
        { media: { type: "image", mimeType: "image/png", data: PNG } },
      ],
      [
        "placeholder when the model takes no media",
        "image",
        { data: PNG, mimeType: "image/png" },
        text,
        { text: "[image: image/png, 70 B]" },
      ],
      [
        "svg is not attached",
        "image",
        { data: SVG, mimeType: "image/svg+xml" },
        media,
        { text: "[image: image/svg+xml, 41 B — not attached: not a PNG, JPEG, GIF or WebP image]" },
      ],
      [
        "too large",
        "image",
        { data: big, mimeType: "image/png" },
        media,
        { text: "[image: image/png, 3 KiB — not attached: larger than 1 KiB]" },
      ],
      [
        "invalid base64",
        "image",
        { data: "not base64!", mimeType: "image/png" },
        media,
        { text: "[image: image/png — missing or invalid base64 data]" },
      ],
      [
        "empty data",
        "image",
        { data: "", mimeType: "image/png" },
        text,
        { text: "[image: image/png — missing or invalid base64 data]" },
      ],
      [
        "no data",
        "audio",
        { mimeType: "audio/wav" },
        media,
        { text: "[audio: audio/wav — missing or invalid base64 data]" },
      ],
      ["no mimeType", "image", { data: PNG }, text, { text: "[image: unknown type, 70 B]" }],
      [
        "mimeType with escapes",
        "image",
        { data: PNG, mimeType: "image/png\x1b]0;x\x07\n" },
        text,
        { text: "[image: image/png, 70 B]" },
      ],
      [
        "audio attached",
        "audio",
        { data: WAV, mimeType: "audio/wav" },
        media,
        { media: { type: "audio", mimeType: "audio/wav", data: WAV } },
      ],
      [
        "audio placeholder",
        "audio",
        { data: WAV, mimeType: "audio/wav" },
        text,
        { text: "[audio: audio/wav, 16 B]" },
      ],
      [
        "audio without an audio mimeType",
        "audio",
        { data: WAV, mimeType: "text/plain" },
        media,
        { text: "[audio: text/plain, 16 B — not attached: no audio mimeType]" },
      ],
    ],
  )("%s", (_name, kind, block, opts, expected) => {
    expect(renderMedia(kind, block, opts)).toEqual(expected);
  });
});
