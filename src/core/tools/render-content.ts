// MCP content blocks → the text the model reads (plus media parts). Input is untrusted and validated
// leniently: odd blocks become placeholders, nothing throws, and no base64 ever lands in the text.
import { formatBytes } from "../text/bytes.js";
import { safeJson } from "./render-format.js";
import { base64Bytes, renderMedia, type MediaOptions, type MediaPart } from "./render-media.js";
import { printable } from "../text/printable.js";
import { stripControl } from "../text/strip.js";

export interface RenderedContent {
  text: string;
  media: MediaPart[];
}

/** Renders a `content` array (or a stray single block or string, leniently); blocks are joined by newlines. */
export function renderContent(content: unknown, opts: MediaOptions): RenderedContent {
  const blocks = Array.isArray(content)
    ? content
    : content === undefined || content === null
      ? []
      : [content];
  const parts: string[] = [];
  const media: MediaPart[] = [];
  for (const block of blocks) {
    const r = renderBlock(block, opts);
    if (r.text !== undefined) parts.push(r.text);
    if (r.media !== undefined) media.push(r.media);
  }
  return { text: parts.join("\n"), media };
}

export function renderBlock(block: unknown, opts: MediaOptions): { text?: string; media?: MediaPart } {
  if (typeof block === "string") return { text: stripControl(block) };
  if (!isRecord(block)) return { text: `[unsupported content block: ${describe(block)}]` };
  switch (block.type) {
    case "text": {
      const t = block.text;
      return {
        text: typeof t === "string" ? stripControl(t) : t === undefined ? "" : stripControl(safeJson(t)),
      };
    }
    case "image":
    case "audio":
      return renderMedia(block.type, block, opts);
    case "resource":
      return { text: renderEmbedded(block.resource) };
    case "resource_link":
      return { text: renderLink(block) };
    default:
      return {
        text: `[unsupported content block: ${typeof block.type === "string" ? line(block.type, 60) : "no type"}]`,
      };
  }
}

function renderEmbedded(resource: unknown): string {
  if (!isRecord(resource)) return "[resource: missing or invalid resource]";
  const uri = typeof resource.uri === "string" ? line(resource.uri, 2000) : "(no uri)";
  const mime = typeof resource.mimeType === "string" ? line(resource.mimeType, 100) : undefined;
  if (typeof resource.text === "string") {
    return `[resource: ${uri}${mime !== undefined ? ` (${mime})` : ""}]\n${stripControl(resource.text)}`;
  }
  if (typeof resource.blob === "string") {
    return `[resource: ${uri}, ${mime ?? "unknown type"}, ${formatBytes(base64Bytes(resource.blob))} — binary, not shown]`;
  }
  return `[resource: ${uri} — no content]`;
}

function renderLink(block: Record<string, unknown>): string {
  const uri = typeof block.uri === "string" ? line(block.uri, 2000) : "(no uri)";
  const name = typeof block.name === "string" && block.name !== "" ? `${line(block.name, 200)} ` : "";
  const mime = typeof block.mimeType === "string" ? ` (${line(block.mimeType, 100)})` : "";
  return `[resource link: ${name}<${uri}>${mime}]`;
}

const line = printable;

function describe(v: unknown): string {
  if (v === null) return "null";
  return Array.isArray(v) ? "array" : typeof v;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}
