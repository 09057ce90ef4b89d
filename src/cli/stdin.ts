// The headless prompt (§2): piped stdin is appended to PROMPT, or is the prompt when PROMPT is absent or
// `-`. A terminal is never read. A redirected file is read whole; a pipe is read to its end, except that a
// pipe nobody writes to (a CI runner's open stdin) is given up after a while when a PROMPT was given.
import { fstatSync, readFileSync } from "node:fs";
import { CodeagentError } from "../core/errors.js";

/** With a PROMPT, how long a silent pipe may stay silent before the run goes on without it. */
export const STDIN_WAIT_MS = 3000;

export type StdinSource = { kind: "tty" } | { kind: "none" } | { kind: "file" } | { kind: "pipe" };

/** What fd 0 is; a closed or unusable descriptor counts as no input. */
export function stdinSource(stdin: NodeJS.ReadStream = process.stdin): StdinSource {
  if (stdin.isTTY === true) return { kind: "tty" };
  try {
    const st = fstatSync(0);
    if (st.isFile()) return { kind: "file" };
    if (st.isFIFO() || st.isSocket()) return { kind: "pipe" };
    // /dev/null and other character devices hold nothing worth waiting for.
    return { kind: "none" };
  } catch {
    return { kind: "none" };
  }
}

/** Pure: the prompt from the argument and what stdin held. */
export function combinePrompt(arg: string | undefined, piped: string | undefined): string | undefined {
  const a = arg === "-" ? undefined : arg;
  const p = piped !== undefined && piped.trim() !== "" ? piped.replace(/\s+$/, "") : undefined;
  if (a !== undefined && a.trim() !== "" && p !== undefined) return `${a}\n\n${p}`;
  if (a !== undefined && a.trim() !== "") return a;
  return p;
}

export async function readPrompt(
  arg: string | undefined,
  o: { stdin?: NodeJS.ReadStream; waitMs?: number; warn?: (s: string) => void } = {},
): Promise<string> {
  const stdin = o.stdin ?? process.stdin;
  const source = stdinSource(stdin);
  const hasArg = arg !== undefined && arg !== "-" && arg.trim() !== "";
  let piped: string | undefined;
  if (source.kind === "file") piped = readFileSync(0, "utf8");
  else if (source.kind === "pipe")
    piped = await readAll(stdin, hasArg ? (o.waitMs ?? STDIN_WAIT_MS) : undefined, o.warn);
  const prompt = combinePrompt(arg, piped);
  if (prompt === undefined) {
    throw new CodeagentError(
      "USAGE",
      source.kind === "tty" || source.kind === "none"
        ? '-p needs a prompt: codeagent -p "explain src/main.ts", or pipe one in: echo "…" | codeagent -p'
        : "-p got an empty prompt: stdin held nothing and no PROMPT was given",
    );
  }
  return prompt;
}

/** Reads stdin to its end; with `firstByteMs`, gives up if nothing at all arrives in that time. */
function readAll(
  stdin: NodeJS.ReadStream,
  firstByteMs: number | undefined,
  warn: ((s: string) => void) | undefined,
): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let timer: NodeJS.Timeout | undefined;
    const done = (v: string | undefined) => {
      if (timer !== undefined) clearTimeout(timer);
      stdin.off("data", onData);
      stdin.off("end", onEnd);
      stdin.off("error", onError);
      resolve(v);
    };
    const onData = (c: Buffer | string) => {
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
      chunks.push(typeof c === "string" ? Buffer.from(c) : c);
    };
    const onEnd = () => done(Buffer.concat(chunks).toString("utf8"));
    const onError = (e: Error) => {
      if (timer !== undefined) clearTimeout(timer);
      reject(new CodeagentError("USAGE", `cannot read stdin: ${e.message}`));
    };
    stdin.on("data", onData);
    stdin.once("end", onEnd);
    stdin.once("error", onError);
    if (firstByteMs !== undefined) {
      timer = setTimeout(() => {
        warn?.(
          `codeagent: no input arrived on stdin in ${firstByteMs / 1000} s; going on without it ` +
            "(redirect stdin from /dev/null to skip the wait)",
        );
        stdin.pause();
        stdin.destroy();
        done(undefined);
      }, firstByteMs);
    }
  });
}
