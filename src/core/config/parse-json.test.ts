import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseJsonc, positionAt } from "./parse-json.js";

const F = "/p/.mcp.json";

function ok(text: string): unknown {
  const r = parseJsonc(text, F);
  if (!r.ok) throw new Error(`expected success, got ${r.error.message}`);
  return r.value;
}
function err(text: string): { code: string; message: string; line: number; column: number } {
  const r = parseJsonc(text, F);
  if (r.ok) throw new Error("expected a parse error");
  return { code: r.error.code, message: r.error.message, line: r.position.line, column: r.position.column };
}

describe("parseJsonc: valid input", () => {
  it.each([
    ['{"a": 1}', { a: 1 }],
    ["\uFEFF{}", {}],
    ['[1, -2.5e3, true, false, null, "x"]', [1, -2500, true, false, null, "x"]],
    ['"\\u00e9\\n\\"\\\\\\/"', 'é\n"\\/'],
    ['// lead\n{"a": 1 /* inline */, "b": [1, 2,],}\n// tail', { a: 1, b: [1, 2] }],
    ['{"url": "http://h//x/*y*/", "c": "a//b"}', { url: "http://h//x/*y*/", c: "a//b" }],
    ['{"a": /* multi\nline */ "v"}', { a: "v" }],
    ['{"__proto__": {"x": 1}}', JSON.parse('{"__proto__": {"x": 1}}')],
    ["  {\r\n}\r\n", {}],
  ])("%j", (text, expected) => {
    expect(ok(text)).toEqual(expected);
  });

  it("keeps __proto__ as an own key instead of setting the prototype", () => {
    const v = ok('{"__proto__": {"polluted": true}}') as Record<string, unknown>;
    expect(Object.getPrototypeOf(v)).toBe(Object.prototype);
    expect(Object.keys(v)).toEqual(["__proto__"]);
  });

  it("reports whether comments were present", () => {
    const withComments = parseJsonc('{"a": 1} // x', F);
    const without = parseJsonc('{"a": "//"}', F);
    expect([withComments.ok && withComments.hasComments, without.ok && without.hasComments]).toEqual([
      true,
      false,
    ]);
  });

  it("warns about duplicate keys with their position; the last one wins", () => {
    const r = parseJsonc('{\n  "a": 1,\n  "a": 2\n}', F);
    expect(r).toMatchObject({
      ok: true,
      value: { a: 2 },
      warnings: [`${F}:3:3: duplicate key "a"; the last one wins`],
    });
  });

  it("agrees with JSON.parse on every strict JSON document", () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.constantFrom(undefined, 2, "\t"), (v, indent) => {
        const text = JSON.stringify(v, null, indent);
        expect(ok(text)).toEqual(JSON.parse(text));
      }),
    );
  });

  it("never throws on arbitrary text, and accepts whatever JSON.parse accepts", () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const r = parseJsonc(text, F);
        let strict: { v: unknown } | undefined;
        try {
          strict = { v: JSON.parse(text) };
        } catch {
          strict = undefined;
        }
        if (strict !== undefined) expect(r).toMatchObject({ ok: true, value: strict.v });
      }),
    );
  });
});

describe("parseJsonc: errors carry file:line:column", () => {
  it.each([
    ['{\n  "a": 1,\n  "b": }', `${F}:3:8: Expected a value, found '}'`, 3, 8],
    ["", `${F}:1:1: Expected a value, found end of input`, 1, 1],
    ['{"a": 1', `${F}:1:8: Expected ',' or '}' after property value, found end of input`, 1, 8],
    ['{"a" 1}', `${F}:1:6: Expected ':' after property name, found '1'`, 1, 6],
    ["{a: 1}", `${F}:1:2: Expected a double-quoted property name or '}', found 'a'`, 1, 2],
    ["{'a': 1}", `${F}:1:2: Expected a double-quoted property name or '}', found '''`, 1, 2],
    ["{\"a\": 'x'}", `${F}:1:7: Expected a value, found ''' (strings must use double quotes)`, 1, 7],
    ['{"a": undefined}', `${F}:1:7: Expected a value, found 'undefined'`, 1, 7],
    ["[1 2]", `${F}:1:4: Expected ',' or ']' after array element, found '2'`, 1, 4],
    ["[,]", `${F}:1:2: Expected a value, found ','`, 1, 2],
    ['{"a": "x\ny"}', `${F}:1:9: Bad control character in string (write it escaped, e.g. \\n)`, 1, 9],
    ['{"a": "\\q"}', `${F}:1:8: Bad escape sequence in string`, 1, 8],
    ['{"a": "abc', `${F}:1:7: Unterminated string`, 1, 7],
    ["{} /* open", `${F}:1:4: Unterminated /* comment`, 1, 4],
    ["{} {}", `${F}:1:4: Unexpected '{' after the JSON value`, 1, 4],
    ["\uFEFF\r\n\r\n  ]", `${F}:3:3: Expected a value, found ']'`, 3, 3],
    ["[".repeat(300), `${F}:1:258: Nested more than 256 levels deep`, 1, 258],
  ])("%j", (text, message, line, column) => {
    expect(err(text)).toEqual({ code: "CONFIG_PARSE", message, line, column });
  });
});

describe("positionAt", () => {
  it.each([
    ["abc", 0, 1, 1],
    ["a\nbc", 3, 2, 2],
    ["a\r\nb", 3, 2, 1],
    ["a\rb", 2, 2, 1],
  ])("%j @%i → %i:%i", (text, offset, line, column) => {
    expect(positionAt(text, offset)).toEqual({ offset, line, column });
  });
});
