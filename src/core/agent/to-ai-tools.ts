// The registry as the AI SDK sees it: tool definitions without `execute` (the loop runs calls itself,
// through the permission gate), and ToolResult values turned into tool-result outputs (§7).
import { jsonSchema, tool, type Tool, type ToolResultPart, type ToolSet } from "ai";
import type { ToolEntry, ToolResult } from "../tools/types.js";

type ToolOutput = ToolResultPart["output"];

export interface AiToolsOptions {
  /** The input schema sent for a tool (its provider's dialect, §15.4); default the portable schema. */
  schemaOf?: (e: ToolEntry) => unknown;
  /** Sent as `strict` on every function tool (OpenAI: false, since MCP schemas are not strict-ready). */
  strict?: boolean;
  /** The description sent for a tool (cut to the provider's limit); default its own. */
  descriptionOf?: (e: ToolEntry) => string;
  /** Per-tool provider options (native deferral: `deferLoading`, OpenAI namespaces). */
  providerOptionsOf?: (e: ToolEntry) => Tool["providerOptions"];
}

export function toAiTools(entries: readonly ToolEntry[], opts: AiToolsOptions = {}): ToolSet {
  const set: ToolSet = {};
  for (const e of entries) {
    const schema = opts.schemaOf?.(e) ?? e.inputSchema;
    const providerOptions = opts.providerOptionsOf?.(e);
    set[e.name] = tool({
      description: opts.descriptionOf?.(e) ?? e.description,
      inputSchema: jsonSchema<Record<string, unknown>>(schema),
      ...(opts.strict !== undefined && { strict: opts.strict }),
      ...(providerOptions !== undefined && Object.keys(providerOptions).length > 0 && { providerOptions }),
    });
  }
  return set;
}

/** Text as text, isError as an error result the model reads, media as content parts when supported. */
export function toToolOutput(r: ToolResult, supportsMedia: boolean): ToolOutput {
  const text = r.text === "" ? "(no output)" : r.text;
  if (r.isError) return { type: "error-text", value: text };
  if (!supportsMedia || r.media.length === 0) return { type: "text", value: text };
  return {
    type: "content",
    value: [
      { type: "text", text },
      ...r.media.map((m) =>
        m.type === "image"
          ? { type: "image-data" as const, data: m.data, mediaType: m.mimeType }
          : { type: "file-data" as const, data: m.data, mediaType: m.mimeType },
      ),
    ],
  };
}

export function deniedOutput(reason: string): ToolOutput {
  return { type: "error-text", value: `permission denied: ${reason}` };
}
