import { describe, expect, it } from "vitest";
import { forwardResult, resultChars } from "./upstream.js";

describe("an upstream result forwarded to a caller", () => {
  it.each([
    [{}, 0],
    [{ content: [{ type: "text", text: "hello" }] }, 5],
    [{ content: [{ type: "image", data: "QUJD", mimeType: "image/png" }] }, 4],
    [{ content: [{ type: "resource", resource: { uri: "x:a", text: "abc" } }] }, 3],
    [{ content: [{ type: "resource", resource: { uri: "x:a", blob: "QUJDRA==" } }] }, 8],
    [{ content: [null, 7, { type: "text", text: "ab" }] }, 2],
    [{ content: [], structuredContent: { a: 1 } }, 7],
  ])("counts %j as %d characters", (r, n) => {
    expect(resultChars(r)).toBe(n);
  });

  it("passes content, structured content and the error flag through as they came", () => {
    const content = [{ type: "text", text: "x", annotations: { audience: ["user"] } }];
    expect(forwardResult({ content, structuredContent: { n: 1 }, isError: true, _meta: { k: 1 } })).toEqual({
      content,
      structuredContent: { n: 1 },
      isError: true,
    });
    expect(forwardResult({ content: "not a list" })).toEqual({ content: [] });
  });

  it("refuses a result over the cap, saying how large it was", () => {
    const r = { content: [{ type: "text", text: "x".repeat(11) }] };
    expect(() => forwardResult(r, 10)).toThrow(
      "the result has 11 characters, over the gateway's limit of 10",
    );
    expect(forwardResult(r, 11).content).toHaveLength(1);
  });
});
