// `/NAME ARGS`: the arguments put into a command's or skill's body, as Claude Code does — `$ARGUMENTS` is the
// whole string, `$1`…`$9` the words (quotes group words), and a body that uses neither gets the arguments
// appended on a line of their own. Pure.

/** Splits arguments into words; "double" and 'single' quotes group words and are removed. */
export function splitArguments(args: string): string[] {
  const out: string[] = [];
  const re = /"([^"]*)"|'([^']*)'|(\S+)/g;
  for (let m = re.exec(args); m !== null; m = re.exec(args)) out.push(m[1] ?? m[2] ?? m[3] ?? "");
  return out;
}

const PLACEHOLDER = /\$ARGUMENTS\b|\$([1-9])(?![0-9])/g;

export function substituteArguments(body: string, args: string): string {
  const trimmed = args.trim();
  const words = splitArguments(trimmed);
  let used = false;
  const out = body.replace(PLACEHOLDER, (whole, digit: string | undefined) => {
    used = true;
    if (digit === undefined) return trimmed;
    return words[Number(digit) - 1] ?? "";
  });
  if (used || trimmed === "") return out;
  return `${out.replace(/\s+$/, "")}\n\nARGUMENTS: ${trimmed}`;
}

/** `/NAME rest of line` → name and arguments; `undefined` when the text is not a slash command. */
export function parseSlash(text: string): { name: string; args: string } | undefined {
  const m = /^\/([^\s/]+)(?:[ \t]+([\s\S]*))?$/.exec(text.trim());
  if (m === null) return undefined;
  return { name: m[1] ?? "", args: (m[2] ?? "").trim() };
}
