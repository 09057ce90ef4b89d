// The bash grammar the rules read commands with: mvdan/sh's parser (the one shfmt uses), as the `mvdan-sh`
// package. It is loaded on the first command checked, not at start-up: it costs a few hundred milliseconds to
// load, and a session that runs no command never pays it. Only the few node fields the splitter reads are typed.
import { createRequire } from "node:module";

export interface Pos {
  Offset(): number;
}

/** A syntax node: every node has a position and an end; the rest depends on its type (see NodeType). */
export interface ShNode {
  Pos(): Pos;
  End(): Pos;
  [field: string]: unknown;
}

interface Syntax {
  NewParser(): { Parse(src: string, name: string): ShNode };
  Walk(node: ShNode, visit: (node: ShNode | null) => boolean): void;
  NodeType(node: ShNode): string;
}

let loaded: Syntax | undefined;

/** The parser's syntax package (loaded once, on first use). */
export function shellSyntax(): Syntax {
  if (loaded === undefined) {
    const require = createRequire(import.meta.url);
    loaded = (require("mvdan-sh") as { syntax: Syntax }).syntax;
  }
  return loaded;
}

/** Parses bash source; throws the parser's error (an unclosed quote, a stray `)`) for the caller to report. */
export function parseBash(src: string): ShNode {
  return shellSyntax().NewParser().Parse(src, "");
}

/** The parser's error text: GopherJS wraps Go errors, whose message is behind `Error()`. */
export function parseErrorText(e: unknown): string {
  const inner = (e as { Error?: () => unknown } | null)?.Error;
  if (typeof inner === "function") {
    const text = inner.call(e);
    if (typeof text === "string") return text;
  }
  const message = (e as { message?: unknown } | null)?.message;
  return typeof message === "string" && message !== "" ? message : String(e);
}
