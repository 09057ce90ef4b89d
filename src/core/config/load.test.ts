import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { paths } from "../paths.js";
import { loadConfig } from "./load.js";
import { DEFAULTS } from "./schema.js";
import type { Scope, ServerDefinition } from "./types.js";

let tmp: string;
let home: string;
let project: string;
let env: Record<string, string>;
beforeEach(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "codeagent-load-"));
  home = path.join(tmp, "home");
  project = path.join(tmp, "project");
  fs.mkdirSync(project, { recursive: true });
  env = { CODEAGENT_HOME: home, HOME: home };
});
afterEach(() => fs.rmSync(tmp, { recursive: true, force: true }));

function write(file: string, content: unknown): string {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, typeof content === "string" ? content : JSON.stringify(content, null, 2));
  return file;
}
const userFile = () => path.join(home, "mcp.json");
const dotMcp = () => path.join(project, ".mcp.json");
const ownProject = () => path.join(project, ".codeagent", "mcp.json");
const localFile = () => paths.localConfig(project, env);
const cfg = (command: string) => ({
  transport: "stdio",
  command,
  args: [],
  env: {},
  disabled: false,
  ...DEFAULTS,
});
const def = (name: string, scope: Scope, source: string, command: string): ServerDefinition => ({
  name,
  scope,
  source,
  raw: { command },
  config: cfg(command) as ServerDefinition["config"],
  warnings: [],
});

describe("loadConfig: scopes and precedence", () => {
  it("merges user < project (.mcp.json < .codeagent/mcp.json) < local < cli, replacing whole entries", () => {
    write(userFile(), { mcpServers: { fs: { command: "user-fs" }, api: { command: "user-api" } } });
    write(dotMcp(), { mcpServers: { fs: { command: "dotmcp-fs" }, shared: { command: "dotmcp-shared" } } });
    write(ownProject(), { servers: { shared: { command: "own-shared" }, mine: { command: "own-mine" } } });
    write(localFile(), { mcpServers: { mine: { command: "local-mine" } } });
    const cli1 = write(path.join(tmp, "a.json"), { mcpServers: { fs: { command: "cli1-fs" } } });
    const cli2 = write(path.join(tmp, "b.json"), { mcpServers: { fs: { command: "cli2-fs" } } });
    expect(loadConfig({ cwd: project, env, cliConfigFiles: [cli1, "../b.json"] })).toEqual({
      servers: [
        def("api", "user", userFile(), "user-api"),
        def("shared", "project", ownProject(), "own-shared"),
        def("mine", "local", localFile(), "local-mine"),
        def("fs", "cli", cli2, "cli2-fs"),
      ],
      shadowed: [
        def("fs", "user", userFile(), "user-fs"),
        def("shared", "project", dotMcp(), "dotmcp-shared"),
        def("mine", "project", ownProject(), "own-mine"),
        def("fs", "project", dotMcp(), "dotmcp-fs"),
        def("fs", "cli", cli1, "cli1-fs"),
      ],
      fileErrors: [],
      warnings: [],
      files: [
        { scope: "user", path: userFile(), exists: true },
        { scope: "project", path: dotMcp(), exists: true },
        { scope: "project", path: ownProject(), exists: true },
        { scope: "local", path: localFile(), exists: true },
        { scope: "cli", path: cli1, exists: true },
        { scope: "cli", path: cli2, exists: true },
      ],
    });
  });

  it("replaces the whole entry: options of the lower scope do not leak into the higher one", () => {
    write(userFile(), { mcpServers: { fs: { command: "a", args: ["x"], env: { K: "v" }, trust: true } } });
    write(dotMcp(), { mcpServers: { fs: { command: "b" } } });
    expect(loadConfig({ cwd: project, env }).servers).toEqual([def("fs", "project", dotMcp(), "b")]);
  });

  it("--strict-mcp-config reads only the cli files", () => {
    write(userFile(), { mcpServers: { u: { command: "u" } } });
    write(dotMcp(), { mcpServers: { p: { command: "p" } } });
    const cli = write(path.join(tmp, "c.json"), { mcpServers: { c: { command: "c" } } });
    expect(loadConfig({ cwd: project, env, cliConfigFiles: [cli], strict: true })).toEqual({
      servers: [def("c", "cli", cli, "c")],
      shadowed: [],
      fileErrors: [],
      warnings: [],
      files: [{ scope: "cli", path: cli, exists: true }],
    });
  });

  it("reads a file reached twice once, in its first scope (running in the home directory)", () => {
    const sameFile = write(path.join(project, ".codeagent", "mcp.json"), {
      mcpServers: { s: { command: "s" } },
    });
    const homeEnv = { HOME: project, CODEAGENT_HOME: path.join(project, ".codeagent") };
    const r = loadConfig({ cwd: project, env: homeEnv });
    expect([r.servers, r.shadowed, r.files]).toEqual([
      [def("s", "user", sameFile, "s")],
      [],
      [
        { scope: "user", path: sameFile, exists: true },
        { scope: "project", path: path.join(project, ".mcp.json"), exists: false },
        { scope: "local", path: paths.localConfig(project, homeEnv), exists: false },
      ],
    ]);
  });

  it("keeps the order written, even for names that look like numbers", () => {
    write(
      dotMcp(),
      '{"mcpServers": {"zeta": {"command": "z"}, "42": {"command": "n"}, "alpha": {"command": "a"}}}',
    );
    expect(loadConfig({ cwd: project, env }).servers.map((s) => s.name)).toEqual(["zeta", "42", "alpha"]);
  });
});

describe("loadConfig: inline --mcp-config JSON", () => {
  it("takes JSON text as Claude Code's --mcp-config does, labelled in place of a path", () => {
    const label = "--mcp-config (inline JSON)";
    const loaded = loadConfig({
      cwd: project,
      env,
      strict: true,
      cliConfigFiles: ['{"mcpServers":{"a":{"command":"x"}}}'],
    });
    expect(loaded.servers).toEqual([{ ...def("a", "cli", label, "x"), raw: { command: "x" } }]);
    expect(loaded.files).toEqual([{ scope: "cli", path: label, exists: true }]);
  });
  it("reports broken inline JSON with its label and position", () => {
    const loaded = loadConfig({
      cwd: project,
      env,
      strict: true,
      cliConfigFiles: ['{"mcpServers":{', " {}"],
    });
    expect(loaded.fileErrors.map((e) => e.file)).toEqual(["--mcp-config (inline JSON)"]);
    expect(loaded.fileErrors[0]?.message).toMatch(/^--mcp-config \(inline JSON\):1:16: /);
  });
});

describe("loadConfig: problems stay local", () => {
  it("missing default files are fine; a missing --mcp-config file is an error", () => {
    const missing = path.join(tmp, "nope.json");
    expect(loadConfig({ cwd: project, env, cliConfigFiles: [missing] })).toEqual({
      servers: [],
      shadowed: [],
      fileErrors: [{ file: missing, message: `${missing}: file not found (given with --mcp-config)` }],
      warnings: [],
      files: [
        { scope: "user", path: userFile(), exists: false },
        { scope: "project", path: dotMcp(), exists: false },
        { scope: "project", path: ownProject(), exists: false },
        { scope: "local", path: localFile(), exists: false },
        { scope: "cli", path: missing, exists: false },
      ],
    });
  });

  it.each([
    [
      "invalid JSON",
      '{\n  "mcpServers": {\n    "x": { "command": "a", }\n    "y": {}\n',
      ":4:5: Expected ',' or '}' after property value, found '\"'",
    ],
    ["a root that is not an object", "[1]", ': expected a JSON object with "mcpServers", found an array'],
    [
      "mcpServers that is not an object",
      '{"mcpServers": ["x"]}',
      ": mcpServers: expected an object of servers by name, found an array",
    ],
    ["an unreadable file", null, ": cannot read the file (EISDIR)"],
  ])(
    "skips a file with %s, reporting path and position, and still loads the others",
    (_, content, suffix) => {
      write(userFile(), { mcpServers: { ok: { command: "ok" } } });
      if (content === null) fs.mkdirSync(dotMcp());
      else write(dotMcp(), content);
      const r = loadConfig({ cwd: project, env });
      expect([r.servers, r.fileErrors]).toEqual([
        [def("ok", "user", userFile(), "ok")],
        [{ file: dotMcp(), message: `${dotMcp()}${suffix}` }],
      ]);
    },
  );

  it("an empty file (or BOM and whitespace only) configures nothing and is not an error", () => {
    write(userFile(), "\uFEFF \n");
    expect(loadConfig({ cwd: project, env })).toMatchObject({ servers: [], fileErrors: [], warnings: [] });
  });

  it("accepts comments, trailing commas and a BOM", () => {
    write(dotMcp(), '\uFEFF// team servers\n{ "mcpServers": { "s": { "command": "s", /* why */ }, }, }\n');
    expect(loadConfig({ cwd: project, env }).servers).toEqual([def("s", "project", dotMcp(), "s")]);
  });

  it("a bad entry fails only itself, with file and key in the message, and keeps raw as written", () => {
    write(dotMcp(), {
      mcpServers: { bad: { command: "x", args: "-y" }, "bad name": { command: "y" }, good: { command: "g" } },
    });
    expect(loadConfig({ cwd: project, env }).servers).toEqual([
      {
        name: "bad",
        scope: "project",
        source: dotMcp(),
        raw: { command: "x", args: "-y" },
        error: `${dotMcp()}: mcpServers.bad.args: expected an array of strings, got "-y"`,
        warnings: [],
      },
      {
        name: "bad name",
        scope: "project",
        source: dotMcp(),
        raw: { command: "y" },
        error: `${dotMcp()}: mcpServers["bad name"]: invalid server name "bad name": a name may contain only letters, digits, _ and -`,
        warnings: [],
      },
      def("good", "project", dotMcp(), "g"),
    ]);
  });

  it("a bad entry in a higher scope still replaces the lower one (the user sees the failure)", () => {
    write(userFile(), { mcpServers: { s: { command: "ok" } } });
    write(dotMcp(), { mcpServers: { s: { url: 5 } } });
    const r = loadConfig({ cwd: project, env });
    expect([r.servers.map((s) => [s.scope, s.error]), r.shadowed.map((s) => s.scope)]).toEqual([
      [["project", `${dotMcp()}: mcpServers.s.url: expected a string, got 5`]],
      ["user"],
    ]);
  });

  it("warns about unknown keys, unknown root keys, both root keys and duplicate names, naming the file", () => {
    const text =
      '{"inputs": [], "servers": {}, "mcpServers": {"s": {"command": "a", "alwaysAllow": []}, "s": {"command": "b", "autoApprove": []}}}';
    const f = write(dotMcp(), text);
    const column = text.lastIndexOf('"s"') + 1;
    const r = loadConfig({ cwd: project, env });
    expect([r.warnings, r.servers]).toEqual([
      [
        { file: f, message: `${f}:1:${column}: duplicate key "s"; the last one wins` },
        {
          file: f,
          message: `${f}: unknown top-level key "inputs" is ignored (servers go under "mcpServers")`,
        },
        { file: f, message: `${f}: "servers" is ignored because "mcpServers" is present` },
        { file: f, message: `${f}: mcpServers.s: unknown key "autoApprove" is ignored` },
      ],
      [
        {
          ...def("s", "project", f, "b"),
          raw: { command: "b", autoApprove: [] },
          warnings: [`${f}: mcpServers.s: unknown key "autoApprove" is ignored`],
        },
      ],
    ]);
  });
});
