import { render } from "ink-testing-library";
import { describe, expect, it } from "vitest";
import { Markdown } from "./Markdown.js";

describe("Markdown", () => {
  it("draws code blocks (with their language) and quotes behind the same left rule", () => {
    const r = render(<Markdown text={"```ts\nconst a = 1;\n```\n\n> quoted\n"} />);
    const lines = (r.lastFrame() ?? "").split("\n").map((l) => l.trimEnd());
    r.unmount();
    expect(lines.filter((l) => l !== "")).toEqual(["│ ts", "│ const a = 1;", "│ quoted"]);
  });
});
