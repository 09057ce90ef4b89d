// Which images a user's message names (§23), found by a pure scan: `@shot.png` mentions, and a message that is
// nothing but paths to image files — what a terminal types when a screenshot is dragged onto it: quoted,
// with `\ ` escapes, or as a file:// URL.
import { isImagePath } from "../../tools/image-file.js";
import { shellWords } from "../../text/shell-words.js";

export interface ImageRefs {
  /** Paths as written (unquoted, unescaped), in order, each once. */
  paths: string[];
  /** The whole message was paths (a drag-and-drop), not a sentence with mentions. */
  pasted: boolean;
}

export function imageRefs(input: string): ImageRefs {
  const words = pathWords(input.trim());
  if (words !== undefined && words.length > 0 && words.every(isImagePath)) {
    return { paths: [...new Set(words)], pasted: true };
  }
  const paths: string[] = [];
  for (const m of input.matchAll(/(^|\s)@("([^"]+)"|[^\s@"]+)/g)) {
    const path = m[3] ?? (m[2] ?? "").replace(/[.,;:!?)]$/, "");
    if (/^[A-Za-z0-9_-]+:/.test(path) && !/^[A-Za-z]:[\\/]/.test(path)) continue; // @server:uri
    if (isImagePath(path) && !paths.includes(path)) paths.push(path);
  }
  return { paths, pasted: false };
}

/** Shell-like words (quotes, backslash escapes), file:// URLs as paths; undefined when a quote is left open. */
export function pathWords(text: string): string[] | undefined {
  const { words, open } = shellWords(text);
  if (open) return undefined;
  return words.map((w) => (w.startsWith("file://") ? safeDecode(w.slice("file://".length)) : w));
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
