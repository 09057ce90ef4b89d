import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { paths } from "../paths.js";
import { configFiles, nothingConfigured, type LoadConfigOptions } from "./files.js";

/** A fresh home and project; `files` are written (as `{}`) relative to them: "home/…" or "cwd/…". */
function setup(files: string[]): { cwd: string; env: Record<string, string> } {
  const root = mkdtempSync(join(tmpdir(), "files-"));
  const cwd = join(root, "project");
  const env = { CODEAGENT_HOME: join(root, "home"), HOME: root };
  mkdirSync(cwd, { recursive: true });
  for (const f of files) {
    const path =
      f === "local"
        ? paths.localConfig(cwd, env)
        : f === "projects-dir"
          ? join(env.CODEAGENT_HOME, "projects", "other-project-0123456789ab", "mcp.json")
          : join(f.startsWith("home/") ? env.CODEAGENT_HOME : cwd, f.slice(f.indexOf("/") + 1));
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, "{}");
  }
  return { cwd, env };
}

/** What nothingConfigured answered before it skipped the local file's hash: every listed file absent. */
const byTheList = (o: LoadConfigOptions) =>
  configFiles(o).every((r) => !r.explicit && r.inline === undefined && !existsSync(r.path));

describe("nothingConfigured", () => {
  const cases: { name: string; files: string[]; cli?: string[]; strict?: boolean; nothing: boolean }[] = [
    { name: "no file anywhere", files: [], nothing: true },
    { name: "the user's mcp.json", files: ["home/mcp.json"], nothing: false },
    { name: "the project's .mcp.json", files: ["cwd/.mcp.json"], nothing: false },
    { name: "the project's .codeagent/mcp.json", files: ["cwd/.codeagent/mcp.json"], nothing: false },
    { name: "this project's local file", files: ["local"], nothing: false },
    { name: "another project's local file only", files: ["projects-dir"], nothing: true },
    { name: "a --mcp-config file that does not exist", files: [], cli: ["missing.json"], nothing: false },
    { name: "inline --mcp-config JSON", files: [], cli: ['{"mcpServers":{}}'], nothing: false },
    { name: "--strict-mcp-config with a user file", files: ["home/mcp.json"], strict: true, nothing: true },
    { name: "--strict-mcp-config with a cli file", files: [], cli: ["a.json"], strict: true, nothing: false },
  ];
  it.each(cases)("$name → $nothing", ({ files, cli, strict, nothing }) => {
    const { cwd, env } = setup(files);
    const opts = { cwd, env, cliConfigFiles: cli ?? [], strict: strict === true };
    expect(nothingConfigured(opts)).toBe(nothing);
    expect(byTheList(opts)).toBe(nothing);
  });
});
