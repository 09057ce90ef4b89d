import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { deleteMember, setMember } from "./json-edit.js";
import { parseJsonc, type JsonObjectNode } from "./parse-json.js";

function root(text: string): JsonObjectNode {
  const r = parseJsonc(text, "t.json");
  if (!r.ok || r.tree.kind !== "object") throw new Error("test input must be a JSON object");
  return r.tree;
}
const set = (text: string, key: string, value: unknown) => setMember(text, root(text), key, value);
const del = (text: string, key: string) => deleteMember(text, root(text), key);

describe("setMember", () => {
  it.each([
    ["empty object", "{}", "b", 2, '{\n  "b": 2\n}'],
    [
      "appends with the file's indentation",
      '{\n    "a": 1\n}\n',
      "b",
      { x: [1] },
      '{\n    "a": 1,\n    "b": {\n        "x": [\n            1\n        ]\n    }\n}\n',
    ],
    ["tabs", '{\n\t"a": 1\n}', "b", 2, '{\n\t"a": 1,\n\t"b": 2\n}'],
    [
      "CRLF",
      '{\r\n  "a": 1\r\n}\r\n',
      "b",
      { c: 3 },
      '{\r\n  "a": 1,\r\n  "b": {\r\n    "c": 3\r\n  }\r\n}\r\n',
    ],
    [
      "keeps comments; a trailing comment stays on its member's line",
      '{\n  // servers\n  "a": 1 // first\n}',
      "b",
      2,
      '{\n  // servers\n  "a": 1, // first\n  "b": 2\n}',
    ],
    ["keeps a trailing-comma style", '{\n  "a": 1,\n}', "b", 2, '{\n  "a": 1,\n  "b": 2,\n}'],
    [
      "replaces an existing value in place",
      '{\n  "a": 1, // keep\n  "b": 2\n}',
      "a",
      { n: 1 },
      '{\n  "a": {\n    "n": 1\n  }, // keep\n  "b": 2\n}',
    ],
    ["one-line object", '{"a": 1}', "b", 2, '{"a": 1,\n  "b": 2}'],
    ["object with only a comment", "{ /* none yet */ }", "b", 2, '{\n  "b": 2 /* none yet */ }'],
  ])("%s", (_, text, key, value, expected) => {
    expect(set(text, key, value)).toBe(expected);
  });
});

describe("deleteMember", () => {
  it.each([
    ["first of several, with its line", '{\n  "a": 1,\n  "b": 2\n}', "a", '{\n  "b": 2\n}'],
    [
      "last: the previous comma goes, its comment stays",
      '{\n  "a": 1, // note on a\n  "b": 2\n}',
      "b",
      '{\n  "a": 1 // note on a\n}',
    ],
    [
      "the member's own trailing comment goes with it",
      '{\n  "a": 1, // about a\n  "b": 2\n}',
      "a",
      '{\n  "b": 2\n}',
    ],
    [
      "comment lines above the next member stay",
      '{\n  "a": 1,\n  // about b\n  "b": 2\n}',
      "a",
      '{\n  // about b\n  "b": 2\n}',
    ],
    ["multi-line value", '{\n  "a": {\n    "x": 1\n  },\n  "b": 2\n}', "a", '{\n  "b": 2\n}'],
    ["trailing-comma style", '{\n  "a": 1,\n  "b": 2,\n}', "b", '{\n  "a": 1,\n}'],
    ["the only member", '{\n  "a": 1\n}', "a", "{}"],
    ["the only member next to a comment", '{\n  // keep\n  "a": 1\n}', "a", "{\n  // keep\n}"],
    ["one line, first", '{"a": 1, "b": 2}', "a", '{"b": 2}'],
    ["one line, last", '{"a": 1, "b": 2}', "b", '{"a": 1}'],
    ["one line, middle", '{"a": 1, "b": 2, "c": 3}', "b", '{"a": 1, "c": 3}'],
    ["CRLF", '{\r\n  "a": 1,\r\n  "b": 2\r\n}', "a", '{\r\n  "b": 2\r\n}'],
    ["absent key: unchanged", '{"a": 1}', "zz", '{"a": 1}'],
    ["duplicates: the last one only", '{"a": 1, "a": 2}', "a", '{"a": 1}'],
  ])("%s", (_, text, key, expected) => {
    expect(del(text, key)).toBe(expected);
  });
});

/** Renders an object the way people write JSONC: random indentation, comments, trailing commas. */
const jsoncDoc = fc
  .record({
    obj: fc.dictionary(fc.string({ maxLength: 6 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 5 }),
    indent: fc.constantFrom("", "  ", "    ", "\t"),
    eol: fc.constantFrom("\n", "\r\n"),
    comments: fc.array(fc.constantFrom("", " // c", " /* c */"), { minLength: 6, maxLength: 6 }),
    trailingComma: fc.boolean(),
  })
  .map(({ obj, indent, eol, comments, trailingComma }) => {
    const nl = indent === "" ? " " : eol;
    const lines = Object.entries(obj).map(([k, v], i) => {
      const comma = i < Object.keys(obj).length - 1 || trailingComma ? "," : "";
      const c = indent === "" ? (comments[i]?.startsWith(" /*") ? comments[i] : "") : (comments[i] ?? "");
      return `${indent}${JSON.stringify(k)}: ${JSON.stringify(v)}${comma}${c}`;
    });
    const text = lines.length === 0 ? "{}" : `{${nl}${lines.join(nl)}${nl}}`;
    return { text, obj: JSON.parse(JSON.stringify(obj)) as Record<string, unknown> };
  });

describe("edits always mean exactly the intended change", () => {
  it("setMember", () => {
    fc.assert(
      fc.property(
        jsoncDoc,
        fc.string({ maxLength: 6 }),
        fc.jsonValue({ maxDepth: 3 }),
        ({ text, obj }, key, value) => {
          const out = set(text, key, value);
          const expected = { ...obj, [key]: JSON.parse(JSON.stringify(value)) as unknown };
          expect(parseJsonc(out, "t.json")).toMatchObject({ ok: true, value: expected });
        },
      ),
    );
  });

  it("deleteMember", () => {
    fc.assert(
      fc.property(jsoncDoc, fc.nat(), ({ text, obj }, n) => {
        const keys = Object.keys(obj);
        const key = keys.length === 0 ? "none" : (keys[n % keys.length] ?? "none");
        const { [key]: _removed, ...expected } = obj;
        expect(parseJsonc(del(text, key), "t.json")).toMatchObject({ ok: true, value: expected });
      }),
    );
  });
});
