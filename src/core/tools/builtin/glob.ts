// glob: files whose path matches a pattern, below a directory; node_modules and .git are skipped unless
// the pattern names them.
import { stat } from "node:fs/promises";
import { isAbsolute, join } from "node:path";
import type { ToolEntry } from "../types.js";
import { defineBuiltin, pathArg, errorText, fail, ok, resolvePath, type BuiltinOptions } from "./common.js";
import { displayPath } from "./display-path.js";
import { compileGlob } from "./glob-compile.js";
import { splitStaticPrefix } from "./glob-match.js";
import { DEFAULT_SKIP_DIRS, walk } from "./walk.js";

export const MAX_GLOB_RESULTS = 1000;

export function globTool(opts: BuiltinOptions): ToolEntry {
  return defineBuiltin(
    {
      name: "glob",
      description:
        'Finds files by path pattern, e.g. "**/*.ts" (every .ts file at any depth), "src/*.{js,mjs}" ' +
        '(one level). "*" stays within one directory, "**" spans directories. Returns matching file paths ' +
        `sorted by name, at most ${MAX_GLOB_RESULTS}. node_modules and .git are skipped unless named in the pattern.`,
      schema: {
        type: "object",
        properties: {
          pattern: { type: "string", description: "Glob pattern, relative to path" },
          path: { type: "string", description: "Directory to search in (default: the project directory)" },
        },
        required: ["pattern"],
      },
      readOnly: true,
      // The directory walked: path, plus the pattern's fixed prefix (`../../**`, `/etc/*`).
      paths: (a) => {
        const base = pathArg(a, "path", ".")[0] ?? ".";
        const pattern = typeof a.pattern === "string" ? a.pattern.trim().replace(/^\.\//, "") : "";
        const prefix = splitStaticPrefix(pattern).base;
        return [prefix === "" ? base : isAbsolute(prefix) ? prefix : join(base, prefix)];
      },
      async run(args, ctx) {
        const pattern = args.string("pattern").trim();
        if (pattern === "") return fail('glob: "pattern" is empty; try "**/*" for every file.');
        const baseArg = args.optString("path");
        const start = resolvePath(opts.cwd, baseArg ?? ".");
        const { base, rest } = splitStaticPrefix(pattern.replace(/^\.\//, ""));
        const root = resolvePath(start, base === "" ? "." : base);
        try {
          if (!(await stat(root)).isDirectory())
            return fail(`${displayPath(opts.cwd, root)} is not a directory.`);
        } catch (e) {
          // A pattern whose fixed prefix does not exist simply matches nothing.
          if (base !== "") return ok(`No files match ${pattern}.`);
          return fail(`Cannot search ${baseArg ?? "."}: ${errorText(e)}.`);
        }
        const re = compileGlob(rest);
        const skipDirs = DEFAULT_SKIP_DIRS.filter((d) => !pattern.split("/").includes(d));
        let limited = false;
        const found: string[] = [];
        for await (const e of walk(root, {
          skipDirs,
          gitignoreFrom: opts.cwd,
          ...(ctx.signal && { signal: ctx.signal }),
          onLimit: () => (limited = true),
        })) {
          if (e.kind !== "dir" && re.test(e.rel)) found.push(displayPath(opts.cwd, e.abs));
        }
        if (found.length === 0)
          return ok(
            `No files match ${pattern}${limited ? " (search stopped early: too many entries)" : ""}.`,
          );
        found.sort();
        const shown = found.slice(0, MAX_GLOB_RESULTS);
        const notes: string[] = [];
        if (found.length > shown.length)
          notes.push(
            `[${found.length} files match; showing the first ${shown.length}. Narrow the pattern or path.]`,
          );
        if (limited) notes.push("[search stopped early: too many entries; narrow the path]");
        return ok([...shown, ...notes].join("\n"));
      },
    },
    opts,
  );
}
