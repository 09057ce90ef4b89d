// The pure text edits behind edit_file and multi_edit, shared with their permission previews (previews.ts)
// so that what a prompt shows is exactly what the tool would write.

export type EditResult = { ok: true; text: string; count: number } | { ok: false; message: string };

/** Pure: the edited text, or why the edit cannot be made ({path} is filled in by the caller). */
export function applyEdit(
  text: string,
  oldString: string,
  newString: string,
  replaceAll: boolean,
): EditResult {
  let from = oldString;
  let to = newString;
  let count = occurrences(text, from);
  if (count === 0 && text.includes("\r\n") && !oldString.includes("\r\n") && oldString.includes("\n")) {
    from = oldString.replace(/\n/g, "\r\n");
    to = newString.replace(/\r?\n/g, "\r\n");
    count = occurrences(text, from);
  }
  if (count === 0) {
    return {
      ok: false,
      message:
        "old_string was not found in {path}. Read the file again with read_file and copy the exact text " +
        "(same whitespace and indentation, without the line-number prefix).",
    };
  }
  if (count > 1 && !replaceAll) {
    return {
      ok: false,
      message:
        `old_string occurs ${count} times in {path}. Include more surrounding lines so it matches once, ` +
        "or set replace_all to true to change every occurrence.",
    };
  }
  // split/join, not String.replace: `$&` and friends in new_string must stay literal.
  const parts = text.split(from);
  const edited = replaceAll ? parts.join(to) : `${parts[0] ?? ""}${to}${parts.slice(1).join(from)}`;
  return { ok: true, text: edited, count: replaceAll ? count : 1 };
}

function occurrences(text: string, s: string): number {
  let n = 0;
  for (let i = text.indexOf(s); i !== -1; i = text.indexOf(s, i + s.length)) n++;
  return n;
}

export interface OneEdit {
  old_string: string;
  new_string: string;
  replace_all?: boolean;
}

export type MultiEditResult = { ok: true; text: string; counts: number[] } | { ok: false; message: string };

/** Pure: every edit applied in order, or the first one that cannot be, named by its position. */
export function applyEdits(text: string, edits: readonly OneEdit[]): MultiEditResult {
  let current = text;
  const counts: number[] = [];
  for (const [i, e] of edits.entries()) {
    const at = `Edit ${i + 1} of ${edits.length} failed, so no edit was made`;
    if (e.old_string === "") return { ok: false, message: `${at}: old_string is empty.` };
    if (e.old_string === e.new_string) {
      return { ok: false, message: `${at}: old_string and new_string are the same.` };
    }
    const r = applyEdit(current, e.old_string, e.new_string, e.replace_all === true);
    if (!r.ok) {
      const later = i > 0 ? " (edits apply in order, so it must match the text after the earlier edits)" : "";
      return { ok: false, message: `${at}: ${r.message}${later}` };
    }
    current = r.text;
    counts.push(r.count);
  }
  return { ok: true, text: current, counts };
}
