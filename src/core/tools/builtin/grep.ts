// grep: lines matching a JavaScript regular expression, in one file or every text file below a directory
// (optionally filtered by a glob); binary and very large files are skipped, matches are capped.
import { stat } from "node:fs/promises";
import { basename } from "node:path";
import type { ToolEntry } from "../types.js";
import { defineBuiltin, pathArg, errorText, fail, ok, resolvePath, type BuiltinOptions } from "./common.js";
import { displayPath } from "./display-path.js";
import { FILE_TIMEOUT_MS, PatternTimeout, startLineMatcher } from "./grep-worker.js";
import { compileGlob } from "./glob-compile.js";
import { walk } from "./walk.js";

export const MAX_MATCHES = 500;
export const MAX_GREP_FILE_BYTES = 5 * 1024 * 1024;
const MAX_SHOWN_LINE = 500;
/** After this many files stopped by the timeout, the search ends (each costs the whole timeout). */
const MAX_STOPPED_FILES = 3;

export function grepTool(opts: BuiltinOptions): ToolEntry {
  return defineBuiltin(
    {
      name: "grep",
      description:
        "Searches file contents with a JavaScript regular expression and returns matching lines as " +
        '"path:line: text". path may be a file or a directory (default: the project directory); glob filters ' +
        'the files searched (e.g. "*.ts", "src/**/*.py"). A leading (?i) makes the search case-insensitive. ' +
        `At most ${MAX_MATCHES} matches; binary files, node_modules and .git are skipped.`,
      schema: {
        type: "object",
        properties: {
          pattern: { type: "string", description: "JavaScript regular expression" },
          path: {
            type: "string",
            description: "File or directory to search (default: the project directory)",
          },
          glob: { type: "string", description: 'Only search files matching this glob, e.g. "*.ts"' },
        },
        required: ["pattern"],
      },
      readOnly: true,
      paths: (a) => pathArg(a, "path", "."),
      async run(args, ctx) {
        const re = compile(args.string("pattern"));
        if (typeof re === "string") return fail(re);
        const pathArg = args.optString("path");
        const globArg = args.optString("glob");
        const filter = globArg === undefined || globArg === "" ? undefined : fileFilter(globArg);
        const root = resolvePath(opts.cwd, pathArg ?? ".");
        let isDir: boolean;
        try {
          isDir = (await stat(root)).isDirectory();
        } catch (e) {
          return fail(`Cannot search ${pathArg ?? "."}: ${errorText(e)}.`);
        }
        const out: string[] = [];
        let total = 0;
        let skipped = 0;
        const stopped: string[] = [];
        const matcher = startLineMatcher(re, { maxBytes: MAX_GREP_FILE_BYTES, maxShown: MAX_SHOWN_LINE });
        const searchFile = async (abs: string) => {
          let lines;
          try {
            lines = await matcher.match(abs, ctx.signal);
          } catch (e) {
            // One file that backtracks too long is left out; the others are still searched.
            if (!(e instanceof PatternTimeout)) throw e;
            stopped.push(displayPath(opts.cwd, e.file));
            return;
          }
          if (lines === undefined) return void skipped++;
          for (const { n, text } of lines) {
            total++;
            if (out.length < MAX_MATCHES) out.push(`${displayPath(opts.cwd, abs)}:${n}: ${text}`);
          }
        };
        try {
          if (!isDir) {
            await searchFile(root);
          } else {
            for await (const e of walk(root, {
              gitignoreFrom: opts.cwd,
              ...(ctx.signal && { signal: ctx.signal }),
            })) {
              if (e.kind !== "file" || (filter !== undefined && !filter(e.rel))) continue;
              if (stopped.length >= MAX_STOPPED_FILES) break;
              await searchFile(e.abs);
            }
          }
        } finally {
          await matcher.close();
        }
        if (stopped.length > 0) {
          const note = stoppedNote(re, stopped);
          if (total === 0) return fail(note);
          out.push(`[${note}]`);
        }
        if (total === 0)
          return ok(
            `No matches for ${re.source}${skipped > 0 ? ` (${skipped} binary or large files skipped)` : ""}.`,
          );
        if (total > out.length)
          out.push(`[${total} matches; showing the first ${out.length}. Narrow the pattern, path or glob.]`);
        return ok(out.join("\n"));
      },
    },
    opts,
  );
}

function stoppedNote(re: RegExp, files: readonly string[]): string {
  return (
    `grep: the pattern ${re.source} ran longer than ${FILE_TIMEOUT_MS / 1000} s on ${files.join(", ")} and was stopped ` +
    `there${files.length >= MAX_STOPPED_FILES ? ", and the search ended" : "; the other files were searched"}. ` +
    "It backtracks catastrophically (nested quantifiers such as (a+)+ or (.*)* together with a backreference, " +
    "lookaround or \\b, which keep it off the linear-time engine); use a simpler pattern."
  );
}

/** The model's regex, with ripgrep's `(?i)` prefix understood; a bad one is a message. */
export function compile(pattern: string): RegExp | string {
  let source = pattern;
  let flags = "";
  if (source.startsWith("(?i)")) {
    source = source.slice(4);
    flags = "i";
  }
  try {
    return new RegExp(source, flags);
  } catch (e) {
    return `grep: the pattern is not a valid JavaScript regular expression (${(e as Error).message}); escape special characters like ( [ { . * + ? with a backslash.`;
  }
}

/** A glob without `/` matches the file name at any depth (as ripgrep's --glob does). */
function fileFilter(glob: string): (rel: string) => boolean {
  const re = compileGlob(glob.replace(/^\.\//, ""));
  return glob.includes("/") ? (rel) => re.test(rel) : (rel) => re.test(basename(rel));
}
