// Reads every `@server:uri` mention (in parallel) and appends the contents to the user's message inside
// <mcp-resource> blocks. A failed read is a warning; the message always goes.
import { CodeagentError, errorMessage } from "../errors.js";
import { labelled } from "../text/label.js";
import { stripControlLine as oneLine } from "../text/strip.js";
import { parseMentions } from "./mentions.js";

export type ReadResource = (
  server: string,
  uri: string,
  opts: { signal?: AbortSignal },
) => Promise<{ text: string } | { error: string }>;

export interface AttachOptions {
  /** When given, mentions of other servers are warned about and not read. */
  knownServers?: Set<string>;
  signal?: AbortSignal;
}

export interface AttachResult {
  message: string;
  warnings: string[];
}

type Outcome = { block: string } | { warning: string };

export async function attachMentions(
  input: string,
  read: ReadResource,
  opts: AttachOptions = {},
): Promise<AttachResult> {
  if (isAborted(opts.signal)) throw cancelled();
  const seen = new Set<string>();
  const mentions = parseMentions(input).filter((m) => {
    const key = JSON.stringify([m.server, m.uri]);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  const outcomes = await Promise.all(mentions.map((m) => readOne(m.server, m.uri, read, opts)));
  if (isAborted(opts.signal)) throw cancelled();
  const blocks: string[] = [];
  const warnings: string[] = [];
  for (const o of outcomes) {
    if ("block" in o) blocks.push(o.block);
    else warnings.push(o.warning);
  }
  return { message: blocks.length === 0 ? input : `${input}\n\n${blocks.join("\n\n")}`, warnings };
}

async function readOne(
  server: string,
  uri: string,
  read: ReadResource,
  opts: AttachOptions,
): Promise<Outcome> {
  const label = mentionLabel(server, uri);
  if (opts.knownServers !== undefined && !opts.knownServers.has(server)) {
    return { warning: `${label} — unknown server "${server}"` };
  }
  try {
    const r = await abortable(read(server, uri, { signal: opts.signal }), opts.signal);
    if ("error" in r) return { warning: `${label} — ${oneLine(String(r.error))}` };
    return { block: resourceBlock(server, uri, typeof r.text === "string" ? r.text : String(r.text)) };
  } catch (e) {
    if (isAborted(opts.signal)) throw cancelled();
    return { warning: `${label} — ${oneLine(errorMessage(e))}` };
  }
}

/** `<mcp-resource server uri>` block; the content cannot open or close a block of its own. */
export function resourceBlock(server: string, uri: string, content: string): string {
  return labelled("mcp-resource", { server, uri }, content);
}

function mentionLabel(server: string, uri: string): string {
  const u = oneLine(uri);
  return `@${server}:${/\s|"/.test(uri) ? JSON.stringify(u) : u}`;
}

function cancelled(): CodeagentError {
  return new CodeagentError("CANCELLED", "reading the mentioned resources was cancelled");
}

/** Stops waiting when the signal fires, even if `read` ignores it. */
function abortable<T>(p: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (signal === undefined) return p;
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(cancelled());
    signal.addEventListener("abort", onAbort, { once: true });
    void p.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}

function isAborted(signal: AbortSignal | undefined): boolean {
  return signal?.aborted === true;
}
