import { Jimp } from "jimp";
import { describe, expect, it } from "vitest";
import { MAX_EDGE, MAX_SEND_BYTES, prepareImage, sniffImage } from "./image-file.js";

async function png(w: number, h: number): Promise<Buffer> {
  const img = new Jimp({ width: w, height: h, color: 0x3366ccff });
  return img.getBuffer("image/png");
}

describe("image files", () => {
  it.each([
    ["89504e470d0a1a0a", "image/png"],
    ["ffd8ffe0", "image/jpeg"],
    ["474946383961", "image/gif"],
    ["52494646000000005745425056503820", "image/webp"],
    ["3c68746d6c3e", undefined],
  ])("%s is %s by its bytes", (hex, type) => {
    expect(sniffImage(Buffer.from(hex, "hex"))).toBe(type);
  });

  it("sends a small image as it is", async () => {
    const buf = await png(40, 30);
    expect(await prepareImage(buf)).toEqual({
      ok: true,
      image: { mimeType: "image/png", data: buf.toString("base64"), bytes: buf.length },
    });
  });

  it("downscales an image wider than providers take, keeping its shape", async () => {
    const r = await prepareImage(await png(3200, 800));
    if (!r.ok) throw new Error(r.reason);
    expect([r.image.mimeType, r.image.downscaled?.from, r.image.downscaled?.to]).toEqual([
      "image/png",
      "3200×800",
      `${MAX_EDGE}×392`,
    ]);
    const back = await Jimp.read(Buffer.from(r.image.data, "base64"));
    expect([back.width, back.height]).toEqual([MAX_EDGE, 392]);
  });

  it("says what to do with a WebP too large to send, and refuses what is no image", async () => {
    const webp = Buffer.concat([
      Buffer.from("52494646000000005745425056503820", "hex"),
      Buffer.alloc(MAX_SEND_BYTES),
    ]);
    expect(await prepareImage(webp)).toEqual({
      ok: false,
      reason: `is a ${webp.length}-byte WebP image, over the ${MAX_SEND_BYTES} bytes sent; convert it to PNG or JPEG to have it downscaled`,
    });
    expect(await prepareImage(Buffer.from("hello"))).toEqual({
      ok: false,
      reason: "is not a PNG, JPEG, GIF or WebP image",
    });
  });
});
