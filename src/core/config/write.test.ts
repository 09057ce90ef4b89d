import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { loadConfig } from "./load.js";
import { addServer, configFileForScope, entryFromAddArgs, removeServer } from "./write.js";

let tmp: string;
let home: string;
let project: string;
let env: Record<string, string>;
beforeEach(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "codeagent-write-"));
  home = path.join(tmp, "home");
  project = path.join(tmp, "project");
  fs.mkdirSync(project);
  env = { CODEAGENT_HOME: home, HOME: home };
});
afterEach(() => fs.rmSync(tmp, { recursive: true, force: true }));

const read = (f: string) => fs.readFileSync(f, "utf8");
const thrown = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    return { code: (e as { code?: string }).code, message: (e as Error).message };
  }
  throw new Error("expected a throw");
};

describe("configFileForScope", () => {
  it("user → $CODEAGENT_HOME/mcp.json, project → <cwd>/.mcp.json", () => {
    expect([
      configFileForScope("user", { cwd: project, env }),
      configFileForScope("project", { cwd: project, env }),
    ]).toEqual([path.join(home, "mcp.json"), path.join(project, ".mcp.json")]);
  });
});

describe("addServer / removeServer", () => {
  it("creates the file and its directories", () => {
    const file = configFileForScope("user", { cwd: project, env });
    expect(addServer(file, "fs", { command: "npx", args: ["-y", "srv"] })).toEqual({
      replaced: false,
      created: true,
      warnings: [],
    });
    expect(read(file)).toBe(
      '{\n  "mcpServers": {\n    "fs": {\n      "command": "npx",\n      "args": [\n        "-y",\n        "srv"\n      ]\n    }\n  }\n}\n',
    );
    expect(fs.readdirSync(home)).toEqual(["mcp.json"]); // no temp file left behind
  });

  it("keeps every other part of the file, comments included", () => {
    const file = path.join(project, ".mcp.json");
    fs.writeFileSync(
      file,
      '{\n  "$schema": "x",\n  // team servers\n  "mcpServers": {\n    "a": { "url": "https://a/mcp" } // shared\n  },\n  "other": true\n}\n',
    );
    addServer(file, "b", { command: "b" });
    expect(read(file)).toBe(
      '{\n  "$schema": "x",\n  // team servers\n  "mcpServers": {\n    "a": { "url": "https://a/mcp" }, // shared\n    "b": {\n      "command": "b"\n    }\n  },\n  "other": true\n}\n',
    );
    expect(removeServer(file, "b")).toBe(true);
    expect(read(file)).toBe(
      '{\n  "$schema": "x",\n  // team servers\n  "mcpServers": {\n    "a": { "url": "https://a/mcp" } // shared\n  },\n  "other": true\n}\n',
    );
  });

  it("adds mcpServers to a file that has none, and uses servers when that is the file's key", () => {
    const a = path.join(tmp, "a.json");
    const b = path.join(tmp, "b.json");
    fs.writeFileSync(a, '{ "$schema": "x" }');
    fs.writeFileSync(b, '{ "servers": {} }');
    addServer(a, "s", { command: "s" });
    addServer(b, "s", { command: "s" });
    expect([JSON.parse(read(a)), JSON.parse(read(b))]).toEqual([
      { $schema: "x", mcpServers: { s: { command: "s" } } },
      { servers: { s: { command: "s" } } },
    ]);
  });

  it("refuses to overwrite an existing name without force, and replaces it whole with force", () => {
    const file = path.join(tmp, "c.json");
    addServer(file, "s", { command: "old", args: ["x"] });
    const before = read(file);
    expect(thrown(() => addServer(file, "s", { command: "new" }))).toEqual({
      code: "USAGE",
      message: `server "s" already exists in ${file}; use --force to replace it, or \`mcp remove s\` first`,
    });
    expect(read(file)).toBe(before);
    expect(addServer(file, "s", { command: "new" }, { force: true })).toEqual({
      replaced: true,
      created: false,
      warnings: [],
    });
    expect(JSON.parse(read(file))).toEqual({ mcpServers: { s: { command: "new" } } });
  });

  it.each([
    [
      "bad entry",
      "s",
      { command: "x", args: "-y" },
      `mcpServers.s.args: expected an array of strings, got "-y"`,
    ],
    [
      "bad name",
      "a b",
      { command: "x" },
      `mcpServers["a b"]: invalid server name "a b": a name may contain only letters, digits, _ and -`,
    ],
    ["no transport", "s", { description: "x" }, "mcpServers.s: needs command (stdio) or url (http/sse)"],
  ])("validates before writing: %s", (_, name, entry, detail) => {
    const file = path.join(tmp, "v.json");
    expect(thrown(() => addServer(file, name, entry))).toEqual({
      code: "CONFIG_INVALID",
      message: `${file}: ${detail}`,
    });
    expect(fs.existsSync(file)).toBe(false);
  });

  it("returns warnings for unknown keys but writes the entry as given", () => {
    const file = path.join(tmp, "w.json");
    expect(addServer(file, "s", { command: "x", autoApprove: [] }).warnings).toEqual([
      `${file}: mcpServers.s: unknown key "autoApprove" is ignored`,
    ]);
    expect(JSON.parse(read(file))).toEqual({ mcpServers: { s: { command: "x", autoApprove: [] } } });
  });

  it.each([
    [
      "invalid JSON",
      '{\n  "mcpServers": {,}\n}',
      "CONFIG_PARSE",
      ":2:18: Expected a double-quoted property name or '}', found ',' (the file was left unchanged; fix it first)",
    ],
    [
      "a non-object root",
      "[]",
      "CONFIG_INVALID",
      ': expected a JSON object with "mcpServers"; the file was left unchanged',
    ],
  ])("never touches a broken file (%s)", (_, content, code, suffix) => {
    const file = path.join(tmp, "broken.json");
    fs.writeFileSync(file, content);
    expect(thrown(() => addServer(file, "s", { command: "x" }))).toEqual({
      code,
      message: `${file}${suffix}`,
    });
    expect(thrown(() => removeServer(file, "s"))).toEqual({ code, message: `${file}${suffix}` });
    expect(read(file)).toBe(content);
    expect(fs.readdirSync(tmp).sort()).toEqual(["broken.json", "project"]); // no temp file left behind
  });

  it("removeServer: false for a missing file or name, removes duplicates and from both root keys", () => {
    const file = path.join(tmp, "r.json");
    expect(removeServer(file, "s")).toBe(false);
    fs.writeFileSync(file, '{"mcpServers": {"s": {}, "t": {}, "s": {}}, "servers": {"s": {}}}');
    expect(removeServer(file, "zz")).toBe(false);
    expect(removeServer(file, "s")).toBe(true);
    expect(read(file)).toBe('{"mcpServers": {"t": {}}, "servers": {}}');
  });

  it("keeps a BOM, the file mode and a symlink", () => {
    const real = path.join(tmp, "real.json");
    const link = path.join(tmp, "link.json");
    fs.writeFileSync(real, '\uFEFF{"mcpServers": {}}', { mode: 0o600 });
    fs.chmodSync(real, 0o600);
    fs.symlinkSync(real, link);
    addServer(link, "s", { command: "s" });
    expect([
      fs.lstatSync(link).isSymbolicLink(),
      fs.statSync(real).mode & 0o777,
      read(real).startsWith('\uFEFF{"mcpServers": {'),
    ]).toEqual([true, 0o600, true]);
  });

  it("round-trips through loadConfig (mcp add-json, then mcp remove)", () => {
    const file = configFileForScope("project", { cwd: project, env });
    const json =
      '{"type":"http","url":"https://h/mcp","headers":{"Authorization":"Bearer ${T}"},"timeoutMs":5000}';
    addServer(file, "api", JSON.parse(json) as Record<string, unknown>);
    addServer(
      file,
      "fs",
      entryFromAddArgs({ env: ["A=1"], headers: [], commandOrUrl: "npx", args: ["-y", "srv"] }),
    );
    const loaded = loadConfig({ cwd: project, env });
    expect(loaded.servers.map((s) => [s.name, s.scope, s.source, s.raw, s.error])).toEqual([
      ["api", "project", file, JSON.parse(json), undefined],
      ["fs", "project", file, { command: "npx", args: ["-y", "srv"], env: { A: "1" } }, undefined],
    ]);
    expect(removeServer(file, "api")).toBe(true);
    expect(loadConfig({ cwd: project, env }).servers.map((s) => s.name)).toEqual(["fs"]);
  });
});
