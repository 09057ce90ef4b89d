// write_file: creates or overwrites a file, creating missing parent directories.
import { writePreview } from "./previews.js";
import { mkdir, stat, writeFile } from "node:fs/promises";
import { dirname } from "node:path";
import type { ToolEntry } from "../types.js";
import { defineBuiltin, pathArg, errorText, fail, ok, resolvePath, type BuiltinOptions } from "./common.js";

export function writeFileTool(opts: BuiltinOptions): ToolEntry {
  return defineBuiltin(
    {
      name: "write_file",
      description:
        "Writes content to a file, replacing it if it exists and creating missing directories. " +
        "Prefer edit_file for changing part of an existing file.",
      schema: {
        type: "object",
        properties: {
          path: { type: "string", description: "File path, absolute or relative to the project directory" },
          content: { type: "string", description: "The complete new content of the file" },
        },
        required: ["path", "content"],
      },
      readOnly: false,
      preview: (a) => writePreview(opts.cwd, a),
      paths: (a) => pathArg(a, "path"),
      async run(args) {
        const path = args.string("path");
        const content = args.string("content");
        const file = resolvePath(opts.cwd, path);
        const existed = await stat(file).then(
          (s) => (s.isDirectory() ? "dir" : "file"),
          () => "none",
        );
        if (existed === "dir") return fail(`${path} is a directory; give a file path.`);
        try {
          await mkdir(dirname(file), { recursive: true });
          await writeFile(file, content, "utf8");
        } catch (e) {
          return fail(`Cannot write ${path}: ${errorText(e)}.`);
        }
        const bytes = Buffer.byteLength(content, "utf8");
        const lines = content === "" ? 0 : content.split("\n").length - (content.endsWith("\n") ? 1 : 0);
        return ok(
          `${existed === "file" ? "Overwrote" : "Created"} ${path} (${bytes} bytes, ${lines} lines).`,
        );
      },
    },
    opts,
  );
}
