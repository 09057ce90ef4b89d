// `@path` in the user's input: Tab completes the path against the project directory, and on send each
// mentioned file is attached to the message inside <file path="…"> (capped), with an "attached …" notice.
// `@server:uri` is a resource mention (§9) and left to the agent; an e-mail address is neither.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { isAbsolute, join, relative, resolve } from "node:path";
import { looksBinary } from "../../core/tools/builtin/common.js";
import { isImagePath } from "../../core/tools/image-file.js";

export const MAX_ATTACH_CHARS = 100_000;

export interface DirEntry {
  name: string;
  dir: boolean;
}

export type ListDir = (dir: string) => DirEntry[];

export const listDir: ListDir = (dir) => {
  try {
    return readdirSync(dir, { withFileTypes: true }).map((d) => ({
      name: d.name,
      dir: d.isDirectory() || (d.isSymbolicLink() && isDirectory(join(dir, d.name))),
    }));
  } catch {
    return [];
  }
};

function isDirectory(p: string): boolean {
  try {
    return statSync(p).isDirectory();
  } catch {
    return false;
  }
}

/** The `@…` word that ends at the cursor (start of input or after whitespace), if any. */
export function mentionAtCursor(value: string, cursor: number): { start: number; path: string } | undefined {
  const before = value.slice(0, cursor);
  const m = /(^|\s)@([^\s@]*)$/.exec(before);
  if (m === null) return undefined;
  const path = m[2] ?? "";
  // `@server:uri` is a resource mention, not a path.
  if (/^[A-Za-z0-9_-]+:/.test(path)) return undefined;
  return { start: cursor - path.length - 1, path };
}

export interface PathCompletion {
  value: string;
  cursor: number;
  /** Every match, when there is more than one (shown under the prompt). */
  candidates: string[];
}

/** Tab on `@partial/pa`: the longest common completion among the entries of that directory. */
export function completePath(
  value: string,
  cursor: number,
  cwd: string,
  list: ListDir,
): PathCompletion | undefined {
  const m = mentionAtCursor(value, cursor);
  if (m === undefined) return undefined;
  const slash = m.path.lastIndexOf("/");
  const dirPart = slash === -1 ? "" : m.path.slice(0, slash + 1);
  const prefix = m.path.slice(slash + 1);
  const dir = dirPart === "" ? cwd : isAbsolute(dirPart) ? dirPart : join(cwd, dirPart);
  const hits = list(dir)
    .filter((e) => e.name.startsWith(prefix) && (prefix.startsWith(".") || !e.name.startsWith(".")))
    .filter((e) => e.name !== "node_modules" || prefix !== "")
    .map((e) => (e.dir ? `${e.name}/` : e.name))
    .sort();
  if (hits.length === 0) return undefined;
  let common = hits[0] ?? "";
  for (const h of hits) while (!h.startsWith(common)) common = common.slice(0, -1);
  const completed = `${dirPart}${common}`;
  const tail = hits.length === 1 && !common.endsWith("/") ? " " : "";
  const next = `${value.slice(0, m.start + 1)}${completed}${tail}${value.slice(cursor)}`;
  return {
    value: next,
    cursor: m.start + 1 + completed.length + tail.length,
    candidates: hits.length > 1 ? hits.map((h) => `${dirPart}${h}`) : [],
  };
}

export interface Attached {
  /** The message with the files appended. */
  message: string;
  /** "attached src/a.ts (42 lines)", one per file. */
  notices: string[];
  warnings: string[];
}

/** Attaches every `@path` naming a file; one naming nothing that looks like a path is a warning. */
export function attachFiles(text: string, cwd: string): Attached {
  const notices: string[] = [];
  const warnings: string[] = [];
  const blocks: string[] = [];
  const seen = new Set<string>();
  for (const m of text.matchAll(/(^|\s)@([^\s@"]+)/g)) {
    let path = m[2] ?? "";
    if (/^[A-Za-z0-9_-]+:/.test(path)) continue; // a resource mention
    path = path.replace(/[.,;:!?)]$/, "");
    if (path === "" || seen.has(path)) continue;
    // An image goes to the model as an image part: the agent attaches it (or says the model takes none).
    if (isImagePath(path)) continue;
    seen.add(path);
    const file = isAbsolute(path) ? path : resolve(cwd, path);
    let buf: Buffer;
    try {
      if (!statSync(file).isFile()) {
        warnings.push(`@${path} is a directory; name a file to attach it`);
        continue;
      }
      buf = readFileSync(file);
    } catch {
      if (/[./]/.test(path)) warnings.push(`@${path}: no such file, not attached`);
      continue;
    }
    if (looksBinary(buf)) {
      warnings.push(`@${path} is a binary file, not attached`);
      continue;
    }
    let body = buf.toString("utf8");
    const lines = body === "" ? 0 : body.replace(/\n$/, "").split("\n").length;
    let cut = "";
    if (body.length > MAX_ATTACH_CHARS) {
      body = body.slice(0, MAX_ATTACH_CHARS);
      cut = ` (cut at ${MAX_ATTACH_CHARS} characters; read_file reads the rest)`;
    }
    const shown = isAbsolute(path) ? path : relative(cwd, file) || path;
    blocks.push(`<file path="${shown.replace(/"/g, "&quot;")}">\n${body.replace(/\n$/, "")}\n</file>`);
    notices.push(`attached ${shown} (${lines} line${lines === 1 ? "" : "s"})${cut}`);
  }
  const message = blocks.length === 0 ? text : `${text}\n\n${blocks.join("\n\n")}`;
  return { message, notices, warnings };
}
