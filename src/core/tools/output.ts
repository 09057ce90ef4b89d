// A tool result (§7) as the model and the terminal get it: rendered blocks, sanitized, capped, isError kept.
import { capOutput, type CapOptions } from "./cap-output.js";
import { renderContent } from "./render-content.js";
import { safeJson } from "./render-format.js";
import { DEFAULT_MAX_MEDIA_BYTES, type MediaPart } from "./render-media.js";
import { stripControl } from "../text/strip.js";

export type { MediaPart } from "./render-media.js";

export interface RenderOptions extends CapOptions {
  /** The model takes image/audio parts; otherwise they become placeholders. */
  supportsMedia?: boolean;
  maxMediaBytes?: number;
}

export interface RenderedResult {
  text: string;
  isError: boolean;
  media: MediaPart[];
  truncated: boolean;
  savedTo?: string;
}

/** Renders a `CallToolResult`-like value; never throws (a non-object renders as its JSON). */
export function renderToolResult(result: unknown, opts: RenderOptions): RenderedResult {
  let text: string;
  let media: MediaPart[] = [];
  let isError = false;
  if (typeof result === "object" && result !== null && !Array.isArray(result)) {
    const r = result as Record<string, unknown>;
    isError = r.isError === true;
    const rendered = renderContent(r.content, {
      supportsMedia: opts.supportsMedia ?? false,
      maxMediaBytes: opts.maxMediaBytes ?? DEFAULT_MAX_MEDIA_BYTES,
    });
    text = rendered.text;
    media = rendered.media;
    const noBlocks = !Array.isArray(r.content) || r.content.length === 0;
    // `structuredContent: null` is a value the server sent; only a missing one is skipped.
    if (noBlocks && r.structuredContent !== undefined) text = stripControl(safeJson(r.structuredContent, 2));
  } else {
    text = stripControl(safeJson(result));
  }
  const capped = capOutput(text, opts);
  const out: RenderedResult = { text: capped.text, isError, media, truncated: capped.truncated };
  if (capped.savedTo !== undefined) out.savedTo = capped.savedTo;
  return out;
}
