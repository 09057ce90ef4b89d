import { describe, expect, it } from "vitest";
import type { ElicitationParams } from "./elicitation.js";
import { checkDraft, formSpec, initialDraft, type Draft, type FormField } from "./elicitation-form.js";

const form = (properties: Record<string, unknown>, required: string[] = []) =>
  ({ message: "m", requestedSchema: { type: "object", properties, required } }) as ElicitationParams;

describe("formSpec", () => {
  it("turns every primitive kind into a field, in the schema's order, with titles, descriptions, defaults", () => {
    const spec = formSpec(
      form(
        {
          name: { type: "string", title: "Your name", description: "as on the badge", default: "Ada" },
          email: { type: "string", format: "email", minLength: 3, maxLength: 50 },
          age: { type: "integer", minimum: 0, maximum: 150 },
          score: { type: "number", default: 9.5 },
          admin: { type: "boolean", default: false },
          color: { type: "string", enum: ["red", "green"], default: "green" },
          size: {
            type: "string",
            oneOf: [
              { const: "s", title: "Small" },
              { const: "l", title: "Large" },
            ],
          },
          legacy: { type: "string", enum: ["a", "b"], enumNames: ["Alpha", "Beta"] },
          tags: { type: "array", items: { type: "string", enum: ["x", "y"] }, maxItems: 1, default: ["x"] },
          picks: { type: "array", items: { anyOf: [{ const: "p", title: "P!" }] }, minItems: 1 },
        },
        ["name", "age"],
      ),
    );
    expect(spec).toEqual({
      problems: [],
      fields: [
        {
          key: "name",
          label: "Your name",
          description: "as on the badge",
          required: true,
          kind: "text",
          default: "Ada",
        },
        {
          key: "email",
          label: "email",
          required: false,
          kind: "text",
          format: "email",
          minLength: 3,
          maxLength: 50,
        },
        { key: "age", label: "age", required: true, kind: "number", integer: true, minimum: 0, maximum: 150 },
        { key: "score", label: "score", required: false, kind: "number", integer: false, default: 9.5 },
        { key: "admin", label: "admin", required: false, kind: "boolean", default: false },
        {
          key: "color",
          label: "color",
          required: false,
          kind: "choice",
          options: [
            { value: "red", label: "red" },
            { value: "green", label: "green" },
          ],
          default: "green",
        },
        {
          key: "size",
          label: "size",
          required: false,
          kind: "choice",
          options: [
            { value: "s", label: "Small" },
            { value: "l", label: "Large" },
          ],
        },
        {
          key: "legacy",
          label: "legacy",
          required: false,
          kind: "choice",
          options: [
            { value: "a", label: "Alpha" },
            { value: "b", label: "Beta" },
          ],
        },
        {
          key: "tags",
          label: "tags",
          required: false,
          kind: "multi",
          options: [
            { value: "x", label: "x" },
            { value: "y", label: "y" },
          ],
          maxItems: 1,
          default: ["x"],
        },
        {
          key: "picks",
          label: "picks",
          required: false,
          kind: "multi",
          options: [{ value: "p", label: "P!" }],
          minItems: 1,
        },
      ],
    });
  });

  it("strips terminal escapes from server text and reports what it cannot render", () => {
    const spec = formSpec(
      form({
        a: { type: "string", title: "\x1b]0;pwned\x07Name\x1b[31m", description: "line\x1b[2Jone\nline two" },
        nested: { type: "object", properties: {} },
      }),
    );
    expect(spec).toEqual({
      fields: [{ key: "a", label: "Name", description: "lineone\nline two", required: false, kind: "text" }],
      problems: ['field "nested" has a type this form cannot show'],
    });
  });

  it("has no fields for URL mode", () => {
    expect(formSpec({ mode: "url", message: "m", url: "https://x", elicitationId: "1" })).toEqual({
      fields: [],
      problems: [],
    });
  });
});

describe("initialDraft", () => {
  it("fills in defaults (numbers as the text to edit) and leaves the rest unset", () => {
    const { fields } = formSpec(
      form({
        n: { type: "string", default: "Ada" },
        i: { type: "integer", default: 36 },
        b: { type: "boolean" },
        t: { type: "array", items: { type: "string", enum: ["x"] } },
      }),
    );
    expect(initialDraft(fields)).toEqual({ n: "Ada", i: "36", b: undefined, t: [] });
  });
});

describe("checkDraft", () => {
  const f = (p: Record<string, unknown>, required = false): FormField[] =>
    formSpec(form({ v: p }, required ? ["v"] : [])).fields;
  const cases: [string, FormField[], Draft, ReturnType<typeof checkDraft>][] = [
    ["optional empty text is left out", f({ type: "string" }), { v: "" }, { ok: true, content: {} }],
    [
      "required empty text",
      f({ type: "string" }, true),
      { v: "  " },
      { ok: false, errors: { v: "required" } },
    ],
    ["text as typed", f({ type: "string" }), { v: "hi" }, { ok: true, content: { v: "hi" } }],
    [
      "minLength",
      f({ type: "string", minLength: 3 }),
      { v: "ab" },
      { ok: false, errors: { v: "at least 3 characters" } },
    ],
    [
      "maxLength",
      f({ type: "string", maxLength: 1 }),
      { v: "ab" },
      { ok: false, errors: { v: "at most 1 character" } },
    ],
    [
      "email",
      f({ type: "string", format: "email" }),
      { v: "nobody" },
      { ok: false, errors: { v: "an e-mail address (name@example.com)" } },
    ],
    [
      "email ok",
      f({ type: "string", format: "email" }),
      { v: "a@b.io" },
      { ok: true, content: { v: "a@b.io" } },
    ],
    [
      "uri",
      f({ type: "string", format: "uri" }),
      { v: "not a uri" },
      { ok: false, errors: { v: "a URI (https://example.com/…)" } },
    ],
    [
      "date that does not exist",
      f({ type: "string", format: "date" }),
      { v: "2026-02-30" },
      { ok: false, errors: { v: "a date as YYYY-MM-DD" } },
    ],
    [
      "date",
      f({ type: "string", format: "date" }),
      { v: "2026-12-01" },
      { ok: true, content: { v: "2026-12-01" } },
    ],
    [
      "date-time",
      f({ type: "string", format: "date-time" }),
      { v: "2026-12-01T10:00:00Z" },
      { ok: true, content: { v: "2026-12-01T10:00:00Z" } },
    ],
    ["number", f({ type: "number" }), { v: " 2.5 " }, { ok: true, content: { v: 2.5 } }],
    ["not a number", f({ type: "number" }), { v: "2,5" }, { ok: false, errors: { v: "a number" } }],
    [
      "hex is not a number here",
      f({ type: "number" }),
      { v: "0x10" },
      { ok: false, errors: { v: "a number" } },
    ],
    ["integer", f({ type: "integer" }), { v: "2.5" }, { ok: false, errors: { v: "a whole number" } }],
    ["minimum", f({ type: "integer", minimum: 3 }), { v: "2" }, { ok: false, errors: { v: "at least 3" } }],
    ["maximum", f({ type: "number", maximum: 1 }), { v: "1.5" }, { ok: false, errors: { v: "at most 1" } }],
    ["boolean false is sent", f({ type: "boolean" }), { v: false }, { ok: true, content: { v: false } }],
    [
      "required boolean unset",
      f({ type: "boolean" }, true),
      { v: undefined },
      { ok: false, errors: { v: "required" } },
    ],
    ["choice", f({ type: "string", enum: ["a", "b"] }), { v: "b" }, { ok: true, content: { v: "b" } }],
    [
      "choice outside the list",
      f({ type: "string", enum: ["a", "b"] }),
      { v: "c" },
      { ok: false, errors: { v: "choose one of: a, b" } },
    ],
    [
      "optional multi, nothing picked",
      f({ type: "array", items: { type: "string", enum: ["a"] } }),
      { v: [] },
      { ok: true, content: {} },
    ],
    [
      "required multi, nothing picked",
      f({ type: "array", items: { type: "string", enum: ["a"] } }, true),
      { v: [] },
      { ok: false, errors: { v: "choose at least 1 option" } },
    ],
    [
      "maxItems",
      f({ type: "array", items: { type: "string", enum: ["a", "b"] }, maxItems: 1 }),
      { v: ["a", "b"] },
      { ok: false, errors: { v: "choose at most 1 option" } },
    ],
    [
      "multi",
      f({ type: "array", items: { type: "string", enum: ["a", "b"] } }),
      { v: ["b"] },
      { ok: true, content: { v: ["b"] } },
    ],
  ];
  it.each(cases)("%s", (_name, fields, draft, want) => {
    expect(checkDraft(fields, draft)).toEqual(want);
  });

  it("reports every wrong field at once", () => {
    const { fields } = formSpec(form({ a: { type: "string" }, b: { type: "integer" } }, ["a", "b"]));
    expect(checkDraft(fields, { a: "", b: "x" })).toEqual({
      ok: false,
      errors: { a: "required", b: "a whole number" },
    });
  });
});
