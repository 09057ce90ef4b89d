// The pin file's bytes stay those of `JSON.stringify(doc)` (pin tests and other versions read them), whatever
// the document holds and however entries were changed since their text was kept.
import { describe, expect, it } from "vitest";
import { setOwn } from "../permissions/json-file.js";
import { pinFileChunks, type EntryTexts } from "./pin-file-text.js";

const text = (doc: Record<string, unknown>, texts: EntryTexts = new WeakMap()) =>
  Buffer.concat(pinFileChunks(doc, texts)).toString("utf8");

const proto: Record<string, unknown> = {};
setOwn(proto, "__proto__", { name: "p", tools: {} });

describe("pinFileChunks", () => {
  it.each<[string, Record<string, unknown>]>([
    ["no servers", { version: 1, servers: {} }],
    [
      "servers with pins and pending changes",
      {
        version: 1,
        servers: {
          "a 0123": { name: "a", tools: { x: { hash: "h", definition: { name: "x" }, accepted: true } } },
          "b 4567": { name: "b", tools: {}, pending: { tools: {}, removed: ["y"] } },
        },
      },
    ],
    [
      "index-like and escaped keys",
      { servers: { "10": { n: 1 }, "9": { n: 2 }, 'q"é\n': { n: 3 } }, "1": 0 },
    ],
    ["entries that are not objects", { servers: { a: 1, b: null, c: [1, { d: 2 }], e: "s" } }],
    ["servers that are not an object", { version: 1, servers: [1, 2] }],
    ["a __proto__ key", { servers: proto }],
    ["undefined members left out", { a: undefined, servers: { s: { x: undefined, y: 1 }, t: undefined } }],
  ])("%s", (_name, doc) => {
    expect(text(doc)).toEqual(`${JSON.stringify(doc)}\n`);
  });

  it("makes a changed entry's text again once the store forgets it, and reuses the others'", () => {
    const a = { name: "a", tools: {} as Record<string, unknown> };
    const b = { name: "b", tools: {} };
    const doc = { version: 1, servers: { a, b } as Record<string, unknown> };
    const texts: EntryTexts = new WeakMap();
    const before = text(doc, texts);
    const kept = texts.get(b);
    a.tools.x = { hash: "h" };
    texts.delete(a);
    doc.servers.c = { name: "c", tools: {} };
    expect([before, text(doc, texts), texts.get(b) === kept]).toEqual([
      '{"version":1,"servers":{"a":{"name":"a","tools":{}},"b":{"name":"b","tools":{}}}}\n',
      `${JSON.stringify(doc)}\n`,
      true,
    ]);
  });
});
