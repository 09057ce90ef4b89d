import { describe, expect, it } from "vitest";
import { describeNetworkFailure, shownUrl } from "./network-errors.js";

/** What Node's fetch throws: `TypeError: fetch failed` with the real error as its cause. */
const fetchFailed = (message: string, code?: string) =>
  new TypeError("fetch failed", {
    cause: Object.assign(new Error(message), code === undefined ? {} : { code }),
  });
/** What the SDK's SSE transport throws: the same, flattened into one string. */
const sseFailed = (detail: string) =>
  Object.assign(new Error(`SSE error: TypeError: fetch failed: ${detail}`), { code: undefined });

describe("describeNetworkFailure", () => {
  it.each([
    {
      name: "connection refused (fetch)",
      e: fetchFailed("connect ECONNREFUSED 127.0.0.1:4000", "ECONNREFUSED"),
      url: "http://127.0.0.1:4000/mcp",
      expected:
        'connection refused: nothing is listening on 127.0.0.1:4000 (is the server running? check the host and port in "url")',
    },
    {
      name: "connection refused (SSE text)",
      e: sseFailed("connect ECONNREFUSED 127.0.0.1:4000"),
      url: "http://127.0.0.1:4000/sse",
      expected:
        'connection refused: nothing is listening on 127.0.0.1:4000 (is the server running? check the host and port in "url")',
    },
    {
      name: "a port fetch refuses (fetch)",
      e: fetchFailed("bad port"),
      url: "http://127.0.0.1:6000/mcp",
      expected:
        'port 6000 is one that fetch refuses to connect to (reserved for another protocol, e.g. 6000 for X11 or 6665-6669 for IRC); run the server on another port and change "url"',
    },
    {
      name: "a port fetch refuses (SSE text)",
      e: sseFailed("bad port"),
      url: "http://localhost:6667/sse",
      expected:
        'port 6667 is one that fetch refuses to connect to (reserved for another protocol, e.g. 6000 for X11 or 6665-6669 for IRC); run the server on another port and change "url"',
    },
    {
      name: "DNS failure",
      e: fetchFailed("getaddrinfo ENOTFOUND mcp.example.invalid", "ENOTFOUND"),
      url: "https://mcp.example.invalid/mcp?api_key=secret",
      expected: 'host "mcp.example.invalid" not found (check the host name in "url")',
    },
    {
      name: "DNS failure (SSE text)",
      e: sseFailed("getaddrinfo ENOTFOUND mcp.example.invalid"),
      url: "https://mcp.example.invalid/sse",
      expected: 'host "mcp.example.invalid" not found (check the host name in "url")',
    },
    {
      name: "refused on every address (AggregateError)",
      e: new TypeError("fetch failed", {
        cause: Object.assign(
          new AggregateError([
            Object.assign(new Error("connect ECONNREFUSED ::1:80"), { code: "ECONNREFUSED" }),
          ]),
          {
            code: "ECONNREFUSED",
          },
        ),
      }),
      url: "http://localhost/mcp",
      expected:
        'connection refused: nothing is listening on localhost:80 (is the server running? check the host and port in "url")',
    },
    {
      name: "a connect timeout",
      e: fetchFailed("Connect Timeout Error", "UND_ERR_CONNECT_TIMEOUT"),
      url: "https://10.0.0.1/mcp",
      expected: 'connecting to 10.0.0.1:443 timed out (is the server up? check "url")',
    },
    {
      name: "a certificate the host does not trust",
      e: fetchFailed("self-signed certificate", "DEPTH_ZERO_SELF_SIGNED_CERT"),
      url: "https://internal/mcp",
      expected:
        'the TLS certificate of internal was not accepted (for a private CA set NODE_EXTRA_CA_CERTS; check "url")',
    },
    {
      name: "a reset connection",
      e: fetchFailed("other side closed", "UND_ERR_SOCKET"),
      url: "http://127.0.0.1:4000/mcp",
      expected: "127.0.0.1:4000 closed the connection",
    },
    {
      name: "a fetch failure we cannot name keeps its detail",
      e: fetchFailed("something odd"),
      url: "http://127.0.0.1:4000/mcp",
      expected: 'the request failed (something odd) (check "url")',
    },
    { name: "not a network failure", e: new Error("boom"), url: "http://h/mcp", expected: undefined },
    { name: "not an error", e: "ECONNREFUSED", url: "http://h/mcp", expected: undefined },
  ])("$name", ({ e, url, expected }) => {
    expect(describeNetworkFailure(e, url)).toBe(expected);
  });
});

describe("shownUrl", () => {
  it.each([
    ["https://user:pw@mcp.example.com/mcp?api_key=secret#x", "https://mcp.example.com/mcp"],
    ["http://127.0.0.1:4000/sse", "http://127.0.0.1:4000/sse"],
    ["not a url", "not a url"],
  ])("%s → %s", (url, shown) => {
    expect(shownUrl(url)).toBe(shown);
  });
});
