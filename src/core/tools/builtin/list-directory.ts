// list_directory: one directory's entries, directories first and marked with a trailing "/".
import type { Dirent } from "node:fs";
import { readdir } from "node:fs/promises";
import type { ToolEntry } from "../types.js";
import { defineBuiltin, pathArg, errorText, fail, ok, resolvePath, type BuiltinOptions } from "./common.js";
import { displayPath } from "./display-path.js";

export const MAX_ENTRIES = 1000;

export function listDirectoryTool(opts: BuiltinOptions): ToolEntry {
  return defineBuiltin(
    {
      name: "list_directory",
      description:
        'Lists the entries of one directory (not recursive): directories end with "/", symbolic links with "@". ' +
        "Default: the project directory. Use glob to find files at any depth.",
      schema: {
        type: "object",
        properties: {
          path: { type: "string", description: "Directory path (default: the project directory)" },
        },
      },
      readOnly: true,
      paths: (a) => pathArg(a, "path", "."),
      async run(args) {
        const path = args.optString("path") ?? ".";
        const dir = resolvePath(opts.cwd, path === "" ? "." : path);
        let entries: Dirent[];
        try {
          entries = await readdir(dir, { withFileTypes: true });
        } catch (e) {
          if ((e as { code?: string }).code === "ENOTDIR")
            return fail(`${path} is a file, not a directory; use read_file.`);
          return fail(`Cannot list ${path}: ${errorText(e)}.`);
        }
        const label = displayPath(opts.cwd, dir);
        if (entries.length === 0) return ok(`${label} is empty.`);
        const names = entries
          .map((d) => ({
            dir: d.isDirectory(),
            name: d.name + (d.isDirectory() ? "/" : d.isSymbolicLink() ? "@" : ""),
          }))
          .sort((a, b) => (a.dir === b.dir ? (a.name < b.name ? -1 : 1) : a.dir ? -1 : 1))
          .map((e) => e.name);
        const shown = names.slice(0, MAX_ENTRIES);
        const more =
          names.length > shown.length ? [`[${names.length} entries; showing the first ${shown.length}]`] : [];
        return ok([`${label}:`, ...shown, ...more].join("\n"));
      },
    },
    opts,
  );
}
