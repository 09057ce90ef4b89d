// edit_file: exact string replacement. Not found or ambiguous is a tool error that says how to fix the
// call; a file with CRLF line ends still matches an old_string written with plain newlines.
import { applyEdit } from "./apply-edits.js";
import { editPreview } from "./previews.js";
import type { ToolEntry } from "../types.js";
import { defineBuiltin, fail, pathArg, resolvePath, type BuiltinOptions } from "./common.js";
import { editTextFile } from "./edit-text-file.js";

export function editFileTool(opts: BuiltinOptions): ToolEntry {
  return defineBuiltin(
    {
      name: "edit_file",
      description:
        "Replaces old_string with new_string in a file. old_string must match the file exactly (whitespace and " +
        "indentation included, without read_file's line-number prefix) and occur once, unless replace_all is true. " +
        "Read the file first. To create a file, use write_file.",
      schema: {
        type: "object",
        properties: {
          path: { type: "string", description: "File path, absolute or relative to the project directory" },
          old_string: { type: "string", description: "The exact text to replace" },
          new_string: { type: "string", description: "The text to put in its place" },
          replace_all: { type: "boolean", description: "Replace every occurrence (default false)" },
        },
        required: ["path", "old_string", "new_string"],
      },
      readOnly: false,
      preview: (a) => editPreview(opts.cwd, a),
      paths: (a) => pathArg(a, "path"),
      async run(args) {
        const path = args.string("path");
        const oldString = args.string("old_string");
        const newString = args.string("new_string");
        const replaceAll = args.optBool("replace_all") ?? false;
        if (oldString === "")
          return fail("old_string is empty; to create or overwrite a whole file use write_file.");
        if (oldString === newString)
          return fail("old_string and new_string are the same; nothing to change.");
        const file = resolvePath(opts.cwd, path);
        return editTextFile(
          file,
          path,
          "edit_file",
          (text) => applyEdit(text, oldString, newString, replaceAll),
          (r) => `Edited ${path}: replaced ${r.count} occurrence${r.count === 1 ? "" : "s"}.`,
        );
      },
    },
    opts,
  );
}

export { applyEdit, type EditResult } from "./apply-edits.js";
