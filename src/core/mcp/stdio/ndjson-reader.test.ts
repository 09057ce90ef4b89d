import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { JsonRpcReader, LineSplitter, decodeLine, parseJsonRpcLine } from "./ndjson-reader.js";

function collect(maxLineBytes: number, overflow: "fail" | "split") {
  const lines: string[] = [];
  let overflows = 0;
  const splitter = new LineSplitter({
    maxLineBytes,
    overflow,
    onLine: (l) => lines.push(decodeLine(l)),
    onOverflow: () => overflows++,
  });
  return { splitter, lines, overflows: () => overflows };
}

/** Cuts `data` at the given offsets, as a pipe might. */
function chunks(data: Buffer, cuts: number[]): Buffer[] {
  const points = [...new Set(cuts.map((c) => c % (data.length + 1)))].sort((a, b) => a - b);
  const out: Buffer[] = [];
  let from = 0;
  for (const p of [...points, data.length]) {
    out.push(data.subarray(from, p));
    from = p;
  }
  return out;
}

describe("LineSplitter", () => {
  it("yields the same lines however the stream is cut, multi-byte characters and CRLF included", () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: "grapheme" })), fc.array(fc.nat()), (texts, cuts) => {
        const lines = texts.map((t) => t.replace(/[\r\n]/g, ""));
        const data = Buffer.from(lines.map((l, i) => l + (i % 2 ? "\r\n" : "\n")).join(""));
        const { splitter, lines: got } = collect(1 << 20, "fail");
        for (const c of chunks(data, cuts)) splitter.push(c);
        expect(got).toEqual(lines);
      }),
    );
  });

  it("hands on an unterminated last line at the end", () => {
    const { splitter, lines } = collect(100, "fail");
    splitter.push(Buffer.from('{"a":1}\n{"b"'));
    splitter.push(Buffer.from(":2}"));
    splitter.end();
    expect(lines).toEqual(['{"a":1}', '{"b":2}']);
  });

  it("fails once when unterminated data passes the cap and ignores everything after", () => {
    const { splitter, lines, overflows } = collect(10, "fail");
    splitter.push(Buffer.from("ok\n0123456"));
    splitter.push(Buffer.from("789ab"));
    splitter.push(Buffer.from("cd\nlater\n"));
    splitter.end();
    expect({ lines, overflows: overflows() }).toEqual({ lines: ["ok"], overflows: 1 });
  });

  it("fails when a complete line in one chunk is over the cap", () => {
    const { splitter, lines, overflows } = collect(4, "fail");
    splitter.push(Buffer.from("abcd\nabcde\n"));
    expect({ lines, overflows: overflows() }).toEqual({ lines: ["abcd"], overflows: 1 });
  });

  it("in split mode cuts an endless line into bounded pieces", () => {
    const { splitter, lines, overflows } = collect(4, "split");
    splitter.push(Buffer.from("abc"));
    splitter.push(Buffer.from("defgh"));
    splitter.push(Buffer.from("ij\nk\n"));
    expect({ lines, overflows: overflows() }).toEqual({ lines: ["abcdefgh", "ij", "k"], overflows: 0 });
  });
});

describe("JsonRpcReader", () => {
  it("keeps a notification ahead of the response that followed it in the same chunk", async () => {
    // Like the SDK's Protocol: notifications are handled a microtask late, responses at once.
    const handled: string[] = [];
    const skipped: string[] = [];
    const reader = new JsonRpcReader({
      maxMessageBytes: 1 << 20,
      onMessage: (m) => {
        if ("method" in m) void Promise.resolve().then(() => handled.push(m.method));
        else handled.push(`response ${String(m.id)}`);
      },
      onSkipped: (t) => skipped.push(t),
      onTooLarge: () => skipped.push("too large"),
    });
    reader.push(
      Buffer.from(
        '{"jsonrpc":"2.0","method":"notifications/progress"}\n' +
          "\u001b[1mjunk\u001b[0m\r\n" +
          '{"jsonrpc":"2.0","method":"notifications/message"}\r\n' +
          '{"jsonrpc":"2.0","id":1,"result":{}}\n',
      ),
    );
    await new Promise((r) => setTimeout(r, 0));
    expect({ handled, skipped }).toEqual({
      handled: ["notifications/progress", "notifications/message", "response 1"],
      skipped: ["skipped non-JSON stdout line: junk"],
    });
  });

  it("reports a skipped line without bidi overrides, OSC titles or control characters", () => {
    const skipped: string[] = [];
    const reader = new JsonRpcReader({
      maxMessageBytes: 1 << 20,
      onMessage: () => undefined,
      onSkipped: (t) => skipped.push(t),
      onTooLarge: () => undefined,
    });
    reader.push(Buffer.from("\u202eevil\u202c \u001b]0;title\u0007ok\u0008\n"));
    expect(skipped).toEqual(["skipped non-JSON stdout line: evil ok"]);
  });
});

describe("JsonRpcReader over the cap", () => {
  it("reports a line over the cap as too large and delivers nothing of it", () => {
    const seen: string[] = [];
    const reader = new JsonRpcReader({
      maxMessageBytes: 100,
      onMessage: () => seen.push("message"),
      onSkipped: () => seen.push("skipped"),
      onTooLarge: () => seen.push("too large"),
    });
    reader.push(Buffer.from(`${"x".repeat(200)}\n`));
    expect(seen).toEqual(["too large"]);
  });
});

describe("parseJsonRpcLine", () => {
  it.each([
    ['{"jsonrpc":"2.0","id":1,"result":{}}', "message"],
    ['{"jsonrpc":"2.0","method":"notifications/progress"}', "message"],
    ['  {"jsonrpc":"2.0","id":"a","error":{"code":1,"message":"x"}}', "message"],
    ["", "blank"],
    ["   ", "blank"],
    ["Server v1.0 started", "not-json"],
    ["{not json", "not-json"],
    ["\u001b[32m{", "not-json"],
    ['{"level":"info"}', "not-json-rpc"],
    ['{"jsonrpc":"1.0","id":1}', "not-json-rpc"],
    ['{"jsonrpc":"2.0"}', "not-json-rpc"],
    ['[{"jsonrpc":"2.0","id":1,"result":{}}]', "not-json-rpc"],
  ])("%j is %s", (line, kind) => {
    expect(parseJsonRpcLine(line).kind).toBe(kind);
  });

  it("returns the parsed message itself", () => {
    expect(parseJsonRpcLine('{"jsonrpc":"2.0","id":7,"result":{"x":[1]}}')).toEqual({
      kind: "message",
      message: { jsonrpc: "2.0", id: 7, result: { x: [1] } },
    });
  });
});
