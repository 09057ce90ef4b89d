// Attaches the images a user's message names (`@shot.png`, a pasted path) as image parts after its text, read
// and downscaled by image-file.ts. A model that takes no images gets a note in their place, and so does the
// user; a path that names no file is a warning for a mention and plain text for a pasted line.
import type { ImagePart, TextPart } from "ai";
import { statSync } from "node:fs";
import { isAbsolute, join, resolve } from "node:path";
import { readImageFile } from "../../tools/image-file.js";
import { NO_IMAGES } from "../../tools/builtin/read-file.js";
import { stripControlLine } from "../../text/strip.js";
import { imageRefs } from "./image-refs.js";

export interface ImageAttachOptions {
  cwd: string;
  /** Whether the model takes image parts. */
  supportsMedia: boolean;
  /** `~/` in a path; default $HOME. */
  home?: string;
  signal?: AbortSignal;
}

export interface AttachedImages {
  /** The message as sent: the text alone, or the text then the images. */
  content: string | (TextPart | ImagePart)[];
  /** For the user: images not attached, and why. */
  warnings: string[];
}

/** `input` is the message as typed (where images are looked for); `message` is what is sent (mentions expanded). */
export async function attachImages(
  input: string,
  message: string,
  o: ImageAttachOptions,
): Promise<AttachedImages> {
  const refs = imageRefs(input);
  if (refs.paths.length === 0) return { content: message, warnings: [] };
  const files = refs.paths.map((p) => ({ path: p, file: fileOf(p, o) }));
  const missing = files.filter((f) => !isFile(f.file));
  // A line of paths that are not all files is text the user typed, not a drag-and-drop.
  if (refs.pasted && missing.length > 0) return { content: message, warnings: [] };
  const warnings = missing.map((f) => `@${shown(f.path)}: no such file, not attached`);
  const found = files.filter((f) => !missing.includes(f));
  if (found.length === 0) return { content: message, warnings };
  if (!o.supportsMedia) {
    const notes = found.map((f) => `[image ${shown(f.path)}: ${NO_IMAGES}]`);
    warnings.push(...found.map((f) => `${shown(f.path)}: ${NO_IMAGES}`));
    return { content: `${message}\n\n${notes.join("\n")}`, warnings };
  }
  const notes: string[] = [];
  const images: ImagePart[] = [];
  for (const f of found) {
    const r = await readImageFile(f.file, o.signal !== undefined ? { signal: o.signal } : {});
    if (!r.ok) {
      warnings.push(`${shown(f.path)} ${r.reason}, not attached`);
      continue;
    }
    const how = r.image.downscaled !== undefined ? `, downscaled from ${r.image.downscaled.from}` : "";
    notes.push(`[image ${shown(f.path)} attached below (${r.image.mimeType}${how})]`);
    images.push({ type: "image", image: r.image.data, mediaType: r.image.mimeType });
  }
  if (images.length === 0) return { content: message, warnings };
  return { content: [{ type: "text", text: `${message}\n\n${notes.join("\n")}` }, ...images], warnings };
}

function fileOf(path: string, o: ImageAttachOptions): string {
  if (path === "~" || path.startsWith("~/")) return join(o.home ?? process.env.HOME ?? "", path.slice(1));
  return isAbsolute(path) ? path : resolve(o.cwd, path);
}

function isFile(file: string): boolean {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

function shown(path: string): string {
  return stripControlLine(path);
}

/** Image data a session file keeps in all (base64 characters); later images are kept as a note. */
export const SESSION_IMAGE_CHARS = 8 * 1024 * 1024;

/**
 * The message as the session file stores it: images inline while the session's budget lasts (so `--resume`
 * sends them again), then a note naming what was attached, so the file never grows without bound.
 */
export function sessionCopy<M extends { role: string; content: unknown }>(m: M, budget: { left: number }): M {
  if (m.role !== "user" || !Array.isArray(m.content)) return m;
  const parts = m.content as { type: string; image?: unknown; mediaType?: string }[];
  if (!parts.some((p) => p.type === "image")) return m;
  const kept = parts.map((p) => {
    if (p.type !== "image" || typeof p.image !== "string") return p;
    if (p.image.length <= budget.left) {
      budget.left -= p.image.length;
      return p;
    }
    const bytes = Math.floor((p.image.length * 3) / 4);
    return {
      type: "text",
      text: `[an image (${p.mediaType ?? "image"}, ${bytes} bytes) was attached here; the session file keeps no more images]`,
    };
  });
  return { ...m, content: kept };
}
