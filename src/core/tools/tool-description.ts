// A tool's description as the host shows it: in full for search and `mcp tools`, cut for the model's copy.
// Apart from mcp-tools.ts so that the search index (and its thread) reads it without the schema sanitizer.
import type { RawTool } from "../mcp/types.js";
import { stripControl } from "../text/strip.js";

export const MAX_DESCRIPTION = 1000;

export function toolDescription(tool: RawTool): string {
  const text = fullToolDescription(tool);
  return text.length > MAX_DESCRIPTION ? `${text.slice(0, MAX_DESCRIPTION - 1)}…` : text;
}

/** The description in full (the model's copy is cut at MAX_DESCRIPTION), cleaned of control characters. */
export function fullToolDescription(tool: RawTool): string {
  return stripControl(tool.description ?? tool.title ?? tool.annotations?.title ?? "").trim();
}
