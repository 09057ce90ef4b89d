// What a submitted line becomes before it reaches the model: `!cmd` is the user's own shell command (its
// output joins the context of the next message, as the user's), `@path` attaches files. Pure except for
// reading the attached files.
import { attachFiles } from "./file-mentions.js";

/** `!cmd` → "cmd"; undefined for any other line (a lone "!" is a message). */
export function shellCommand(line: string): string | undefined {
  const t = line.trim();
  if (!t.startsWith("!")) return undefined;
  const cmd = t.slice(1).trim();
  return cmd === "" ? undefined : cmd;
}

/** How a `!cmd` run is put before the user's next message, so the model knows what the user saw. */
export function shellContext(command: string, output: string, note?: string): string {
  return (
    `<user-shell-command>\n<command>${command}</command>\n<output>\n${output}\n</output>` +
    `${note !== undefined ? `\n<note>${note}</note>` : ""}\n</user-shell-command>`
  );
}

export interface Prepared {
  text: string;
  notices: string[];
  warnings: string[];
}

/** The message for the model: earlier shell runs first, then the text with its `@path` files attached. */
export function prepareMessage(text: string, cwd: string | undefined, shell: readonly string[]): Prepared {
  const a = cwd !== undefined ? attachFiles(text, cwd) : { message: text, notices: [], warnings: [] };
  const head = shell.length > 0 ? `${shell.join("\n\n")}\n\n` : "";
  return { text: `${head}${a.message}`, notices: a.notices, warnings: a.warnings };
}
