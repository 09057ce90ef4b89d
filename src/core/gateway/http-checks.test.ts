import { describe, expect, it } from "vitest";
import { hostnameOf, originPolicy, parseBind, refuseByOrigin } from "./http-checks.js";

describe("--http address", () => {
  it.each([
    ["8080", { host: "127.0.0.1", port: 8080 }],
    ["0.0.0.0:80", { host: "0.0.0.0", port: 80 }],
    ["[::1]:0", { host: "::1", port: 0 }],
    ["gw.local:9000", { host: "gw.local", port: 9000 }],
  ])("%s", (text, bind) => expect(parseBind(text)).toEqual(bind));

  it.each(["", "host:", "99999", ":80", "a b:80"])("refuses %j naming the flag", (text) => {
    expect(() => parseBind(text)).toThrow("--http");
  });
});

describe("Host and Origin checks", () => {
  const local = originPolicy({ host: "127.0.0.1", port: 1 }, [], []);
  const open = originPolicy({ host: "0.0.0.0", port: 1 }, [], []);
  const named = originPolicy({ host: "0.0.0.0", port: 1 }, ["gw.example.com"], ["https://app.example.com"]);

  it.each([
    // policy, Host, Origin, refused (a fragment of the reason) or undefined
    [local, "127.0.0.1:3000", undefined, undefined],
    [local, "localhost:3000", "http://localhost:5173", undefined],
    // DNS rebinding: evil.example resolves to 127.0.0.1, the browser sends its own name.
    [local, "evil.example:3000", "http://evil.example:3000", 'Host "evil.example:3000" is not served here'],
    [local, "127.0.0.1:3000", "http://evil.example", 'Origin "http://evil.example" is not allowed'],
    [local, undefined, undefined, 'Host "" is not served here'],
    [open, "anything:1", undefined, undefined],
    [open, "anything:1", "https://page.example", "is not allowed (--allow-origin)"],
    [named, "GW.example.com", "https://app.example.com", undefined],
    [named, "other.example.com", undefined, "is not served here (--allow-host)"],
    [named, "gw.example.com", "null", 'Origin "null" is not a URL'],
  ])("%#: Host %s Origin %s", (policy, host, origin, refused) => {
    const got = refuseByOrigin(policy, host, origin);
    if (refused === undefined) expect(got).toBeUndefined();
    else expect(got).toContain(refused);
  });

  it("reads the hostname of a Host header", () => {
    expect([hostnameOf("A.b:80"), hostnameOf("[::1]:9"), hostnameOf("x")]).toEqual(["a.b", "::1", "x"]);
  });
});
