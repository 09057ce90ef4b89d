import { describe, expect, it } from "vitest";
import { LineBatch } from "./log-batch.js";

const turn = () => new Promise((r) => setImmediate(r));

describe("LineBatch", () => {
  it("writes the lines of one turn together, in order, at its end", async () => {
    const writes: string[] = [];
    const b = new LineBatch((t) => writes.push(t));
    b.push("a\n");
    b.push("b\n");
    expect(writes).toEqual([]);
    await turn();
    expect(writes).toEqual(["a\nb\n"]);
    b.push("c\n");
    await turn();
    expect(writes).toEqual(["a\nb\n", "c\n"]);
  });

  it("writes what is pending on flush (the process exiting), and nothing twice", async () => {
    const writes: string[] = [];
    const b = new LineBatch((t) => writes.push(t));
    b.push("last\n");
    b.flush();
    expect(writes).toEqual(["last\n"]);
    await turn();
    b.flush();
    expect(writes).toEqual(["last\n"]);
  });
});
