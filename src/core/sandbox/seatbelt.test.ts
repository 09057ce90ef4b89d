import { describe, expect, it } from "vitest";
import { quote, seatbeltProfile } from "./seatbelt.js";

const policy = {
  denyRead: ["/Users/u/.ssh"],
  allowRead: ["/Users/u/.ssh/known_hosts"],
  allowWrite: ["/Users/u/proj"],
  denyWrite: ["/Users/u/.codeagent"],
  allowHosts: ["api.github.com"],
};

describe("seatbeltProfile", () => {
  it("allows writes only where the policy does, then denies, then the read exceptions (later rules win)", () => {
    expect(seatbeltProfile(policy, { privateTmp: "/tmp/s/tmp-1", proxyPort: 40000 }).split("\n")).toEqual([
      "(version 1)",
      "(allow default)",
      "(deny network*)",
      "(allow network* (local unix-socket))",
      '(allow network-outbound (remote ip "localhost:40000"))',
      "(deny file-write*)",
      '(allow file-write* (subpath "/Users/u/proj") (subpath "/tmp/s/tmp-1") (literal "/dev/null") (literal "/dev/zero") (literal "/dev/dtracehelper") (literal "/dev/tty") (literal "/dev/stdout") (literal "/dev/stderr") (regex #"^/dev/ttys[0-9]+$"))',
      '(deny file-write* (subpath "/Users/u/.codeagent"))',
      '(deny file-read* file-write* (subpath "/Users/u/.ssh"))',
      '(allow file-read* (subpath "/Users/u/.ssh/known_hosts"))',
      "",
    ]);
  });

  it("without a proxy port, no outbound connection at all", () => {
    expect(seatbeltProfile(policy, { privateTmp: "/t" })).not.toContain("network-outbound");
  });

  it.each([
    ["/a b", '"/a b"'],
    ['/a"b', '"/a\\"b"'],
    ["/a\\b", '"/a\\\\b"'],
  ])("quotes %s as %s", (p, q) => {
    expect(quote(p)).toBe(q);
  });

  it("refuses a path with a control character instead of writing a broken profile", () => {
    expect(() => quote("/a\nb")).toThrow(/control characters/);
  });
});
