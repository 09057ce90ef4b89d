import { describe, expect, it } from "vitest";
import { readOnlyPath, sandboxWriteHint, type HintedServer } from "./write-hint.js";

describe("readOnlyPath", () => {
  it.each([
    [
      "Node (server-memory)",
      "EROFS: read-only file system, open '/home/u/.npm/_npx/1/memory.jsonl.tmp'",
      "/home/u/.npm/_npx/1/memory.jsonl.tmp",
    ],
    ["Node mkdir", "Error: EROFS: read-only file system, mkdir '/home/u/.cache/x'", "/home/u/.cache/x"],
    [
      "Python",
      "OSError: [Errno 30] Read-only file system: '/home/u/.local/state/db'",
      "/home/u/.local/state/db",
    ],
    ["Go", "open /home/u/.config/srv/state.json: read-only file system", "/home/u/.config/srv/state.json"],
    ["Rust/Go mkdir", "mkdir /var/lib/srv: Read-only file system", "/var/lib/srv"],
    ["control characters in the path", "EROFS: read-only file system, open '/x\u001b[2J/y'", "/x/y"],
    ["another error", "ENOENT: no such file or directory, open '/x'", undefined],
    ["a tool's own words", "the repository is read-only", undefined],
  ])("%s", (_name, text, want) => {
    expect(readOnlyPath(text)).toBe(want);
  });

  it("caps a very long path", () => {
    const path = `/${"a".repeat(5000)}`;
    expect(readOnlyPath(`EROFS: read-only file system, open '${path}'`)).toHaveLength(300);
  });
});

function def(scope: HintedServer["scope"], sandbox?: boolean, transport = "stdio"): HintedServer {
  return { name: "memory", scope, source: "/p/.mcp.json", config: { transport, sandbox } };
}

const EROFS = "EROFS: read-only file system, open '/opt/srv/memory.jsonl'";

describe("sandboxWriteHint", () => {
  it("names the path, the setting and where it is set", () => {
    expect(sandboxWriteHint(EROFS, def("project"))).toBe(
      'server "memory" runs in the OS sandbox, which keeps /opt/srv read-only: to let it write ' +
        '/opt/srv/memory.jsonl, add "/opt/srv" to "sandbox": { "filesystem": { "allowWrite": [...] } } of ' +
        "mcpServers.memory in /p/.mcp.json, or point the server at a folder inside the project",
    );
  });

  it.each([
    ["another error of a confined server", "connection refused", def("project")],
    ["a server the sandbox is off for", EROFS, def("project", false)],
    ["a --mcp-config server by default", EROFS, def("cli")],
    ["a remote server", EROFS, def("user", undefined, "http")],
  ])("says nothing for %s", (_name, text, d) => {
    expect(sandboxWriteHint(text, d)).toBeUndefined();
  });

  it("speaks for a --mcp-config server that asked for the sandbox", () => {
    expect(sandboxWriteHint(EROFS, def("cli", true))).toContain("/opt/srv");
  });
});
