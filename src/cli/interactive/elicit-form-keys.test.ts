import { describe, expect, it } from "vitest";
import { formSpec } from "../../core/mcp/connection/elicitation-form.js";
import { formKey, formRows, type FormState } from "./elicit-form-keys.js";

const { fields } = formSpec({
  message: "m",
  requestedSchema: {
    type: "object",
    properties: {
      name: { type: "string" },
      tags: { type: "array", items: { type: "string", enum: ["a", "b", "c"] } },
    },
  },
});
const rows = formRows(fields, true);
const at = (focus: number, draft: FormState["draft"]): FormState => ({
  draft,
  focus,
  cursor: {},
  errors: {},
});

describe("formKey", () => {
  it.each([
    ["typed text is appended", "Ada", {}, "abAda"],
    ["DEL and BS inside a chunk erase in order", "\x7f\x7fx\by", {}, "y"],
    ["paste markers and line breaks are dropped", "\x1b[200~q\nr\x1b[201~", {}, "abqr"],
    ["Ctrl-U clears", "u", { ctrl: true }, ""],
    ["a lone Backspace erases one", "", { delete: true }, "a"],
  ])("%s", (_name, input, key, want) => {
    expect(formKey(at(0, { name: "ab" }), rows, input, key).state.draft.name).toBe(want);
  });

  it("multi-select toggles the highlighted option and keeps the schema's order", () => {
    let s = at(1, { tags: ["c"] });
    s = formKey(s, rows, "", { rightArrow: true }).state;
    s = formKey(s, rows, " ", {}).state;
    expect(s.draft.tags).toEqual(["b", "c"]);
    s = formKey(s, rows, "", { leftArrow: true }).state;
    s = formKey(s, rows, " ", {}).state;
    expect(s.draft.tags).toEqual(["a", "b", "c"]);
    expect(formKey(s, rows, " ", {}).state.draft.tags).toEqual(["b", "c"]);
  });
});
