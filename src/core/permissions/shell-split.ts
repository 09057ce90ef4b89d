// Splits a command line into what it runs (§19), with a real bash parser: every simple command wherever it
// sits (`&&`, `||`, `;`, `|`, `&`, newlines, `$(…)`, backticks, `<(…)`, here-documents, loops, subshells),
// the strings of `sh -c`/`bash -c`/`eval` parsed in turn, wrappers such as `timeout` and `nohup` looked
// through, and the files its redirections write and read. Pure. What the parser cannot read fails the split,
// and constructs whose effect a rule cannot judge (functions, arithmetic and `[[ ]]` tests, which can run
// code through array subscripts) are listed, so the caller asks.
import { parseBash, parseErrorText, shellSyntax, type ShNode } from "./shell-syntax.js";

/** One simple command. A word is `null` where its value is only known when it runs (`$X`, `*.ts`, `$(…)`). */
export interface SimpleCommand {
  words: (string | null)[];
  /** The command as written (for prompts and reasons). */
  text: string;
}

export interface ShellSplit {
  commands: SimpleCommand[];
  /** Files written by redirections (`>`, `>>`, `&>`, `<>`), as written; `null` where not literal. */
  writes: (string | null)[];
  /** Files read by `<` redirections, as written; `null` where not literal. */
  reads: (string | null)[];
  /** Constructs rules cannot judge, e.g. "a function definition". */
  unsupported: string[];
}

export type SplitResult = { ok: true; split: ShellSplit } | { ok: false; reason: string };

const SHELLS = new Set(["sh", "bash", "zsh", "dash", "ksh", "mksh"]);
/** How deep `bash -c "bash -c '…'"` is followed before the rest counts as unjudgeable. */
const MAX_DEPTH = 4;

const UNSUPPORTED: Record<string, string> = {
  FuncDecl: "a function definition",
  ArithmCmd: "an arithmetic command (( … ))",
  LetClause: "let",
  TestClause: "a [[ … ]] test",
  CoprocClause: "coproc",
};

export function splitCommand(command: string): SplitResult {
  const split: ShellSplit = { commands: [], writes: [], reads: [], unsupported: [] };
  const failure = walk(command, split, 0);
  return failure === undefined ? { ok: true, split } : { ok: false, reason: failure };
}

function walk(src: string, out: ShellSplit, depth: number): string | undefined {
  if (depth > MAX_DEPTH) {
    out.unsupported.push(`shell strings nested more than ${MAX_DEPTH} deep`);
    return undefined;
  }
  let file: ShNode;
  try {
    file = parseBash(src);
  } catch (e) {
    return `the command cannot be parsed (${parseErrorText(e)})`;
  }
  const sh = shellSyntax();
  const bytes = Buffer.from(src, "utf8");
  const text = (n: ShNode) => bytes.subarray(n.Pos().Offset(), n.End().Offset()).toString("utf8");
  let failure: string | undefined;
  sh.Walk(file, (node) => {
    if (node === null || failure !== undefined) return false;
    const type = sh.NodeType(node);
    const unsupported = UNSUPPORTED[type];
    if (unsupported !== undefined) out.unsupported.push(unsupported);
    else if (type === "CallExpr") failure = callExpr(node, text(node), out, depth);
    else if (type === "DeclClause") {
      const variant = (node.Variant as { Value: string } | null)?.Value ?? "declare";
      out.commands.push({ words: [variant, null], text: text(node) });
    } else if (type === "Redirect") redirect(node, bytes, out);
    return true;
  });
  return failure;
}

function callExpr(node: ShNode, source: string, out: ShellSplit, depth: number): string | undefined {
  const args = node.Args as ShNode[];
  if (args.length === 0) return undefined; // only assignments; any $(…) in them is walked on its own
  // `FOO=1 cmd` runs cmd with FOO set (PATH, LD_PRELOAD…): the assignments are part of what a rule must name.
  const assigns = (node.Assigns as ShNode[]).map((a) => assignWord(a));
  const words = unwrap(args.map((w) => wordValue(w)));
  const name = words[0];
  if (assigns.length === 0 && typeof name === "string") {
    const script = shellString(name, words.slice(1));
    if (script !== undefined) return walk(script, out, depth + 1);
  }
  out.commands.push({ words: [...assigns, ...words], text: source });
  return undefined;
}

/** The script of `bash -c SCRIPT`, `sh -ec SCRIPT`, `eval WORDS…` when literal; undefined for anything else. */
function shellString(name: string, rest: (string | null)[]): string | undefined {
  if (name === "eval") {
    return rest.length > 0 && rest.every((w) => w !== null) ? rest.join(" ") : undefined;
  }
  if (!SHELLS.has(name.slice(name.lastIndexOf("/") + 1))) return undefined;
  let sawC = false;
  for (const w of rest) {
    if (w === null) return undefined;
    if (!sawC) {
      if (!/^[-+][A-Za-z]+$/.test(w)) return undefined; // `bash script.sh`: an ordinary command
      if (/^-[A-Za-z]*c[A-Za-z]*$/.test(w)) sawC = true;
      continue;
    }
    if (w.startsWith("-") && w !== "-") continue;
    return w;
  }
  return undefined;
}

/** Wrappers that run the rest of their words as a command; the rules judge that command. */
function unwrap(words: (string | null)[]): (string | null)[] {
  const [name, ...rest] = words;
  if (name === "nohup" || name === "command" || name === "builtin" || name === "exec") {
    return rest.length > 0 && !(rest[0] ?? "-").startsWith("-") ? unwrap(rest) : words;
  }
  if (name === "nice" || name === "timeout" || name === "stdbuf") {
    // Options, then (timeout) a duration; a value that is not literal keeps the wrapper visible.
    let i = 0;
    while (i < rest.length && (rest[i] ?? "").startsWith("-")) {
      const opt = rest[i] ?? "";
      i += /^-(n|s|k|i|o|e)$/.test(opt) || opt === "--signal" || opt === "--kill-after" ? 2 : 1;
    }
    if (name === "timeout") i++;
    const inner = rest.slice(i);
    return inner.length > 0 && rest.slice(0, i).every((w) => w !== null) ? unwrap(inner) : words;
  }
  return words;
}

/** `NAME=value` when the value is literal; `null` when it is computed. */
function assignWord(a: ShNode): string | null {
  const name = (a.Name as { Value: string } | null)?.Value ?? "";
  if (a.Array !== null && a.Array !== undefined) return null;
  const value = a.Value === null || a.Value === undefined ? "" : wordValue(a.Value as ShNode);
  return value === null ? null : `${name}${a.Append === true ? "+=" : "="}${value}`;
}

function redirect(node: ShNode, bytes: Buffer, out: ShellSplit): void {
  const word = node.Word as ShNode | null;
  if (word === null || node.Hdoc !== null) return; // here-documents: their $(…) are walked on their own
  const op = bytes
    .subarray((node.OpPos as { Offset(): number }).Offset(), word.Pos().Offset())
    .toString("utf8")
    .trim();
  const target = wordValue(word);
  if (op === "<<<" || op === "<<" || op === "<<-") return;
  // `2>&1`, `>&-`: duplicating a descriptor touches no file.
  if ((op === ">&" || op === "<&") && target !== null && /^(\d+|-)$/.test(target)) return;
  if (op === "<" || op === "<&") out.reads.push(target);
  else out.writes.push(target);
}

/** A word's value when it is fixed before the command runs; `null` when expansion decides it. */
export function wordValue(word: ShNode): string | null {
  const sh = shellSyntax();
  let out = "";
  for (const part of word.Parts as ShNode[]) {
    switch (sh.NodeType(part)) {
      case "Lit": {
        const v = part.Value as string;
        // Unquoted globs and braces expand to what the file system or the shell makes of them.
        if (/[*?[]/.test(v) || /\{[^}]*[,.][^}]*\}/.test(v)) return null;
        out += v.replace(/\\\n/g, "").replace(/\\(.)/gs, "$1");
        break;
      }
      case "SglQuoted":
        if (part.Dollar === true) return null; // $'…' has escapes of its own
        out += part.Value as string;
        break;
      case "DblQuoted": {
        if (part.Dollar === true) return null;
        for (const inner of part.Parts as ShNode[]) {
          if (sh.NodeType(inner) !== "Lit") return null;
          out += (inner.Value as string).replace(/\\\n/g, "").replace(/\\([$`"\\])/g, "$1");
        }
        break;
      }
      default:
        return null;
    }
  }
  return out;
}
