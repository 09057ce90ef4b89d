// The pin file is read fresh for every review: a store that keeps the parsed file still sees every change
// another process (or an editor) makes to it.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { serverIdentity } from "./identity.js";
import { PinStore } from "./store.js";
import type { Pin } from "./review.js";
import type { ServerDefinition } from "../config/types.js";

const def: ServerDefinition = {
  name: "a",
  scope: "user",
  source: "/home/u/.codeagent/mcp.json",
  raw: {},
  warnings: [],
  config: {
    transport: "stdio",
    command: "node",
    args: ["server.js"],
    env: {},
    disabled: false,
    startupTimeoutMs: 1,
    timeoutMs: 1,
    maxTotalTimeoutMs: 1,
    maxMessageBytes: 1,
  },
};
const id = serverIdentity(def);
const pin = (name: string, hash: string): Pin => ({ hash, definition: { name }, accepted: true });
const hashes = (store: PinStore) => {
  const r = store.read(id);
  return r.ok ? Object.fromEntries(Object.entries(r.pins ?? {}).map(([n, p]) => [n, p.hash])) : r.message;
};

describe("PinStore", () => {
  it("sees what another store wrote, an edit in place of the same length, and a removed or broken file", async () => {
    const file = join(mkdtempSync(join(tmpdir(), "pins-")), "tool-pins.json");
    const mine = new PinStore(file);
    const other = new PinStore(file);
    const seen: unknown[] = [hashes(mine)];
    mine.record(id, [pin("x", "h1")]);
    seen.push(hashes(mine));
    other.record(id, [pin("y", "h2")]);
    seen.push(hashes(mine));
    // Same length, same inode: only the times say it changed (file times advance by clock ticks of a few ms).
    await new Promise((r) => setTimeout(r, 50));
    writeFileSync(file, readFileSync(file, "utf8").replace('"h1"', '"h9"'));
    seen.push(hashes(mine));
    rmSync(file);
    seen.push(hashes(mine));
    writeFileSync(file, "{not json");
    seen.push(typeof hashes(mine));
    expect(seen).toEqual([{}, { x: "h1" }, { x: "h1", y: "h2" }, { x: "h9", y: "h2" }, {}, "string"]);
  });
});
