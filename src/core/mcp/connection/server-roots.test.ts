import { describe, expect, it } from "vitest";
import type { RemoteServerConfig, StdioServerConfig } from "../../config/types.js";
import { DEFAULTS } from "../../config/schema.js";
import { serverRootDirs } from "./server-roots.js";

const stdio = (args: string[], extra: Partial<StdioServerConfig> = {}): StdioServerConfig => ({
  transport: "stdio",
  command: "npx",
  args,
  env: {},
  disabled: false,
  ...DEFAULTS,
  ...extra,
});
const DIRS = new Set(["/p", "/srv/docs", "/run/here/data", "/home/u/notes", "/abs"]);
const isDir = (p: string) => DIRS.has(p);
const session = ["/p", "/extra"];

describe("serverRootDirs", () => {
  it.each<[string, StdioServerConfig | RemoteServerConfig, string[] | false]>([
    [
      "an arg directory joins the session's",
      stdio(["-y", "@mcp/server-filesystem", "/srv/docs"]),
      [...session, "/srv/docs"],
    ],
    [
      "relative to the spawn dir, ~ at home",
      stdio(["data", "~/notes", "missing"]),
      [...session, "/run/here/data", "/home/u/notes"],
    ],
    ["relative to the server's cwd", stdio(["../docs"], { cwd: "/srv/x" }), [...session, "/srv/docs"]],
    [
      "--flag=dir, but not a bare flag or URL",
      stdio(["--root=/abs", "-d", "file:///abs"]),
      [...session, "/abs"],
    ],
    ["roots: false declares none", stdio(["/srv/docs"], { roots: false }), false],
    ["roots: [dirs] exactly those", stdio(["/srv/docs"], { roots: ["/abs"] }), ["/abs"]],
    [
      "a remote server gets the session's",
      { transport: "http", url: "https://x", headers: {}, fallbackToSse: true, disabled: false, ...DEFAULTS },
      session,
    ],
  ])("%s", (_what, config, dirs) => {
    const spawnDir = config.transport === "stdio" ? (config.cwd ?? "/run/here") : "/run/here";
    expect(serverRootDirs(config, session, spawnDir, isDir, "/home/u")).toEqual(dirs);
  });
});
