// The filtering proxy against real sockets: an HTTP server on loopback stands in for an outside host.
import { createServer, type Server } from "node:http";
import { connect, type AddressInfo } from "node:net";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FilteringProxy, parseHttp, parseSocks } from "./proxy.js";

let web: Server;
let port: number;
let dir: string;
const proxy = new FilteringProxy();
const denied: string[] = [];
let sock: string;

beforeAll(async () => {
  web = createServer((req, res) =>
    res.end(`hello ${req.method} ${req.url} ${req.headers["proxy-authorization"] ?? "-"}`),
  );
  await new Promise<void>((r) => web.listen(0, "127.0.0.1", r));
  port = (web.address() as AddressInfo).port;
  dir = mkdtempSync(join(tmpdir(), "proxy-test-"));
  sock = (
    await proxy.route(join(dir, "p.sock"), {
      allow: [`localhost:${port}`],
      onDenied: (t, why) => denied.push(`${t} ${why}`),
    })
  ).socketPath!;
});

afterAll(async () => {
  await proxy.close();
  web.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Sends `bytes` through the proxy's socket and returns all it answers until it closes. */
function talk(chunks: (Buffer | string)[]): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const s = connect(sock);
    const got: Buffer[] = [];
    s.on("data", (d) => got.push(d));
    s.on("error", reject);
    s.on("close", () => resolve(Buffer.concat(got)));
    s.on("connect", () => {
      for (const c of chunks) s.write(c);
    });
    setTimeout(() => s.end(), 1500).unref();
  });
}

describe("FilteringProxy", () => {
  it("tunnels CONNECT to an allowed host", async () => {
    const out = await talk([
      `CONNECT localhost:${port} HTTP/1.1\r\nHost: localhost:${port}\r\n\r\n`,
      `GET /t HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`,
    ]);
    const text = out.toString();
    expect(text.startsWith("HTTP/1.1 200 Connection Established\r\n\r\nHTTP/1.1 200 OK")).toBe(true);
    expect(text).toContain("hello GET /t -");
  });

  it("refuses CONNECT to a host not in the allowlist with 403, and reports the host", async () => {
    const out = (await talk([`CONNECT evil.example:443 HTTP/1.1\r\n\r\n`])).toString();
    expect(out.split("\r\n")[0]).toBe(
      "HTTP/1.1 403 Forbidden by the codeagent sandbox: not in the network allowlist",
    );
    expect(denied).toContain("evil.example:443 not in the network allowlist");
  });

  it("refuses the loopback by address when only the name is allowed", async () => {
    const out = (await talk([`CONNECT 127.0.0.1:${port} HTTP/1.1\r\n\r\n`])).toString();
    expect(out).toMatch(/^HTTP\/1.1 403/);
    expect(denied).toContain(`127.0.0.1:${port} not in the network allowlist`);
  });

  it("forwards a plain HTTP request in origin form, without the proxy's own headers", async () => {
    const out = (
      await talk([
        `GET http://localhost:${port}/plain?q=1 HTTP/1.1\r\nHost: localhost\r\nProxy-Authorization: Basic eA==\r\n\r\n`,
      ])
    ).toString();
    expect(out).toContain("hello GET /plain?q=1 -");
  });

  it("speaks SOCKS5: a greeting, then CONNECT by name, allowed or refused", async () => {
    const name = Buffer.from("localhost");
    const req = Buffer.concat([
      Buffer.from([5, 1, 0, 3, name.length]),
      name,
      Buffer.from([port >> 8, port & 255]),
    ]);
    const ok = await talk([
      Buffer.from([5, 1, 0]),
      req,
      "GET /s HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
    ]);
    expect([...ok.subarray(0, 12)]).toEqual([5, 0, 5, 0, 0, 1, 0, 0, 0, 0, 0, 0]);
    expect(ok.toString()).toContain("hello GET /s");
    const evil = Buffer.from("evil.example");
    const no = await talk([
      Buffer.from([5, 1, 0]),
      Buffer.concat([Buffer.from([5, 1, 0, 3, evil.length]), evil, Buffer.from([1, 187])]),
    ]);
    expect([...no]).toEqual([5, 0, 5, 2, 0, 1, 0, 0, 0, 0, 0, 0]);
    expect(denied).toContain("evil.example:443 not in the network allowlist");
  });
});

describe("parsers", () => {
  it.each([
    ["GET / HTTP/1.1\r\nHost: x\r\n", "more"],
    ["BREW /pot HTTP/1.1\r\n\r\n", "bad"],
    ["GET https://x.com/ HTTP/1.1\r\n\r\n", "bad"],
    ["CONNECT nohost HTTP/1.1\r\n\r\n", "bad"],
  ])("parseHttp(%j) is %s", (text, want) => {
    expect(parseHttp(Buffer.from(text))).toBe(want);
  });

  it("parseSocks waits for whole messages and takes only CONNECT", () => {
    expect(parseSocks(Buffer.from([5, 2, 0]), false)).toBe("more");
    expect(parseSocks(Buffer.from([5, 1, 0, 1, 127, 0]), true)).toBe("more");
    expect(parseSocks(Buffer.from([5, 3, 0, 1, 127, 0, 0, 1, 0, 53]), true)).toBe("bad");
    expect(parseSocks(Buffer.from([5, 1, 0, 1, 10, 0, 0, 7, 0, 80]), true)).toEqual({
      kind: "socks",
      host: "10.0.0.7",
      port: 80,
      rest: Buffer.alloc(0),
    });
  });
});
