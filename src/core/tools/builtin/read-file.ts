// read_file: a text file with line numbers, a window of lines (offset/limit), binary files refused and
// images attached as media when the model takes them.
import { readFile, stat } from "node:fs/promises";
import { isImagePath, prepareImage } from "../image-file.js";
import type { ToolEntry } from "../types.js";
import {
  defineBuiltin,
  pathArg,
  errorText,
  fail,
  looksBinary,
  ok,
  resolvePath,
  type BuiltinOptions,
} from "./common.js";

export const DEFAULT_LINE_LIMIT = 2000;
export const MAX_LINE_CHARS = 2000;
export const MAX_FILE_BYTES = 20 * 1024 * 1024;
/** Told to the model in place of an image it cannot take. */
export const NO_IMAGES = "this model does not accept images; the image was not sent";

export function readFileTool(opts: BuiltinOptions): ToolEntry {
  return defineBuiltin(
    {
      name: "read_file",
      description:
        `Reads a text file and returns its lines numbered from 1 ("  12\\tline"). Reads up to ${DEFAULT_LINE_LIMIT} ` +
        "lines by default; for long files pass offset (first line, 1-based) and limit (number of lines). " +
        "Relative paths resolve against the project directory. The line numbers are not part of the file.",
      schema: {
        type: "object",
        properties: {
          path: { type: "string", description: "File path, absolute or relative to the project directory" },
          offset: { type: "integer", description: "First line to read, 1-based (default 1)", minimum: 1 },
          limit: {
            type: "integer",
            description: `How many lines to read (default ${DEFAULT_LINE_LIMIT})`,
            minimum: 1,
          },
        },
        required: ["path"],
      },
      readOnly: true,
      paths: (a) => pathArg(a, "path"),
      async run(args, ctx) {
        const path = args.string("path");
        const offset = args.optInt("offset", 1) ?? 1;
        const limit = args.optInt("limit", 1) ?? DEFAULT_LINE_LIMIT;
        const file = resolvePath(opts.cwd, path);
        let info;
        try {
          info = await stat(file);
        } catch (e) {
          return fail(`Cannot read ${path}: ${errorText(e)}.`);
        }
        if (info.isDirectory()) return fail(`${path} is a directory; use list_directory to see its entries.`);
        if (info.size > MAX_FILE_BYTES) {
          return fail(
            `${path} is ${info.size} bytes, more than read_file reads (${MAX_FILE_BYTES}); ` +
              `use grep to find the part you need, or bash with head/tail/sed.`,
          );
        }
        const buf = await readFile(file, { signal: ctx.signal });
        if (isImagePath(file)) {
          if (ctx.supportsMedia !== true)
            return ok(`${path} is an image (${buf.length} bytes): ${NO_IMAGES}.`);
          const prepared = await prepareImage(buf);
          if (!prepared.ok) return fail(`${path} ${prepared.reason}.`);
          const { image } = prepared;
          const how =
            image.downscaled === undefined
              ? `${image.bytes} bytes`
              : `downscaled from ${image.downscaled.from} to ${image.downscaled.to}, ${image.bytes} bytes`;
          const r = ok(`Image ${path} (${image.mimeType}, ${how}) is attached.`);
          return { ...r, media: [{ type: "image", mimeType: image.mimeType, data: image.data }] };
        }
        if (looksBinary(buf))
          return fail(`${path} is a binary file (${buf.length} bytes); read_file shows text only.`);
        return ok(numberLines(buf.toString("utf8"), path, offset, limit));
      },
    },
    opts,
  );
}

/** `cat -n` style window of the text, with a note on what is left. */
export function numberLines(text: string, path: string, offset: number, limit: number): string {
  if (text === "") return `(${path} is empty)`;
  const lines = text.replace(/\r\n/g, "\n").split("\n");
  if (lines[lines.length - 1] === "") lines.pop();
  const total = lines.length;
  if (offset > total) return `(${path} has ${total} lines; offset ${offset} is past the end)`;
  const end = Math.min(total, offset - 1 + limit);
  const width = String(end).length;
  const out: string[] = [];
  for (let i = offset - 1; i < end; i++) {
    const line = lines[i] ?? "";
    const shown =
      line.length > MAX_LINE_CHARS
        ? `${line.slice(0, MAX_LINE_CHARS)}… [line cut at ${MAX_LINE_CHARS} characters]`
        : line;
    out.push(`${String(i + 1).padStart(width)}\t${shown}`);
  }
  if (end < total) out.push(`\n[lines ${offset}-${end} of ${total}; pass offset=${end + 1} to read on]`);
  return out.join("\n");
}
