// A listing that repeats the last one reuses its pinned forms and hashes; any tool that differs as JSON is
// taken afresh, so a changed definition is never judged by the hash of the one before.
import { describe, expect, it } from "vitest";
import { toolHash } from "./definition.js";
import { ListingMemo, sameJson } from "./listing-memo.js";

describe("sameJson", () => {
  it.each<[string, unknown, unknown, boolean]>([
    [
      "equal objects, keys in another order",
      { a: 1, b: [1, { c: "x" }] },
      { b: [1, { c: "x" }], a: 1 },
      true,
    ],
    ["a value differs deep down", { a: { b: [1, 2] } }, { a: { b: [1, 3] } }, false],
    ["a key more", { a: 1 }, { a: 1, b: 2 }, false],
    ["a key fewer", { a: 1, b: 2 }, { a: 1 }, false],
    ["array and object", [1], { 0: 1 }, false],
    ["arrays of other lengths", [1, 2], [1], false],
    ["null and an object", null, {}, false],
    ["a string and a number", "1", 1, false],
    ["NaN is never the same", { a: NaN }, { a: NaN }, false],
    ["same scalars", "s", "s", true],
  ])("%s", (_name, a, b, expected) => {
    expect(sameJson(a, b)).toBe(expected);
  });
});

describe("ListingMemo", () => {
  const paths = [{ path: "/work/project", as: "<cwd>" }];
  const x = () => ({ name: "x", description: "reads /work/project", inputSchema: { type: "object" } });
  const y = (d = "y things") => ({ name: "y", description: d });

  it("reuses the pinned forms and hashes of tools listed again, and takes a changed one afresh", () => {
    const memo = new ListingMemo(paths);
    const first = memo.prepare("s", [x(), y()]);
    for (const d of first.listed) first.hashes.set(d.name, toolHash(d));
    const again = memo.prepare("s", [x(), y("y things, and more")]);
    expect({
      listed: again.listed,
      listedHashes: [...again.listedHashes],
      hashes: [...again.hashes],
      samePinnedObject: again.listed[0] === first.listed[0],
    }).toEqual({
      listed: [
        { name: "x", description: "reads <cwd>", inputSchema: { type: "object" } },
        y("y things, and more"),
      ],
      listedHashes: [["x", toolHash(x())]],
      hashes: [["x", toolHash({ name: "x", description: "reads <cwd>", inputSchema: { type: "object" } })]],
      samePinnedObject: true,
    });
  });

  it("keeps servers apart, and remembers nothing for a listing with two tools of one name", () => {
    const memo = new ListingMemo([]);
    const a = memo.prepare("a", [y()]);
    a.hashes.set("y", "h");
    const dup = memo.prepare("a", [y(), y("other")]);
    dup.hashes.set("y", "h2");
    expect([
      [...memo.prepare("b", [y()]).hashes],
      [...dup.hashes],
      [...memo.prepare("a", [y()]).hashes],
    ]).toEqual([[], [["y", "h2"]], []]);
  });
});
