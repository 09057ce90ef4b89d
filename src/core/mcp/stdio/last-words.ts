// Why a server died, in its own words: of what it wrote to stderr and said in messages MCP has no method for
// (recent-output.ts keeps the last of both), the line or lines that tell — an `Error: …`, a missing variable,
// a traceback's last line — and not the stack frames, npm's notices or blank lines around them. Pure.
import { cut, printable } from "../../text/printable.js";

/** One thing the server wrote: a stderr line, or the words of a message such as Twilio's `log` request. */
export type Written = { from: "stderr"; text: string } | { from: "message"; method: string; text: string };

export interface LastWords {
  /** The picked line(s), printable, oldest first, joined with " | ", at most MAX_CHARS. */
  text: string;
  /** Where they came from, for the message: `last stderr line`, `"log" message on stdout`, … */
  label: string;
}

const MAX_LINES = 3;
const MAX_CHARS = 300;
/** Enough for a long error line; the rest of a flood line is not read at all. */
const LINE_CHARS = 1000;

/** Words that mark a line as the reason rather than chatter ("listening on…", "loading config…"). */
const TELLING =
  /error|exception|fatal|panic|missing|required|invalid|denied|refused|not found|no such|cannot|can't|could not|couldn't|unable to|failed|failure|unauthori[sz]ed|forbidden|not set|expired/i;

/**
 * Lines that never say why a server failed, matched on the printable, trimmed text: stack frames (Node, Java,
 * Python, Go), Node's crash header and version trailer and warnings, Python's traceback framing, and what npm/npx
 * print around the real error (update notices, warnings, "a complete log of this run…", its 404 boilerplate).
 */
const NOISE: readonly RegExp[] = [
  /^at .+(:\d+\)?|\((<anonymous>|native)\))( \{)?$/,
  /^(file:\/\/)?\S*[\\/]\S*:\d+$/,
  /^node:\S+:\d+$/,
  /^Node\.js v\d/,
  /^\(node:\d+\) (\[\w+\] )?\w*Warning:/,
  /^\(Use `node --trace-/,
  /^Require stack:$/,
  /^- (\/|[A-Za-z]:\\|file:)/,
  /^Traceback \(most recent call last\):$/,
  /^File ".*", line \d+/,
  /^(During handling of the above exception|The above exception was the direct cause)/,
  /^goroutine \d+ \[/,
  /^\S+\.go:\d+( \+0x[0-9a-f]+)?$/,
  /^npm (notice|warn|WARN)\b/,
  /^npm (error|ERR!) (A complete log of this run|Log files were not written|You can rerun the command)/,
  /^npm (error|ERR!) (404|code)?$/,
  /^npm (error|ERR!) 404 (Note that you can also install from a|tarball, folder, http url, or git url)/,
  /^npm (error|ERR!) \/.*_logs\/.*\.log$/,
];

/** The first line of a usage text; it and what is indented under it describe flags, not the failure. */
const HELP_HEADER = /^(usage|options|flags|arguments|commands|environment variables|examples?)\b.*:|^usage:/i;
/** A flag's line in a usage text: `--access-token <token>   Sentry token (required)`, `-h, --help`. */
const OPTION_LINE = /^-{1,2}[A-Za-z][\w-]*(,\s*-{1,2}[\w-]+)*([\s=<[].*)?$/;
/**
 * A field of an error object as Node prints it under the message (`  code: 'ECONNREFUSED',`, `  errno: -111,`):
 * the message above says it in words, the field only repeats it.
 */
function isInspectedField(l: Line): boolean {
  return (
    indent(l.raw) > 0 &&
    /^[\w$]+: ('.*'|".*"|-?\d+(\.\d+)?|true|false|null|undefined|\[.*\]|\{.*\}|\w+ \{),?$/.test(l.text)
  );
}

interface Line {
  written: Written;
  /** Printable, whitespace folded, trimmed. */
  text: string;
  /** As written, for indentation. */
  raw: string;
}

/**
 * The most telling recent line(s), oldest first: the last line with a telling word (and the telling lines just
 * before it from the same source, up to MAX_LINES), else the last lines. Only noise is better than nothing.
 */
export function pickLastWords(written: readonly Written[]): LastWords | undefined {
  const lines: Line[] = written.map((w) => {
    const raw = w.text.length > LINE_CHARS ? w.text.slice(0, LINE_CHARS) : w.text;
    return { written: w, raw, text: printable(raw, LINE_CHARS) };
  });
  const noise = markNoise(lines);
  const wordy = lines.filter((l) => /[\p{L}\p{N}]/u.test(l.text));
  let candidates = wordy.filter((l) => !noise.has(l));
  if (candidates.length === 0) candidates = wordy;
  const telling = candidates.filter((l) => TELLING.test(l.text));
  const pool = telling.length > 0 ? telling : candidates;
  const anchor = pool.at(-1);
  if (anchor === undefined) return undefined;
  const at = candidates.indexOf(anchor);
  const block = [anchor];
  for (let i = at - 1; i >= 0 && block.length < MAX_LINES; i--) {
    const l = candidates[i]!;
    if (!pool.includes(l) || !sameSource(l.written, anchor.written)) break;
    block.unshift(l);
  }
  // Whole earlier lines give way first, so that the latest line is shown whole where it fits.
  while (block.length > 1 && joined(block).length > MAX_CHARS) block.shift();
  return {
    text: cut(joined(block), MAX_CHARS),
    label: label(anchor.written, block.length, at === candidates.length - 1),
  };
}

function joined(block: readonly Line[]): string {
  return block.map((l) => l.text).join(" | ");
}

function sameSource(a: Written, b: Written): boolean {
  return a.from === "stderr" ? b.from === "stderr" : b.from === "message" && a.method === b.method;
}

function label(w: Written, count: number, last: boolean): string {
  if (w.from === "stderr") return last ? `last stderr line${count > 1 ? "s" : ""}` : "from stderr";
  const what = `"${printable(w.method, 40)}" message${count > 1 ? "s" : ""} on stdout`;
  return last ? `last ${what}` : `from ${count > 1 ? "" : "a "}${what}`;
}

/**
 * The noise lines, by pattern and by position: the source line a Node crash or a Python traceback echoes (the
 * line above a `^^^`/`~~~` marker, or indented under a Python `File "…", line N` frame).
 */
function markNoise(lines: readonly Line[]): Set<Line> {
  const noise = new Set<Line>();
  let inHelp = false;
  lines.forEach((l, i) => {
    if (NOISE.some((n) => n.test(l.text)) || isInspectedField(l)) noise.add(l);
    // A usage text: its header and the indented or option lines under it (Sentry's lists a flag "(required)").
    if (HELP_HEADER.test(l.text)) inHelp = true;
    else if (inHelp && indent(l.raw) === 0 && !OPTION_LINE.test(l.text) && l.text !== "") inHelp = false;
    if (inHelp || OPTION_LINE.test(l.text)) noise.add(l);
    const next = lines[i + 1];
    if (next !== undefined && /^[\s^~]*\^[\s^~]*$/.test(next.raw)) noise.add(l);
    const prev = lines[i - 1];
    if (prev !== undefined && /^File ".*", line \d+/.test(prev.text) && indent(l.raw) > indent(prev.raw)) {
      noise.add(l);
    }
  });
  return noise;
}

function indent(s: string): number {
  return /^\s*/.exec(s)?.[0].length ?? 0;
}
