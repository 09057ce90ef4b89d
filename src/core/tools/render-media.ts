// Image and audio blocks: attached as media parts when the model takes them and the data is sound,
// otherwise a placeholder naming type and size. Sizes come from the base64 length, before any decode.
import { formatBytes } from "../text/bytes.js";
import { stripControlLine } from "../text/strip.js";

export interface MediaPart {
  type: "image" | "audio";
  mimeType: string;
  data: string;
}

export interface MediaOptions {
  supportsMedia: boolean;
  /** Larger media become placeholders (decoded bytes). */
  maxMediaBytes: number;
}

export const DEFAULT_MAX_MEDIA_BYTES = 5 * 1024 * 1024;

const BASE64 = /^[A-Za-z0-9+/\s]*={0,2}\s*$/;

/** Decoded size of base64 text, from its length alone. */
export function base64Bytes(data: string): number {
  let len = data.length;
  while (len > 0 && /[=\s]/.test(data.charAt(len - 1))) len--;
  return Math.floor((len * 3) / 4);
}

/** The image format the bytes really are (the declared mimeType may lie), or undefined. */
export function sniffImage(data: string): string | undefined {
  const head = Buffer.from(data.slice(0, 24).replace(/\s/g, ""), "base64");
  const ascii = head.toString("latin1");
  if (ascii.startsWith("\x89PNG\r\n\x1a\n")) return "image/png";
  if (ascii.startsWith("\xff\xd8\xff")) return "image/jpeg";
  if (ascii.startsWith("GIF87a") || ascii.startsWith("GIF89a")) return "image/gif";
  if (ascii.startsWith("RIFF") && ascii.slice(8, 12) === "WEBP") return "image/webp";
  return undefined;
}

export function renderMedia(
  kind: "image" | "audio",
  block: Record<string, unknown>,
  opts: MediaOptions,
): { text?: string; media?: MediaPart } {
  const declared =
    typeof block.mimeType === "string" ? stripControlLine(block.mimeType).trim().slice(0, 100) : "";
  const label = declared === "" ? "unknown type" : declared;
  const data = block.data;
  if (typeof data !== "string" || data.length === 0 || !BASE64.test(data)) {
    return { text: `[${kind}: ${label} — missing or invalid base64 data]` };
  }
  const size = formatBytes(base64Bytes(data));
  if (!opts.supportsMedia) return { text: `[${kind}: ${label}, ${size}]` };
  const notAttached = (why: string) => ({ text: `[${kind}: ${label}, ${size} — not attached: ${why}]` });
  if (base64Bytes(data) > opts.maxMediaBytes) {
    return notAttached(`larger than ${formatBytes(opts.maxMediaBytes)}`);
  }
  const clean = /\s/.test(data) ? data.replace(/\s/g, "") : data;
  if (kind === "image") {
    const actual = sniffImage(clean);
    if (actual === undefined) return notAttached("not a PNG, JPEG, GIF or WebP image");
    return { media: { type: "image", mimeType: actual, data: clean } };
  }
  if (!declared.startsWith("audio/")) return notAttached("no audio mimeType");
  return { media: { type: "audio", mimeType: declared, data: clean } };
}
