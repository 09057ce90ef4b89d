// An image file made ready for a model (§23): its type told by its bytes, and — when it is larger than providers
// take (Anthropic: 5 MB base64, 8000 px; a long edge over ~1568 px is downscaled by them anyway) — downscaled
// with jimp, loaded lazily so start-up does not pay for it. Used by read_file and by `@shot.png` attachments.
import { readFile } from "node:fs/promises";
import { extname } from "node:path";

/** Image types providers take, by extension. */
export const IMAGE_TYPES: Readonly<Record<string, string>> = {
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".gif": "image/gif",
  ".webp": "image/webp",
};
/** Raw bytes an image may have when sent (5 MB of base64). */
export const MAX_SEND_BYTES = Math.floor((5 * 1024 * 1024 * 3) / 4);
/** The longest edge sent; larger images are downscaled to it. */
export const MAX_EDGE = 1568;
/** Files larger than this are not read at all. */
export const MAX_READ_BYTES = 50 * 1024 * 1024;

export interface ReadyImage {
  mimeType: string;
  /** base64 */
  data: string;
  bytes: number;
  /** Set when it was downscaled: the original size in bytes and pixels. */
  downscaled?: { fromBytes: number; from: string; to: string };
}

export type ImageOutcome = { ok: true; image: ReadyImage } | { ok: false; reason: string };

export function isImagePath(path: string): boolean {
  return Object.hasOwn(IMAGE_TYPES, extname(path).toLowerCase());
}

/** The type the bytes say they are (PNG, JPEG, GIF, WebP), whatever the name says. */
export function sniffImage(buf: Uint8Array): string | undefined {
  const at = (i: number) => buf[i] ?? -1;
  if (at(0) === 0x89 && at(1) === 0x50 && at(2) === 0x4e && at(3) === 0x47) return "image/png";
  if (at(0) === 0xff && at(1) === 0xd8 && at(2) === 0xff) return "image/jpeg";
  if (at(0) === 0x47 && at(1) === 0x49 && at(2) === 0x46) return "image/gif";
  const ascii = (from: number, to: number) => String.fromCharCode(...buf.subarray(from, to));
  if (ascii(0, 4) === "RIFF" && ascii(8, 12) === "WEBP") return "image/webp";
  return undefined;
}

export async function readImageFile(file: string, o: { signal?: AbortSignal } = {}): Promise<ImageOutcome> {
  let buf: Buffer;
  try {
    buf = await readFile(file, o.signal !== undefined ? { signal: o.signal } : {});
  } catch (e) {
    return { ok: false, reason: `cannot be read: ${(e as Error).message}` };
  }
  if (buf.length > MAX_READ_BYTES) {
    return { ok: false, reason: `is ${buf.length} bytes; images over ${MAX_READ_BYTES} bytes are not read` };
  }
  return prepareImage(buf);
}

/** The bytes as they can be sent: as they are when small enough, else downscaled and re-encoded. */
export async function prepareImage(buf: Buffer): Promise<ImageOutcome> {
  const mimeType = sniffImage(buf);
  if (mimeType === undefined) return { ok: false, reason: "is not a PNG, JPEG, GIF or WebP image" };
  const dims = mimeType === "image/webp" ? undefined : await dimensions(buf);
  const tooBig = buf.length > MAX_SEND_BYTES;
  const tooWide = dims !== undefined && Math.max(dims.width, dims.height) > MAX_EDGE;
  if (!tooBig && !tooWide)
    return { ok: true, image: { mimeType, data: buf.toString("base64"), bytes: buf.length } };
  if (mimeType === "image/webp") {
    return {
      ok: false,
      reason: `is a ${buf.length}-byte WebP image, over the ${MAX_SEND_BYTES} bytes sent; convert it to PNG or JPEG to have it downscaled`,
    };
  }
  try {
    return { ok: true, image: await downscale(buf, mimeType) };
  } catch (e) {
    return { ok: false, reason: `could not be downscaled: ${(e as Error).message}` };
  }
}

async function dimensions(buf: Buffer): Promise<{ width: number; height: number } | undefined> {
  // PNG: the IHDR chunk; JPEG/GIF: left to jimp only when the file is large anyway.
  if (sniffImage(buf) === "image/png" && buf.length >= 24)
    return { width: buf.readUInt32BE(16), height: buf.readUInt32BE(20) };
  if (sniffImage(buf) === "image/gif" && buf.length >= 10)
    return { width: buf.readUInt16LE(6), height: buf.readUInt16LE(8) };
  if (sniffImage(buf) === "image/jpeg") return jpegSize(buf);
  return undefined;
}

/** The frame size of a JPEG from its first SOFn marker. */
function jpegSize(buf: Buffer): { width: number; height: number } | undefined {
  let i = 2;
  while (i + 9 < buf.length) {
    if (buf[i] !== 0xff) return undefined;
    const marker = buf[i + 1] ?? 0;
    const length = buf.readUInt16BE(i + 2);
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: buf.readUInt16BE(i + 5), width: buf.readUInt16BE(i + 7) };
    }
    i += 2 + length;
  }
  return undefined;
}

async function downscale(buf: Buffer, mimeType: string): Promise<ReadyImage> {
  const { Jimp } = await import("jimp");
  const img = await Jimp.read(buf);
  const from = `${img.width}×${img.height}`;
  const scale = Math.min(1, MAX_EDGE / Math.max(img.width, img.height));
  if (scale < 1)
    img.resize({
      w: Math.max(1, Math.round(img.width * scale)),
      h: Math.max(1, Math.round(img.height * scale)),
    });
  // PNG keeps transparency; a GIF is sent as a PNG of its first frame; JPEG stays JPEG.
  let type: "image/png" | "image/jpeg" = mimeType === "image/jpeg" ? "image/jpeg" : "image/png";
  let out = type === "image/jpeg" ? await img.getBuffer(type, { quality: 85 }) : await img.getBuffer(type);
  if (out.length > MAX_SEND_BYTES) {
    type = "image/jpeg";
    out = await img.getBuffer(type, { quality: 75 });
  }
  return {
    mimeType: type,
    data: out.toString("base64"),
    bytes: out.length,
    downscaled: { fromBytes: buf.length, from, to: `${img.width}×${img.height}` },
  };
}
