// How the built-in tools that change things describe a call for the permission prompt (§8.5): bash as its whole
// command, write_file / edit_file / multi_edit as the file's text before and after the change (computed with the
// same pure edit functions the tools use, so what is shown is what would be written).
import { readFile } from "node:fs/promises";
import type { ApprovalPreview } from "../../permissions/preview.js";
import { looksBinary, resolvePath } from "./common.js";
import { applyEdit, applyEdits, type OneEdit } from "./apply-edits.js";

/** Files larger than this are previewed by the edit's own strings, not the whole file. */
const MAX_PREVIEW_BYTES = 2 * 1024 * 1024;

const str = (v: unknown): string | undefined => (typeof v === "string" ? v : undefined);

export function bashPreview(args: Record<string, unknown>): ApprovalPreview {
  const command = str(args.command) ?? JSON.stringify(args.command ?? "");
  const notes = [
    ...(args.dangerously_disable_sandbox === true
      ? [`runs OUTSIDE the sandbox: ${str(args.reason) ?? "(no reason given)"}`]
      : []),
    ...(args.run_in_background === true ? ["runs in the background"] : []),
  ];
  return { kind: "command", command, ...(notes.length > 0 && { note: notes.join("; ") }) };
}

type Current = { kind: "text"; text: string } | { kind: "missing" } | { kind: "unreadable"; why: string };

async function current(cwd: string, path: string): Promise<Current> {
  let buf: Buffer;
  try {
    buf = await readFile(resolvePath(cwd, path));
  } catch (e) {
    const code = (e as { code?: string }).code;
    return code === "ENOENT" ? { kind: "missing" } : { kind: "unreadable", why: code ?? "cannot be read" };
  }
  if (looksBinary(buf)) return { kind: "unreadable", why: "a binary file" };
  if (buf.length > MAX_PREVIEW_BYTES) return { kind: "unreadable", why: "too large to show whole" };
  return { kind: "text", text: buf.toString("utf8") };
}

export async function writePreview(cwd: string, args: Record<string, unknown>): Promise<ApprovalPreview> {
  const path = str(args.path) ?? "";
  const after = str(args.content) ?? "";
  const now = await current(cwd, path);
  if (now.kind === "unreadable")
    return { kind: "diff", path, before: "", after, created: false, problem: `replaces ${now.why}` };
  return {
    kind: "diff",
    path,
    before: now.kind === "text" ? now.text : "",
    after,
    created: now.kind === "missing",
  };
}

export async function editPreview(cwd: string, args: Record<string, unknown>): Promise<ApprovalPreview> {
  const path = str(args.path) ?? "";
  const edit: OneEdit = {
    old_string: str(args.old_string) ?? "",
    new_string: str(args.new_string) ?? "",
    ...(args.replace_all === true && { replace_all: true }),
  };
  return editsPreview(cwd, path, [edit], (text) => {
    const r = applyEdit(text, edit.old_string, edit.new_string, edit.replace_all === true);
    return r.ok ? { ok: true, text: r.text } : r;
  });
}

export async function multiEditPreview(cwd: string, args: Record<string, unknown>): Promise<ApprovalPreview> {
  const path = str(args.path) ?? "";
  const raw = typeof args.edits === "string" ? safeParse(args.edits) : args.edits;
  const edits: OneEdit[] = Array.isArray(raw)
    ? raw.map((e: Record<string, unknown> | null) => ({
        old_string: str(e?.old_string) ?? "",
        new_string: str(e?.new_string) ?? "",
        ...(e?.replace_all === true && { replace_all: true }),
      }))
    : [];
  return editsPreview(cwd, path, edits, (text) => applyEdits(text, edits));
}

async function editsPreview(
  cwd: string,
  path: string,
  edits: readonly OneEdit[],
  apply: (text: string) => { ok: true; text: string } | { ok: false; message: string },
): Promise<ApprovalPreview> {
  const now = await current(cwd, path);
  // Without the file's text, show the edits themselves: what is taken out and what is put in.
  const own = (problem: string): ApprovalPreview => ({
    kind: "diff",
    path,
    before: edits.map((e) => e.old_string).join("\n"),
    after: edits.map((e) => e.new_string).join("\n"),
    created: false,
    problem,
  });
  if (now.kind === "missing") return own("the file does not exist, so this edit will fail");
  if (now.kind === "unreadable") return own(`the file is ${now.why}`);
  const r = apply(now.text);
  if (!r.ok) return own(`${r.message.replace("{path}", path)} (the call will fail)`);
  return { kind: "diff", path, before: now.text, after: r.text, created: false };
}

function safeParse(s: string): unknown {
  try {
    return JSON.parse(s);
  } catch {
    return undefined;
  }
}
