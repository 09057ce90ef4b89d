// TypeScript declarations of tools for code mode (§20.2), generated from their input and output schemas.
// Pure and bounded: a schema is untrusted server data, so depth is capped, local `$ref`s are followed a few
// levels, descriptions are stripped of control characters, cut, and kept from closing their comment.
import { stripControl } from "../text/strip.js";

export interface DeclarableTool {
  name: string;
  description: string;
  /** The server, for MCP tools. */
  server?: string;
  inputSchema: unknown;
  outputSchema?: unknown;
}

const MAX_DEPTH = 6;
const TOOL_DOC = 300;
const PROPERTY_DOC = 160;
const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** `interface Tools { … }` with one method per tool, and the `tools` constant scripts call. */
export function declareTools(tools: readonly DeclarableTool[]): string {
  const methods = tools.map((t) => declareTool(t));
  return `interface Tools {\n${methods.join("\n")}\n}\ndeclare const tools: Tools;`;
}

/** One method: its doc comment, `NAME(args: {…}): Promise<…>;`, indented for the interface. */
export function declareTool(t: DeclarableTool): string {
  const doc = docText(t.description, TOOL_DOC);
  const where = t.server !== undefined ? ` (server ${t.server})` : "";
  const head = doc !== "" || where !== "" ? `  /** ${doc}${where} */\n` : "";
  const args = objectType(t.inputSchema, { root: t.inputSchema, depth: 0, docs: true, indent: "  " });
  const out =
    t.outputSchema !== undefined && t.outputSchema !== null
      ? typeOf(t.outputSchema, { root: t.outputSchema, depth: 0, docs: false, indent: "" })
      : "string";
  return `${head}  ${key(t.name)}(args: ${args}): Promise<${out}>;`;
}

interface Walk {
  root: unknown;
  depth: number;
  /** Property descriptions as doc comments, one property a line (the arguments only). */
  docs: boolean;
  indent: string;
}

/** The TypeScript type of a JSON schema. */
export function schemaToType(schema: unknown): string {
  return typeOf(schema, { root: schema, depth: 0, docs: false, indent: "" });
}

function typeOf(schema: unknown, w: Walk): string {
  if (schema === true || schema === undefined) return "unknown";
  if (schema === false) return "never";
  if (schema === null || typeof schema !== "object" || Array.isArray(schema)) return "unknown";
  if (w.depth > MAX_DEPTH) return "unknown";
  const s = schema as Record<string, unknown>;
  const deeper = { ...w, depth: w.depth + 1, docs: false, indent: "" };
  if (typeof s.$ref === "string") return typeOf(resolveRef(s.$ref, w.root), deeper);
  if ("const" in s) return literal(s.const);
  if (Array.isArray(s.enum)) return s.enum.length === 0 ? "never" : s.enum.map(literal).join(" | ");
  for (const k of ["anyOf", "oneOf"] as const) {
    const variants = s[k];
    if (Array.isArray(variants) && variants.length > 0)
      return union(variants.map((v) => group(typeOf(v, deeper))));
  }
  if (Array.isArray(s.allOf) && s.allOf.length > 0)
    return s.allOf.map((v) => group(typeOf(v, deeper))).join(" & ");
  const types = Array.isArray(s.type) ? s.type : s.type === undefined ? inferred(s) : [s.type];
  return union(types.map((t) => group(single(String(t), s, w))));
}

function single(type: string, s: Record<string, unknown>, w: Walk): string {
  switch (type) {
    case "string":
      return "string";
    case "number":
    case "integer":
      return "number";
    case "boolean":
      return "boolean";
    case "null":
      return "null";
    case "array": {
      const items = typeOf(s.items, { ...w, depth: w.depth + 1, docs: false, indent: "" });
      return `${group(items)}[]`;
    }
    case "object":
      return objectType(s, w);
    default:
      return "unknown";
  }
}

function objectType(schema: unknown, w: Walk): string {
  if (schema === null || typeof schema !== "object" || w.depth > MAX_DEPTH) return "Record<string, unknown>";
  const s = schema as Record<string, unknown>;
  const props =
    s.properties !== null && typeof s.properties === "object" && !Array.isArray(s.properties)
      ? Object.entries(s.properties as Record<string, unknown>)
      : [];
  const required = new Set(Array.isArray(s.required) ? s.required.filter((r) => typeof r === "string") : []);
  const extra = s.additionalProperties;
  const inner = { ...w, depth: w.depth + 1, docs: false, indent: "" };
  if (props.length === 0) {
    if (extra !== undefined && extra !== false && extra !== true)
      return `Record<string, ${typeOf(extra, inner)}>`;
    return extra === false ? "{}" : "Record<string, unknown>";
  }
  const fields = props.map(([name, p]) => {
    const doc = w.docs ? docText(description(p), PROPERTY_DOC) : "";
    const field = `${key(name)}${required.has(name) ? "" : "?"}: ${typeOf(p, inner)};`;
    return doc !== "" ? `/** ${doc} */ ${field}` : field;
  });
  if (!w.docs) return `{ ${fields.join(" ")} }`;
  const pad = `${w.indent}  `;
  return `{\n${fields.map((f) => pad + f).join("\n")}\n${w.indent}}`;
}

function inferred(s: Record<string, unknown>): string[] {
  if (s.properties !== undefined || s.additionalProperties !== undefined) return ["object"];
  if (s.items !== undefined) return ["array"];
  return ["unknown"];
}

function resolveRef(ref: string, root: unknown): unknown {
  const m = /^#\/(\$defs|definitions)\/(.+)$/.exec(ref);
  if (m === null || root === null || typeof root !== "object") return undefined;
  const defs = (root as Record<string, unknown>)[m[1]!];
  if (defs === null || typeof defs !== "object") return undefined;
  return (defs as Record<string, unknown>)[m[2]!.replace(/~1/g, "/").replace(/~0/g, "~")];
}

function literal(v: unknown): string {
  if (typeof v === "string" || typeof v === "number" || typeof v === "boolean" || v === null)
    return JSON.stringify(v);
  return "unknown";
}

function union(parts: string[]): string {
  const unique = [...new Set(parts)];
  return unique.includes("unknown") ? "unknown" : unique.join(" | ");
}

/** A union inside a union, intersection or array needs parentheses; one nested in braces does not. */
function group(t: string): string {
  let depth = 0;
  for (let i = 0; i < t.length; i++) {
    const c = t[i]!;
    if ("({[<".includes(c)) depth++;
    else if (")}]>".includes(c)) depth--;
    else if (depth === 0 && (c === "|" || c === "&")) return `(${t})`;
  }
  return t;
}

function key(name: string): string {
  return IDENTIFIER.test(name) ? name : JSON.stringify(name);
}

function description(p: unknown): string {
  if (p === null || typeof p !== "object") return "";
  const d = (p as Record<string, unknown>).description;
  return typeof d === "string" ? d : "";
}

/** One line of untrusted text that cannot end its comment. */
function docText(text: string, max: number): string {
  const t = stripControl(text).replace(/\s+/g, " ").replace(/\*\//g, "* /").trim();
  return t.length > max ? `${t.slice(0, max - 1)}…` : t;
}
