// `@server:uri` mentions in the user's input (§9), found by a pure scan. A mention starts at the start of
// the input or after whitespace (so e-mail addresses never count) and needs a non-empty URI.

export interface Mention {
  server: string;
  uri: string;
  /** Offset of the `@`. */
  start: number;
  /** Offset just past the mention (closing quote included, trailing sentence punctuation excluded). */
  end: number;
}

const SERVER_CHAR = /[A-Za-z0-9_-]/;
const SPACE = /\s/;
const SENTENCE_END = ".,;:!?)";

export function parseMentions(input: string): Mention[] {
  const out: Mention[] = [];
  let at = input.indexOf("@");
  while (at !== -1) {
    const m = at === 0 || SPACE.test(input.charAt(at - 1)) ? mentionAt(input, at) : undefined;
    if (m !== undefined) out.push(m);
    at = input.indexOf("@", m !== undefined ? m.end : at + 1);
  }
  return out;
}

function mentionAt(input: string, start: number): Mention | undefined {
  let i = start + 1;
  while (i < input.length && SERVER_CHAR.test(input.charAt(i))) i++;
  if (i === start + 1 || input.charAt(i) !== ":") return undefined;
  const server = input.slice(start + 1, i);
  const body = i + 1;
  const value = input.charAt(body) === '"' ? quoted(input, body) : unquoted(input, body);
  if (value === undefined || value.uri === "") return undefined;
  return { server, uri: value.uri, start, end: value.end };
}

/** `"…"` with `\"` and `\\` as escapes; an unclosed quote is not a mention. */
function quoted(input: string, open: number): { uri: string; end: number } | undefined {
  let uri = "";
  for (let i = open + 1; i < input.length; i++) {
    const c = input.charAt(i);
    if (c === '"') return { uri, end: i + 1 };
    if (c === "\\" && (input.charAt(i + 1) === '"' || input.charAt(i + 1) === "\\")) {
      uri += input.charAt(i + 1);
      i++;
    } else {
      uri += c;
    }
  }
  return undefined;
}

function unquoted(input: string, from: number): { uri: string; end: number } {
  let end = from;
  while (end < input.length && !SPACE.test(input.charAt(end))) end++;
  let uri = input.slice(from, end);
  const last = uri.charAt(uri.length - 1);
  // One trailing punctuation mark ends the sentence, not the URI; `)` only when it has no `(` partner.
  if (last !== "" && SENTENCE_END.includes(last) && (last !== ")" || count(uri, ")") > count(uri, "("))) {
    uri = uri.slice(0, -1);
    end--;
  }
  return { uri, end };
}

function count(s: string, c: string): number {
  return s.split(c).length - 1;
}
