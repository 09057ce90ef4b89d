import { describe, expect, it } from "vitest";
import { renderTable } from "./table.js";

describe("renderTable", () => {
  it("makes server text printable: escapes, bidi overrides and newlines never reach the terminal", () => {
    expect(renderTable(["NAME", "ERROR"], [["a\u202eb", "\u001b]0;pwned\u0007 x\n y"]])).toEqual(
      "NAME  ERROR\nab    x y",
    );
  });

  it("cuts cells to the width", () => {
    expect(renderTable(["C"], [["abcdef"]], { maxCell: 4 })).toEqual("C\nabc…");
  });
});
