// Test helpers: an isolated CODEAGENT_HOME and project directory per test, config files, fixture paths.
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { BUNDLES_ENV } from "./fixture-bundles.js";

export const ROOT = fileURLToPath(new URL("../..", import.meta.url));
export const FIXTURES = join(ROOT, "test", "fixtures", "servers");
const BUNDLES = process.env[BUNDLES_ENV];

/** A fixture server's file: its one-file bundle when the global setup made one (fixture-bundles.ts), else its source. */
export function fixture(name: string): string {
  const bundled = BUNDLES !== undefined && name.endsWith(".mjs") ? join(BUNDLES, name) : undefined;
  return bundled !== undefined && existsSync(bundled) ? bundled : join(FIXTURES, name);
}

export interface Sandbox {
  dir: string;
  home: string;
  project: string;
  env: Record<string, string>;
  writeJson(path: string, value: unknown): string;
}

export function sandbox(): Sandbox {
  const dir = mkdtempSync(join(tmpdir(), "codeagent-test-"));
  const home = join(dir, "home");
  const project = join(dir, "project");
  mkdirSync(home, { recursive: true });
  mkdirSync(project, { recursive: true });
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? "",
    HOME: home,
    CODEAGENT_HOME: join(home, ".codeagent"),
    LANG: "C.UTF-8",
    // Set by test/global-setup.ts: compiled code shared between the CLIs of a run (Node 22 and later).
    ...(process.env.NODE_COMPILE_CACHE !== undefined && {
      NODE_COMPILE_CACHE: process.env.NODE_COMPILE_CACHE,
    }),
  };
  return {
    dir,
    home,
    project,
    env,
    writeJson(path, value) {
      const file = path.startsWith("/") ? path : join(dir, path);
      mkdirSync(join(file, ".."), { recursive: true });
      writeFileSync(file, JSON.stringify(value, null, 2));
      return file;
    },
  };
}

/** A stdio server entry running a fixture with the current node. */
export function nodeServer(
  file: string,
  env: Record<string, string> = {},
  extra: Record<string, unknown> = {},
) {
  return { command: process.execPath, args: [fixture(file)], env, ...extra };
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** A sandbox with a config of many-tools.mjs servers, NAME → tool count (each themed by its name). */
export function manyToolServers(
  counts: Record<string, number>,
  extra: Record<string, Record<string, unknown>> = {},
): { sb: Sandbox; config: string } {
  const sb = sandbox();
  const mcpServers: Record<string, unknown> = {};
  for (const [name, n] of Object.entries(counts))
    mcpServers[name] = nodeServer(
      "many-tools.mjs",
      { TOOLS_THEME: name, TOOLS_COUNT: String(n) },
      extra[name],
    );
  return { sb, config: sb.writeJson("mcp.json", { mcpServers }) };
}
