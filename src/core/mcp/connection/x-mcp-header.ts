// SEP-2243 (2026-07-28): a tool marks parameters with `x-mcp-header` to have them mirrored into
// `Mcp-Param-{name}` HTTP headers. A Streamable HTTP client must drop a tool whose marks break the rules
// (and should say why); the SDK's callTool() does the mirroring itself when it is given the tool.

/** RFC 9110 `tchar`: the characters of an HTTP field name. */
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const PRIMITIVE = new Set(["string", "integer", "boolean"]);
/** Keywords an annotation must not sit under: arrays, composition, conditionals, references. */
const UNREACHABLE = [
  "items",
  "prefixItems",
  "additionalItems",
  "contains",
  "additionalProperties",
  "patternProperties",
  "oneOf",
  "anyOf",
  "allOf",
  "not",
  "if",
  "then",
  "else",
  "$defs",
  "definitions",
  "dependentSchemas",
];

type Json = Record<string, unknown>;
const isObj = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);

/** Why the tool's `x-mcp-header` marks are invalid, or undefined when they are fine (or absent). */
export function xMcpHeaderProblem(inputSchema: unknown): string | undefined {
  if (!isObj(inputSchema)) return undefined;
  const seen = new Map<string, string>();
  const visit = (schema: Json, path: string[], reachable: boolean): string | undefined => {
    if ("x-mcp-header" in schema && path.length > 0) {
      const at = path.join(".");
      if (!reachable) return `x-mcp-header on "${at}", which is not reachable through properties alone`;
      const name = schema["x-mcp-header"];
      if (typeof name !== "string" || name === "") return `empty x-mcp-header on "${at}"`;
      if (!TOKEN.test(name)) return `x-mcp-header "${name}" on "${at}" is not a valid HTTP header name`;
      const type = schema.type;
      if (typeof type !== "string" || !PRIMITIVE.has(type))
        return `x-mcp-header on "${at}", whose type is ${JSON.stringify(type ?? "unset")} (only string, integer or boolean)`;
      const key = name.toLowerCase();
      const other = seen.get(key);
      if (other !== undefined) return `x-mcp-header "${name}" is used twice ("${other}" and "${at}")`;
      seen.set(key, at);
    } else if ("x-mcp-header" in schema && path.length === 0) {
      return "x-mcp-header on the schema root";
    }
    for (const [k, v] of Object.entries(schema)) {
      if (k === "properties" && isObj(v)) {
        for (const [prop, sub] of Object.entries(v)) {
          if (!isObj(sub)) continue;
          const r = visit(sub, [...path, prop], reachable);
          if (r !== undefined) return r;
        }
      } else if (UNREACHABLE.includes(k)) {
        for (const sub of Array.isArray(v) ? v : isObj(v) ? [v] : []) {
          if (!isObj(sub)) continue;
          // `$defs` / `patternProperties` hold maps of schemas, the others schemas.
          const subs =
            k === "$defs" || k === "definitions" || k === "patternProperties" || k === "dependentSchemas"
              ? Object.values(sub)
              : [sub];
          for (const s of subs) {
            if (!isObj(s)) continue;
            const r = visit(s, [...path, k], false);
            if (r !== undefined) return r;
          }
        }
      }
    }
    return undefined;
  };
  return visit(inputSchema, [], true);
}
