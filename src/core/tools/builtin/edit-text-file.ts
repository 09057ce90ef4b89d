// The read → change → write of edit_file and multi_edit: one place for the errors a user sees when the file
// is missing, binary or cannot be written, so the two tools cannot drift apart.
import { readFile, writeFile } from "node:fs/promises";
import type { ToolResult } from "../types.js";
import { errorText, fail, looksBinary, ok } from "./common.js";

export type TextChange<T> = ({ ok: true; text: string } & T) | { ok: false; message: string };

/** Applies `change` to the text of `file` (shown as `path`) and writes it back; `done` words the success. */
export async function editTextFile<T>(
  file: string,
  path: string,
  tool: string,
  change: (text: string) => TextChange<T>,
  done: (result: { text: string } & T) => string,
): Promise<ToolResult> {
  let buf: Buffer;
  try {
    buf = await readFile(file);
  } catch (e) {
    const hint = (e as { code?: string }).code === "ENOENT" ? " To create it, use write_file." : "";
    return fail(`Cannot edit ${path}: ${errorText(e)}.${hint}`);
  }
  if (looksBinary(buf)) return fail(`${path} is a binary file; ${tool} changes text files only.`);
  const r = change(buf.toString("utf8"));
  if (!r.ok) return fail(r.message.replace("{path}", path));
  try {
    await writeFile(file, r.text, "utf8");
  } catch (e) {
    return fail(`Cannot write ${path}: ${errorText(e)}.`);
  }
  return ok(done(r));
}
