// The pin file's bytes (store.ts), exactly `JSON.stringify(doc)` and a newline, in pieces: each server entry's JSON
// is made once and reused for as long as that entry object is not changed. The store rewrites the whole file for
// each server that starts; making every entry's text again each time was ~47 MB of garbage while 20 servers
// started, growing with the square of their count.
import { isPlainObject } from "../permissions/json-file.js";

/** Each server entry's JSON, by entry object; the store deletes an entry's text when it changes that entry. */
export type EntryTexts = WeakMap<object, Buffer>;

const OPEN = Buffer.from("{");
const CLOSE = Buffer.from("}");
const END = Buffer.from("}\n");

/** The file's bytes for `doc`, `{"…": …, "servers": {"<key>": <entry>, …}}`, with `texts` filled for its entries. */
export function pinFileChunks(doc: Record<string, unknown>, texts: EntryTexts): Buffer[] {
  const out: Buffer[] = [OPEN];
  let first = true;
  for (const key of Object.keys(doc)) {
    const v = doc[key];
    if (skipped(v)) continue;
    out.push(Buffer.from(`${first ? "" : ","}${JSON.stringify(key)}:`));
    first = false;
    if (key === "servers" && isPlainObject(v)) serversChunks(v, texts, out);
    else out.push(Buffer.from(JSON.stringify(v)));
  }
  out.push(END);
  return out;
}

function serversChunks(servers: Record<string, unknown>, texts: EntryTexts, out: Buffer[]): void {
  out.push(OPEN);
  let first = true;
  for (const key of Object.keys(servers)) {
    const entry = servers[key];
    if (skipped(entry)) continue;
    out.push(Buffer.from(`${first ? "" : ","}${JSON.stringify(key)}:`));
    first = false;
    if (!isPlainObject(entry)) {
      out.push(Buffer.from(JSON.stringify(entry)));
      continue;
    }
    let text = texts.get(entry);
    if (text === undefined) {
      text = Buffer.from(JSON.stringify(entry));
      texts.set(entry, text);
    }
    out.push(text);
  }
  out.push(CLOSE);
}

/** Members JSON leaves out of an object. */
function skipped(v: unknown): boolean {
  return v === undefined || typeof v === "function" || typeof v === "symbol";
}
