// Parses config-file text as JSON with comments and trailing commas (JSONC), with `file:line:column` errors.
// Hand-written because Node 20's JSON.parse omits the position for many errors, and edits need offsets.
import { CodeagentError } from "../errors.js";

export interface JsonPosition {
  offset: number;
  /** 1-based. */
  line: number;
  /** 1-based, in UTF-16 code units. */
  column: number;
}

export type JsonNode = JsonObjectNode | JsonArrayNode | JsonScalarNode;
export interface JsonObjectNode {
  kind: "object";
  /** Offset of `{`; `end` is just past `}`. */
  start: number;
  end: number;
  members: JsonMember[];
}
export interface JsonMember {
  key: string;
  keyStart: number;
  value: JsonNode;
}
export interface JsonArrayNode {
  kind: "array";
  start: number;
  end: number;
  items: JsonNode[];
}
export interface JsonScalarNode {
  kind: "scalar";
  start: number;
  end: number;
  value: string | number | boolean | null;
}

export type ParseJsonResult =
  | { ok: true; value: unknown; tree: JsonNode; hasComments: boolean; warnings: string[] }
  | { ok: false; error: CodeagentError; position: JsonPosition };

const MAX_DEPTH = 256;
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const WORD = /[A-Za-z_$][\w$]*/y;

class ParseFailure extends Error {
  constructor(
    readonly offset: number,
    message: string,
  ) {
    super(message);
  }
}

/** Offsets in the result refer to the text without its UTF-8 BOM (see `stripBom`). */
export function parseJsonc(source: string, file: string): ParseJsonResult {
  const text = stripBom(source);
  let pos = 0;
  let hasComments = false;
  const warnings: string[] = [];
  const fail = (offset: number, message: string): never => {
    throw new ParseFailure(offset, message);
  };
  const found = (at: number): string => {
    if (at >= text.length) return "end of input";
    WORD.lastIndex = at;
    const word = WORD.exec(text)?.[0];
    return `'${word ?? text[at]}'`;
  };

  const skip = (): void => {
    for (;;) {
      const c = text[pos];
      if (c === " " || c === "\t" || c === "\n" || c === "\r") pos++;
      else if (c === "/" && text[pos + 1] === "/") {
        hasComments = true;
        while (pos < text.length && text[pos] !== "\n" && text[pos] !== "\r") pos++;
      } else if (c === "/" && text[pos + 1] === "*") {
        hasComments = true;
        const close = text.indexOf("*/", pos + 2);
        if (close === -1) fail(pos, "Unterminated /* comment");
        pos = close + 2;
      } else return;
    }
  };

  const string = (): JsonScalarNode => {
    const start = pos;
    let i = pos + 1;
    for (;;) {
      if (i >= text.length) fail(start, "Unterminated string");
      const c = text.charCodeAt(i);
      if (c === 0x22) break;
      if (c < 0x20) fail(i, "Bad control character in string (write it escaped, e.g. \\n)");
      if (c === 0x5c) {
        const e = text[i + 1];
        if (e === "u" && /^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) i += 6;
        else if (e !== undefined && e !== "u" && '"\\/bfnrt'.includes(e)) i += 2;
        else fail(i, "Bad escape sequence in string");
      } else i++;
    }
    pos = i + 1;
    // The slice is now known to be a valid JSON string literal; let the engine decode its escapes.
    return { kind: "scalar", start, end: pos, value: JSON.parse(text.slice(start, pos)) as string };
  };

  const value = (depth: number): JsonNode => {
    if (depth > MAX_DEPTH) fail(pos, `Nested more than ${MAX_DEPTH} levels deep`);
    skip();
    const start = pos;
    const c = text[pos];
    if (c === "{") return object(depth);
    if (c === "[") return array(depth);
    if (c === '"') return string();
    for (const [word, v] of [
      ["true", true],
      ["false", false],
      ["null", null],
    ] as const) {
      if (text.startsWith(word, pos)) {
        pos += word.length;
        return { kind: "scalar", start, end: pos, value: v };
      }
    }
    NUMBER.lastIndex = pos;
    const num = NUMBER.exec(text)?.[0];
    if (num !== undefined) {
      pos += num.length;
      return { kind: "scalar", start, end: pos, value: Number(num) };
    }
    const hint = c === "'" ? " (strings must use double quotes)" : "";
    return fail(pos, `Expected a value, found ${found(pos)}${hint}`);
  };

  const object = (depth: number): JsonObjectNode => {
    const start = pos++;
    const members: JsonMember[] = [];
    const seen = new Set<string>();
    for (;;) {
      skip();
      if (text[pos] === "}") break;
      if (text[pos] !== '"') fail(pos, `Expected a double-quoted property name or '}', found ${found(pos)}`);
      const keyStart = pos;
      const key = string().value as string;
      if (seen.has(key))
        warnings.push(`${where(file, text, keyStart)}: duplicate key "${key}"; the last one wins`);
      seen.add(key);
      skip();
      if (text[pos] !== ":") fail(pos, `Expected ':' after property name, found ${found(pos)}`);
      pos++;
      members.push({ key, keyStart, value: value(depth + 1) });
      skip();
      if (text[pos] === ",") pos++;
      else if (text[pos] !== "}") fail(pos, `Expected ',' or '}' after property value, found ${found(pos)}`);
    }
    pos++;
    return { kind: "object", start, end: pos, members };
  };

  const array = (depth: number): JsonArrayNode => {
    const start = pos++;
    const items: JsonNode[] = [];
    for (;;) {
      skip();
      if (text[pos] === "]") break;
      items.push(value(depth + 1));
      skip();
      if (text[pos] === ",") pos++;
      else if (text[pos] !== "]") fail(pos, `Expected ',' or ']' after array element, found ${found(pos)}`);
    }
    pos++;
    return { kind: "array", start, end: pos, items };
  };

  try {
    const tree = value(0);
    skip();
    if (pos < text.length) fail(pos, `Unexpected ${found(pos)} after the JSON value`);
    return { ok: true, value: nodeValue(tree), tree, hasComments, warnings };
  } catch (e) {
    if (!(e instanceof ParseFailure)) throw e;
    const position = positionAt(text, e.offset);
    const error = new CodeagentError("CONFIG_PARSE", `${where(file, text, e.offset)}: ${e.message}`);
    return { ok: false, error, position };
  }
}

export function stripBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** The plain value of a node; `__proto__` keys become own properties, as with JSON.parse. */
export function nodeValue(node: JsonNode): unknown {
  if (node.kind === "scalar") return node.value;
  if (node.kind === "array") return node.items.map(nodeValue);
  return Object.fromEntries(node.members.map((m) => [m.key, nodeValue(m.value)]));
}

export function positionAt(text: string, offset: number): JsonPosition {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset && i < text.length; i++) {
    const c = text[i];
    if (c === "\n" || (c === "\r" && text[i + 1] !== "\n")) {
      line++;
      lineStart = i + 1;
    }
  }
  return { offset, line, column: offset - lineStart + 1 };
}

function where(file: string, text: string, offset: number): string {
  const { line, column } = positionAt(text, offset);
  return `${file}:${line}:${column}`;
}
