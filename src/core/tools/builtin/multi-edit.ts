// multi_edit: several exact replacements in one file, applied in order to the text as the previous edit
// left it, and written only when every one of them applies: a failing edit changes nothing on disk and the
// error names it (by its position in `edits`), so the model can fix that one and resend the list.
import { multiEditPreview } from "./previews.js";
import type { ToolEntry } from "../types.js";
import { applyEdits, type OneEdit } from "./apply-edits.js";
import { ArgError, defineBuiltin, pathArg, resolvePath, type BuiltinOptions } from "./common.js";
import { editTextFile } from "./edit-text-file.js";

export { applyEdits, type MultiEditResult, type OneEdit } from "./apply-edits.js";

export function multiEditTool(opts: BuiltinOptions): ToolEntry {
  return defineBuiltin(
    {
      name: "multi_edit",
      description:
        "Makes several exact string replacements in one file, in order; each edit applies to the result of " +
        "the previous one. Atomic: if any edit fails (old_string not found, or not unique without " +
        "replace_all) the file is left unchanged. Same matching rules as edit_file. Read the file first.",
      schema: {
        type: "object",
        properties: {
          path: { type: "string", description: "File path, absolute or relative to the project directory" },
          edits: {
            type: "array",
            minItems: 1,
            description: "The replacements, applied in order",
            items: {
              type: "object",
              properties: {
                old_string: { type: "string", description: "The exact text to replace" },
                new_string: { type: "string", description: "The text to put in its place" },
                replace_all: { type: "boolean", description: "Replace every occurrence (default false)" },
              },
              required: ["old_string", "new_string"],
            },
          },
        },
        required: ["path", "edits"],
      },
      readOnly: false,
      preview: (a) => multiEditPreview(opts.cwd, a),
      paths: (a) => pathArg(a, "path"),
      async run(args) {
        const path = args.string("path");
        const edits = readEdits(args.raw("edits"));
        const file = resolvePath(opts.cwd, path);
        return editTextFile(
          file,
          path,
          "multi_edit",
          (text) => applyEdits(text, edits),
          (r) => {
            const n = r.counts.reduce((a, b) => a + b, 0);
            return (
              `Edited ${path}: applied ${edits.length} edit${edits.length === 1 ? "" : "s"} ` +
              `(${n} replacement${n === 1 ? "" : "s"}).`
            );
          },
        );
      },
    },
    opts,
  );
}

function readEdits(sent: unknown): OneEdit[] {
  // Some models send a nested array as a JSON string.
  let raw = sent;
  if (typeof sent === "string") {
    try {
      raw = JSON.parse(sent);
    } catch {
      raw = undefined;
    }
  }
  if (!Array.isArray(raw) || raw.length === 0) {
    throw new ArgError('multi_edit: "edits" is required: a non-empty array of {old_string, new_string}');
  }
  return raw.map((e: unknown, i) => {
    const o = (typeof e === "object" && e !== null ? e : {}) as Record<string, unknown>;
    const at = `multi_edit: edit ${i + 1} of ${raw.length}`;
    if (typeof o.old_string !== "string" || typeof o.new_string !== "string") {
      throw new ArgError(`${at} needs "old_string" and "new_string" as strings`);
    }
    const all = o.replace_all;
    if (all !== undefined && all !== null && typeof all !== "boolean") {
      throw new ArgError(`${at}: "replace_all" must be true or false`);
    }
    return { old_string: o.old_string, new_string: o.new_string, ...(all === true && { replace_all: true }) };
  });
}
