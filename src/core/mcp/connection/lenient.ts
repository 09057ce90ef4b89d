// Lenient list entries: the SDK rejects a whole tools/list page when one tool is malformed, so we accept
// any array (lenient-results.ts) and judge each entry on its own (SPEC §11). Malformed entries are reported,
// never fatal.
import { stripControl, stripControlLine } from "../../text/strip.js";
import type { RawPrompt, RawResource, RawTemplate, RawTool, Skipped, ToolAnnotations } from "../types.js";

const str = (v: unknown): string | undefined => (typeof v === "string" ? v : undefined);
// Display fields are cleaned here, where server data enters (descriptions keep their lines); identifiers
// (tool and prompt names, URIs, argument names) stay exactly as sent, since calls must echo them.
const text = (v: unknown): string | undefined => (typeof v === "string" ? stripControl(v) : undefined);
const line = (v: unknown): string | undefined => (typeof v === "string" ? stripControlLine(v) : undefined);
const rec = (v: unknown): Record<string, unknown> | undefined =>
  typeof v === "object" && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;

export function judgeTool(v: unknown, index: number): RawTool | Skipped {
  const o = rec(v);
  const name = str(o?.name);
  if (o === undefined || name === undefined || name === "") {
    return { name: name ?? `#${index}`, reason: "tool entry has no name" };
  }
  const ann = rec(o.annotations);
  const annotations: ToolAnnotations | undefined =
    ann === undefined
      ? undefined
      : {
          ...(str(ann.title) !== undefined && { title: line(ann.title) }),
          ...(typeof ann.readOnlyHint === "boolean" && { readOnlyHint: ann.readOnlyHint }),
          ...(typeof ann.destructiveHint === "boolean" && { destructiveHint: ann.destructiveHint }),
          ...(typeof ann.idempotentHint === "boolean" && { idempotentHint: ann.idempotentHint }),
          ...(typeof ann.openWorldHint === "boolean" && { openWorldHint: ann.openWorldHint }),
        };
  const ts = rec(o.execution)?.taskSupport;
  const taskSupport = ts === "required" || ts === "optional" || ts === "forbidden" ? ts : undefined;
  return {
    name,
    ...(str(o.title) !== undefined && { title: line(o.title) }),
    ...(str(o.description) !== undefined && { description: text(o.description) }),
    ...(o.inputSchema !== undefined && { inputSchema: o.inputSchema }),
    ...(o.outputSchema !== undefined && { outputSchema: o.outputSchema }),
    ...(annotations !== undefined && { annotations }),
    ...(taskSupport !== undefined && { taskSupport }),
  };
}

export function judgeResource(v: unknown): RawResource | undefined {
  const o = rec(v);
  const uri = str(o?.uri);
  if (o === undefined || uri === undefined) return undefined;
  return {
    uri,
    name: line(o.name) ?? uri,
    ...(str(o.mimeType) !== undefined && { mimeType: line(o.mimeType) }),
    ...(str(o.description) !== undefined && { description: text(o.description) }),
  };
}

export function judgeTemplate(v: unknown): RawTemplate | undefined {
  const o = rec(v);
  const uriTemplate = str(o?.uriTemplate);
  if (o === undefined || uriTemplate === undefined) return undefined;
  return {
    uriTemplate,
    name: line(o.name) ?? uriTemplate,
    ...(str(o.mimeType) !== undefined && { mimeType: line(o.mimeType) }),
    ...(str(o.description) !== undefined && { description: text(o.description) }),
  };
}

export function judgePrompt(v: unknown): RawPrompt | undefined {
  const o = rec(v);
  const name = str(o?.name);
  if (o === undefined || name === undefined || name === "") return undefined;
  const args = Array.isArray(o.arguments)
    ? o.arguments.flatMap((a) => {
        const r = rec(a);
        const n = str(r?.name);
        if (r === undefined || n === undefined) return [];
        return [
          {
            name: n,
            ...(str(r.description) !== undefined && { description: text(r.description) }),
            ...(typeof r.required === "boolean" && { required: r.required }),
          },
        ];
      })
    : undefined;
  return {
    name,
    ...(str(o.description) !== undefined && { description: text(o.description) }),
    ...(args !== undefined && { arguments: args }),
  };
}

export function isSkipped(v: RawTool | Skipped): v is Skipped {
  return "reason" in v;
}
