// Gemini's schema dialect (§15.4). The AI SDK turns JSON Schema into Gemini's OpenAPI subset itself
// (unions included), but it throws — failing the whole request — on an enum whose values do not share one
// primitive type matching the node's type, which real servers' `1 | -1 | "asc"` sort orders produce; and
// Gemini refuses a `required` name that is not a property. This pass makes every node acceptable: an enum
// of mixed values becomes a union of one enum per type, values Gemini cannot list (objects, arrays) are
// dropped, `null` becomes a nullable type, and `required` keeps only declared properties. Pure.
type Node = Record<string, unknown>;
type Primitive = "string" | "number" | "integer" | "boolean";

const MAX_DEPTH = 32;

/** A JSON Schema object as a provider receives it (dialects.ts calls it `DialectSchema`). */
export function geminiFix(schema: Node): Node {
  return fix(schema, 0) as Node;
}

function fix(v: unknown, depth: number): unknown {
  if (!isRecord(v) || depth > MAX_DEPTH) return v;
  const node = Array.isArray(v.enum) || Object.hasOwn(v, "const") ? fixEnum(v) : v;
  const out: Node = { ...node };
  if (isRecord(node.properties)) {
    const props: Node = {};
    for (const [k, p] of Object.entries(node.properties)) props[k] = fix(p, depth + 1);
    out.properties = props;
    if (Array.isArray(node.required)) {
      const req = node.required.filter((r) => typeof r === "string" && Object.hasOwn(props, r));
      if (req.length > 0) out.required = req;
      else delete out.required;
    }
  }
  if (isRecord(node.items)) out.items = fix(node.items, depth + 1);
  if (Array.isArray(node.anyOf)) out.anyOf = node.anyOf.map((x) => fix(x, depth + 1));
  return out;
}

function fixEnum(node: Node): Node {
  const values: unknown[] = Array.isArray(node.enum) ? node.enum : [node.const];
  const declared = typeof node.type === "string" ? node.type : undefined;
  const nullable = values.includes(null);
  const groups = new Map<Primitive, unknown[]>();
  for (const x of values) {
    const t = primitive(x, declared);
    if (t === undefined) continue;
    groups.set(t, [...(groups.get(t) ?? []), x]);
  }
  const { enum: _e, const: _c, type: _t, ...rest } = node;
  const typed = (t: Primitive) => (nullable ? [t, "null"] : t);
  if (groups.size === 0)
    return nullable && declared === undefined ? { ...rest, type: "null" } : withType(rest, declared);
  if (groups.size === 1) {
    const [t, vals] = [...groups][0]!;
    if (declared === t && Array.isArray(node.enum) && !nullable && vals.length === values.length) return node;
    return { ...rest, type: typed(t), enum: vals };
  }
  const { description, title, default: dflt, ...shared } = rest;
  return {
    ...(title !== undefined && { title }),
    ...(description !== undefined && { description }),
    ...(dflt !== undefined && { default: dflt }),
    anyOf: [...groups].map(([t, vals]) => ({ ...shared, type: typed(t), enum: vals })),
  };
}

function withType(n: Node, t: string | undefined): Node {
  return t === undefined ? n : { ...n, type: t };
}

/** The enum type a value can be listed under, given the node's declared type. */
function primitive(x: unknown, declared: string | undefined): Primitive | undefined {
  if (typeof x === "string") return "string";
  if (typeof x === "boolean") return "boolean";
  if (typeof x === "number" && Number.isFinite(x))
    return declared === "integer" && Number.isInteger(x) ? "integer" : "number";
  return undefined;
}

function isRecord(v: unknown): v is Node {
  return v !== null && typeof v === "object" && !Array.isArray(v);
}
