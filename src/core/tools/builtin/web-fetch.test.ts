import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fetchReadable, htmlToMarkdown, MAX_REDIRECTS, urlProblem } from "./web-fetch.js";
import { webFetchTool } from "./web-fetch.js";
import { call } from "./test-project.js";

let server: Server;
let base = "";
beforeAll(async () => {
  server = createServer((req, res) => {
    const url = req.url ?? "/";
    const hop = /^\/loop\/(\d+)$/.exec(url);
    if (hop) {
      res.writeHead(301, { location: `/loop/${Number(hop[1]) + 1}` });
      return res.end();
    }
    if (url === "/json") {
      res.writeHead(200, { "content-type": "application/json" });
      return res.end('{"a":1}');
    }
    if (url === "/bin") {
      res.writeHead(200, { "content-type": "image/png" });
      return res.end(Buffer.from([0x89, 0x50, 0, 0]));
    }
    if (url === "/big") {
      res.writeHead(200, { "content-type": "text/plain" });
      return res.end("x".repeat(200_000));
    }
    res.writeHead(404, { "content-type": "text/html" });
    res.end("<p>gone</p>");
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((r) => server.close(r)));

describe("web_fetch", () => {
  it.each([
    ["https://example.com/x", undefined],
    ["ftp://example.com/", "only http:// and https:// URLs can be fetched, not ftp:"],
    ["javascript:alert(1)", "only http:// and https:// URLs can be fetched, not javascript:"],
    ["example.com", '"example.com" is not a valid URL; give an absolute http:// or https:// URL'],
  ])("urlProblem(%s)", (url, expected) => {
    expect(urlProblem(url)).toBe(expected);
  });

  it("stops after a few redirects", async () => {
    const r = await fetchReadable(`${base}/loop/0`, {});
    expect([r.isError, r.text]).toEqual([
      true,
      `web_fetch: more than ${MAX_REDIRECTS} redirects from ${base}/loop/0 (last: ${base}/loop/${MAX_REDIRECTS + 1}).`,
    ]);
  });

  it("returns JSON as is, refuses binary, marks an HTTP error as a tool error", async () => {
    expect((await fetchReadable(`${base}/json`, {})).text).toBe(
      `URL: ${base}/json\nStatus: 200 OK\nContent-Type: application/json\n\n{"a":1}`,
    );
    const bin = await fetchReadable(`${base}/bin`, {});
    expect([
      bin.isError,
      bin.text.endsWith("web_fetch reads text only; this is binary content (image/png)."),
    ]).toEqual([true, true]);
    const missing = await fetchReadable(`${base}/nope`, {});
    expect([missing.isError, missing.text]).toEqual([
      true,
      `URL: ${base}/nope\nStatus: 404 Not Found\nContent-Type: text/html\n\ngone`,
    ]);
  });

  it("caps the output and says where the whole of it was saved", async () => {
    const r = await webFetchTool({ cwd: "/", maxChars: 1000 }).execute({ url: `${base}/big` }, {});
    expect([r.truncated, r.text.length < 2000, typeof r.savedTo]).toEqual([true, true, "string"]);
  });

  it("reports a refused connection", async () => {
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, "127.0.0.1", r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((r) => closed.close(r));
    const r = await call(webFetchTool({ cwd: "/" }), { url: `http://127.0.0.1:${port}/` });
    expect(r.isError).toBe(true);
    expect(r.text).toMatch(/^web_fetch: cannot fetch http:\/\/127\.0\.0\.1:\d+\/: ECONNREFUSED/);
  });

  it("drops scripts and styles when converting HTML", () => {
    expect(htmlToMarkdown("<style>p{}</style><script>x()</script><h2>A</h2><ul><li>b</li></ul>")).toBe(
      "## A\n\n* b",
    );
  });
});

describe("loading", () => {
  it("registers the built-in tools without loading the HTML converter, which loads at the first page read", async () => {
    const cp = await import("node:child_process");
    const path = await import("node:path");
    const join = (...p: string[]) => path.join(...p);
    const dist = join(import.meta.dirname, "../../../../dist/core/tools/builtin/index.js");
    const script = `
      import { createRequire } from "node:module";
      const cache = createRequire(import.meta.url).cache;
      const loaded = () => Object.keys(cache).some((k) => k.includes("node-html-markdown"));
      const b = await import(${JSON.stringify(dist)});
      const { ToolRegistry } = await import(${JSON.stringify(join(dist, "../../registry.js"))});
      b.registerBuiltins(new ToolRegistry(), { cwd: "/" });
      const before = loaded();
      const { htmlToMarkdown } = await import(${JSON.stringify(join(dist, "../web-fetch.js"))});
      const md = htmlToMarkdown("<h2>A</h2>");
      console.log(JSON.stringify({ before, after: loaded(), md }));`;
    const r = cp.spawnSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8" });
    expect(JSON.parse(r.stdout || r.stderr)).toEqual({ before: false, after: true, md: "## A" });
  });
});
