// What a pin covers (§16): the parts of a tool definition the model reads or that decide how it runs — name,
// title, description, input and output schemas, annotations — hashed over canonical JSON, so key order in a
// schema is not a change but any other edit is.
import { createHash } from "node:crypto";
import type { RawTool } from "../mcp/lenient.js";
import { canonicalJson } from "../permissions/approvals.js";

/** The pinned fields of one tool, as the server sent them (display text already cleaned at intake). */
export interface ToolDefinition {
  name: string;
  title?: string;
  description?: string;
  inputSchema?: unknown;
  outputSchema?: unknown;
  annotations?: unknown;
}

export const PINNED_FIELDS = ["title", "description", "inputSchema", "outputSchema", "annotations"] as const;
export type PinnedField = (typeof PINNED_FIELDS)[number];

export function toolDefinition(t: RawTool): ToolDefinition {
  return {
    name: t.name,
    ...(t.title !== undefined && { title: t.title }),
    ...(t.description !== undefined && { description: t.description }),
    ...(t.inputSchema !== undefined && { inputSchema: t.inputSchema }),
    ...(t.outputSchema !== undefined && { outputSchema: t.outputSchema }),
    ...(t.annotations !== undefined && { annotations: t.annotations }),
  };
}

/** sha256 (hex) of the definition's canonical JSON. */
export function toolHash(d: ToolDefinition): string {
  return createHash("sha256").update(canonicalJson(d)).digest("hex");
}

/** The pinned fields that differ between two definitions of the same tool, in PINNED_FIELDS order. */
export function changedFields(before: ToolDefinition, after: ToolDefinition): PinnedField[] {
  return PINNED_FIELDS.filter((f) => canonicalJson(before[f]) !== canonicalJson(after[f]));
}
