// The plain check against the zod schema it stands in for: wherever it answers, zod accepts the entry and
// makes the very same ServerConfig; the common entries are answered; everything doubtful is left to zod.
import { describe, expect, it } from "vitest";
import { plainServerEntry } from "./plain-entry.js";
import { configSchemas, KNOWN_ENTRY_KEYS } from "./schema.js";

const zod = (raw: unknown) => configSchemas().serverEntrySchema.safeParse(raw);

/** Entries the plain check must answer itself (the shapes nearly every config holds). */
const ANSWERED: unknown[] = [
  { command: "npx", args: ["-y", "@modelcontextprotocol/server-memory"] },
  { command: "node", args: ["server.js"], env: { TOKEN: "${TOKEN}" }, cwd: "./srv" },
  { type: "stdio", command: "uvx", args: [], env: {}, description: "notes" },
  { command: "x", disabled: true, enabled: false, trust: false, alwaysLoad: true },
  { command: "x", startupTimeoutMs: 30000, timeoutMs: 1, maxTotalTimeoutMs: 9e6, maxMessageBytes: 1024 },
  { command: "x", idleTimeoutMs: 60000, startup: "lazy", pinning: "strict" },
  { command: "x", includeTools: ["a"], excludeTools: [], roots: false, sandbox: "required" },
  { command: "x", roots: ["/a", "b"], sandbox: true },
  { command: "x", sandbox: false, roots: true, someOtherHostsKey: { any: 1 }, timeout: 5 },
  { url: "https://example.com/mcp" },
  { url: "http://localhost:3000/mcp", type: "http", headers: { Authorization: "Bearer ${T}" } },
  { url: "${BASE}/mcp", type: "sse" },
  { url: "https://h/mcp", type: "streamable-http" },
  { url: "https://h/mcp", type: "streamableHttp", command: undefined },
];

/** Entries left to zod: invalid ones (zod words the error) and shapes the plain check does not cover. */
const LEFT_TO_ZOD: unknown[] = [
  null,
  [],
  "npx server",
  {},
  { command: "" },
  { url: "" },
  { command: "x", url: "https://h" },
  { type: "stdio", url: "https://h" },
  { type: "http", command: "x" },
  { type: "websocket", url: "https://h" },
  { url: "ftp://h/mcp" },
  { url: "not a url" },
  { command: 1 },
  { command: "x", args: "a b" },
  { command: "x", args: ["a", 1] },
  { command: "x", env: { A: 1 } },
  { command: "x", env: ["A=1"] },
  { command: "x", env: null },
  { command: "x", cwd: 1 },
  { command: "x", disabled: "yes" },
  { command: "x", timeoutMs: 0 },
  { command: "x", timeoutMs: -5 },
  { command: "x", timeoutMs: 1.5 },
  { command: "x", timeoutMs: "1000" },
  { command: "x", maxMessageBytes: 2 ** 60 },
  { command: "x", startup: "never" },
  { command: "x", pinning: "yes" },
  { command: "x", roots: "/a" },
  { command: "x", roots: [1] },
  { command: "x", sandbox: "on" },
  { command: "x", sandbox: { network: { allow: ["api.github.com"] } } },
  { command: "x", includeTools: "a" },
  { command: "x", description: 3 },
  { url: "https://h/mcp", oauth: { clientId: "c" } },
  { url: "https://h/mcp", headers: { A: ["b"] } },
];

describe("plainServerEntry", () => {
  it.each(ANSWERED.map((e) => [e]))("answers %j exactly as zod", (raw) => {
    const z = zod(raw);
    expect(z.success).toBe(true);
    expect(plainServerEntry(raw)).toEqual(z.data);
  });

  it.each(LEFT_TO_ZOD.map((e) => [e]))("leaves %j to zod", (raw) => {
    expect(plainServerEntry(raw)).toBeUndefined();
  });

  it("returns arrays and records of its own", () => {
    const raw = { command: "x", args: ["a"], env: { A: "1" } };
    const c = plainServerEntry(raw);
    if (c?.transport !== "stdio") throw new Error("expected a stdio config");
    expect(c.args).not.toBe(raw.args);
    expect(c.env).not.toBe(raw.env);
  });

  it("knows the same keys as the zod shape", () => {
    expect([...KNOWN_ENTRY_KEYS]).toEqual(Object.keys(configSchemas().serverEntryShape));
  });
});
