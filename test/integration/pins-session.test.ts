// Pins that do not depend on where or how the session runs (§16, issues 32.3 and 24.5): a description naming the
// working directory (as Figma's server's does) is the same pin from any project, and a tool a server lists only
// to clients declaring a capability (server-everything's URL-elicitation tool) is neither "no longer listed" nor
// "new" when the session switches between the interactive one (URL elicitation declared) and `-p` (not).
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { assembleHost, type AssembledHost } from "../../src/core/host/create-host.js";
import { resolveHostOptions } from "../../src/core/host/options.js";
import { askingClients } from "../../src/core/mcp/connection/elicitation.js";
import type { ManagerOptions } from "../../src/core/mcp/servers/manager.js";
import { fixture, ROOT, sandbox, type Sandbox } from "../helpers/env.js";

const hosts: AssembledHost[] = [];
afterEach(async () => {
  await Promise.all(hosts.splice(0).map((h) => h.close()));
});

const EVERYTHING = join(ROOT, "node_modules/@modelcontextprotocol/server-everything/dist/index.js");

/** One session: a host over the same config file and home, started from `cwd`, with the given manager parts. */
async function session(sb: Sandbox, file: string, cwd: string, manager: Partial<ManagerOptions> = {}) {
  const env = { ...sb.env, PROJECT_DIR: cwd };
  const options = resolveHostOptions({ cwd, env, configFiles: [file], userConfig: false });
  const host = assembleHost(options, { manager });
  hosts.push(host);
  await host.start({ waitMs: 30_000 });
  return host;
}

const interactive = (): Partial<ManagerOptions> =>
  askingClients(() => () => Promise.resolve({ action: "decline" }));

describe("pins across sessions", () => {
  it("a description naming the working directory is no change from another project", async () => {
    const sb = sandbox();
    // Started in the session's project directory, as the CLI starts it (the entry as written stays the same).
    const file = sb.writeJson("cfg.json", {
      mcpServers: {
        figma: { command: process.execPath, args: [fixture("cwd-description.mjs")], cwd: "${PROJECT_DIR}" },
      },
    });
    const other = join(sb.dir, "other-project");
    mkdirSync(other);
    const first = await session(sb, file, sb.project);
    expect(first.tools().map((t) => t.name)).toContain("mcp__figma__download_figma_images");
    await first.close();
    const second = await session(sb, file, other);
    expect(second.toolPins.changes("figma")).toEqual([]);
    expect(
      second
        .tools()
        .map((t) => t.name)
        .sort(),
    ).toEqual(["mcp__figma__download_figma_images", "mcp__figma__get_figma_data"]);
    // The model still reads the description as the server wrote it, with the real path.
    const tool = second.tools().find((t) => t.name === "mcp__figma__download_figma_images");
    expect(tool?.description).toContain(other);
  });

  it("server-everything's capability-dependent tool makes no noise between interactive and -p", async () => {
    const sb = sandbox();
    const file = sb.writeJson("cfg.json", {
      mcpServers: { everything: { command: process.execPath, args: [EVERYTHING, "stdio"] } },
    });
    const names = (h: AssembledHost) => h.tools().map((t) => t.tool);
    // -p first (URL elicitation not declared), then interactive, then -p again, then interactive again.
    const p1 = await session(sb, file, sb.project);
    expect(names(p1)).not.toContain("trigger-url-elicitation");
    await p1.close();
    const i1 = await session(sb, file, sb.project, interactive());
    expect(names(i1)).toContain("trigger-url-elicitation");
    expect(i1.toolPins.changes("everything")).toEqual([]);
    await i1.close();
    const p2 = await session(sb, file, sb.project);
    expect(p2.toolPins.changes("everything")).toEqual([]);
    await p2.close();
    const i2 = await session(sb, file, sb.project, interactive());
    expect(i2.toolPins.changes("everything")).toEqual([]);
  });

  it("interactive first, then -p: the URL-elicitation tool is not reported removed", async () => {
    const sb = sandbox();
    const file = sb.writeJson("cfg.json", {
      mcpServers: { everything: { command: process.execPath, args: [EVERYTHING, "stdio"] } },
    });
    const i1 = await session(sb, file, sb.project, interactive());
    await i1.close();
    const p1 = await session(sb, file, sb.project);
    expect(p1.toolPins.changes("everything")).toEqual([]);
  });
});
