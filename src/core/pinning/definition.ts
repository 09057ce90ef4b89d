// What a pin covers (§16): the parts of a tool definition the model reads or that decide how it runs — name,
// title, description, input and output schemas, annotations — hashed over canonical JSON, so key order in a
// schema is not a change but any other edit is.
import { createHash } from "node:crypto";
import type { RawTool } from "../mcp/types.js";
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

/**
 * `toolHash(d)` and `storedDefinition(d)` at once: each field is turned into canonical JSON once, and the
 * definition's canonical JSON is put together from its fields' (a first sight pins every tool: at 5 000
 * tools, canonicalizing each schema twice was a quarter of a second).
 */
export function pinnedForm(d: ToolDefinition): { hash: string; stored: ToolDefinition } {
  const stored: ToolDefinition = { ...d };
  const parts: string[] = [];
  // canonicalJson's own walk of the top level: keys sorted, values that JSON leaves out skipped.
  for (const key of Object.keys(d).sort()) {
    const v = (d as unknown as Record<string, unknown>)[key];
    if (v === undefined || typeof v === "function" || typeof v === "symbol") continue;
    const json = canonicalJson(v);
    parts.push(`${JSON.stringify(key)}:${json}`);
    if ((PINNED_FIELDS as readonly string[]).includes(key) && json.length > KEEP_FIELD_CHARS) {
      const omitted: OmittedField = { $omitted: { sha256: sha256(json), chars: json.length } };
      (stored as unknown as Record<string, unknown>)[key] = omitted;
    }
  }
  return { hash: sha256(`{${parts.join(",")}}`), stored };
}

/** A field too large to keep in the pin file whole (a 10 000-node schema): only its hash and size are kept. */
export interface OmittedField {
  $omitted: { sha256: string; chars: number };
}

/** Fields longer than this (as canonical JSON) are kept as OmittedField; the tool's hash still covers them. */
export const KEEP_FIELD_CHARS = 8192;

export function isOmitted(v: unknown): v is OmittedField {
  if (typeof v !== "object" || v === null || !("$omitted" in v)) return false;
  const o = v.$omitted;
  return typeof o === "object" && o !== null && typeof (o as { sha256?: unknown }).sha256 === "string";
}

/** The definition as stored in a pin: small fields whole (for diffs), large ones as their hash. */
export function storedDefinition(d: ToolDefinition): ToolDefinition {
  const out: ToolDefinition = { ...d };
  for (const f of PINNED_FIELDS) {
    const v = d[f];
    if (v === undefined) continue;
    const json = canonicalJson(v);
    if (json.length <= KEEP_FIELD_CHARS) continue;
    const omitted: OmittedField = { $omitted: { sha256: sha256(json), chars: json.length } };
    (out as unknown as Record<string, unknown>)[f] = omitted;
  }
  return out;
}

/** The pinned fields that differ between a pin's definition and a listed one, in PINNED_FIELDS order. */
export function changedFields(before: ToolDefinition, after: ToolDefinition): PinnedField[] {
  return PINNED_FIELDS.filter((f) => fieldKey(before[f]) !== fieldKey(after[f]));
}

function fieldKey(v: unknown): string {
  return isOmitted(v) ? v.$omitted.sha256 : sha256(canonicalJson(v));
}

function sha256(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}
