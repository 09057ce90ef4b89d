// A small JavaScript highlighter for the scripts of execute_code (§20.2): pure, line by line, enough to read
// a script at a glance — keywords, strings, comments, numbers and the `tools.NAME` calls that reach tools.
// Not a parser: a token it does not know is plain text.

export type TokenKind = "keyword" | "string" | "comment" | "number" | "tool" | "plain";
export interface Token {
  text: string;
  kind: TokenKind;
}

const KEYWORDS = new Set(
  (
    "await async const let var function return if else for of in while do break continue try catch finally " +
    "throw new typeof instanceof true false null undefined this class extends switch case default yield delete"
  ).split(" "),
);

const PATTERN =
  /(\/\/.*$|\/\*.*?(?:\*\/|$))|("(?:[^"\\]|\\.)*"?|'(?:[^'\\]|\\.)*'?|`(?:[^`\\]|\\.)*`?)|(\btools(?:\.[A-Za-z_$][\w$]*|\[(?:"[^"]*"|'[^']*')\]))|(\b\d[\d_.eE]*\b)|([A-Za-z_$][\w$]*)/g;

/** Each line of the script as tokens (a multi-line string or comment is coloured line by line). */
export function highlightJs(code: string): Token[][] {
  return code.split("\n").map(line);
}

function line(text: string): Token[] {
  const out: Token[] = [];
  let at = 0;
  const push = (t: string, kind: TokenKind) => {
    if (t === "") return;
    const last = out.at(-1);
    if (last !== undefined && last.kind === kind) last.text += t;
    else out.push({ text: t, kind });
  };
  for (const m of text.matchAll(PATTERN)) {
    push(text.slice(at, m.index), "plain");
    const [all, comment, str, tool, num, word] = m;
    if (comment !== undefined) push(all, "comment");
    else if (str !== undefined) push(all, "string");
    else if (tool !== undefined) push(all, "tool");
    else if (num !== undefined) push(all, "number");
    else push(all, word !== undefined && KEYWORDS.has(word) ? "keyword" : "plain");
    at = m.index + all.length;
  }
  push(text.slice(at), "plain");
  return out;
}
