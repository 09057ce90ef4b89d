// The layering lint (eslint/layering.js): the pure decision on a table of imports, and the real ESLint config
// reporting a violation in a core file, so `npm run check` fails on one.
import { join } from "node:path";
import { ESLint } from "eslint";
import tseslint from "typescript-eslint";
import { describe, expect, it } from "vitest";
import { cliImportViolation, layeringViolation } from "../../eslint/layering.js";
import { ROOT } from "../helpers/env.js";

const CORE = join(ROOT, "src", "core");
const at = (p: string) => join(CORE, p);
const above = (to: string, from: string) =>
  `src/core/${to} sits above src/core/${from} in the layering (eslint/layering.js): a lower folder never imports a higher one`;
const beside = (to: string, from: string) =>
  `src/core/${to} sits beside src/core/${from} in the layering (eslint/layering.js): a lower folder never imports a higher one`;

describe("layeringViolation", () => {
  it.each([
    // [importing file, imported path, expected]
    ["fs/atomic-write.ts", "errors.ts", undefined],
    ["fs/atomic-write.ts", "agent/loop.ts", above("agent", "fs")],
    ["fs/file-lock.ts", "config/load.ts", above("config", "fs")],
    ["search/index.ts", "fs/atomic-write.ts", undefined],
    ["search/index.ts", "tools/registry.ts", above("tools", "search")],
    ["search/index.ts", "mcp/manager.ts", above("mcp", "search")],
    ["session/store.ts", "fs/atomic-write.ts", undefined],
    ["session/store.ts", "agent/loop.ts", above("agent", "session")],
    ["session/store.ts", "search/index.ts", beside("search", "session")],
    ["text/strip.ts", "errors.ts", above("errors.ts", "text")],
    ["diff/lines.ts", "text/strip.ts", beside("text", "diff")],
    ["schema/sanitize.ts", "text/strip.ts", undefined],
    ["mcp/manager.ts", "config/load.ts", undefined],
    ["mcp/manager.ts", "permissions/gate.ts", beside("permissions", "mcp")],
    ["mcp/manager.ts", "tools/registry.ts", above("tools", "mcp")],
    ["config/load.ts", "mcp/manager.ts", above("mcp", "config")],
    ["permissions/gate.ts", "settings.ts", above("settings.ts", "permissions")],
    ["pinning/pins.ts", "mcp/manager.ts", undefined],
    ["pinning/pins.ts", "host/create-host.ts", above("host", "pinning")],
    ["tools/registry.ts", "host/create-host.ts", above("host", "tools")],
    ["host/create-host.ts", "tools/registry.ts", undefined],
    // The agent is composed in core/host, over the agent folder; the agent never reaches back.
    ["host/agent-setup.ts", "agent/loop.ts", undefined],
    ["agent/loop.ts", "host/create-host.ts", above("host", "agent")],
    ["gateway/gateway.ts", "host/create-host.ts", undefined],
    ["host/create-host.ts", "gateway/gateway.ts", above("gateway", "host")],
    ["index.ts", "agent/loop.ts", undefined],
    // Paths are resolved: from mcp/oauth/, "../config" is mcp/config, and "../../config" is the config folder.
    ["mcp/oauth/store.ts", "mcp/config/x.ts", undefined],
    ["mcp/oauth/store.ts", "tools/registry.ts", above("tools", "mcp")],
    ["mcp/manager.ts", "mcp/oauth/store.ts", undefined],
    ["agent/loop.ts", "../cli/render.ts", "the core never imports the CLI (src/cli)"],
    ["agent/loop.ts", "../../package.json", undefined],
    [
      "widgets/x.ts",
      "fs/atomic-write.ts",
      "src/core/widgets has no layer: add it to LAYERS in eslint/layering.js",
    ],
  ])("%s importing %s", (from, to, expected) => {
    expect(layeringViolation(CORE, at(from), at(to))).toBe(expected);
  });
});

const CLI_RULE =
  "the CLI takes only types from src/core/mcp (import type); reach the MCP layer through src/core/host";

describe("cliImportViolation", () => {
  it.each([
    // [imported path under src/core, import type?, expected]
    ["mcp/servers/manager.ts", true, undefined],
    ["mcp/servers/manager.ts", false, CLI_RULE],
    ["mcp/oauth/browser.ts", false, CLI_RULE],
    ["host/create-host.ts", false, undefined],
    ["tools/registry.ts", false, undefined],
    ["mcpx/y.ts", false, undefined],
  ])("%s (type only: %s)", (to, typeOnly, expected) => {
    expect(cliImportViolation(at(to), typeOnly)).toBe(expected);
  });
});

describe("the ESLint config", () => {
  // The real config with type information off: this test lints text that is not a file of the project.
  const eslint = new ESLint({ cwd: ROOT, overrideConfig: [tseslint.configs.disableTypeChecked] });
  const lint = async (file: string, code: string) => {
    const [result] = await eslint.lintText(code, { filePath: at(file) });
    return result!.messages.map((m) => ({ ruleId: m.ruleId, message: m.message }));
  };

  it("fails a core file that imports a higher folder, and names the layering", async () => {
    expect(
      await lint("fs/layer-probe.ts", 'import { x } from "../agent/loop.js";\nexport const y = x;\n'),
    ).toEqual([{ ruleId: "layering/core-layers", message: `"../agent/loop.js": ${above("agent", "fs")}` }]);
    expect(
      await lint("session/layer-probe.ts", 'export { ToolRegistry } from "../tools/registry.js";\n'),
    ).toEqual([
      { ruleId: "layering/core-layers", message: `"../tools/registry.js": ${above("tools", "session")}` },
    ]);
  }, 60_000);

  it("lets a higher folder import a lower one, and tests reach across", async () => {
    expect(
      await lint("agent/layer-probe.ts", 'export { atomicWrite } from "../fs/atomic-write.js";\n'),
    ).toEqual([]);
    expect(await lint("fs/layer-probe.test.ts", 'export { runAgent } from "../agent/loop.js";\n')).toEqual(
      [],
    );
  }, 60_000);

  it("lets the CLI take only types from core/mcp", async () => {
    const cli = (f: string) => join("..", "cli", f);
    expect(
      await lint(
        cli("commands/layer-probe.ts"),
        'export { ToolCache } from "../../core/mcp/servers/tool-cache.js";\n',
      ),
    ).toEqual([
      {
        ruleId: "layering/cli-mcp-types",
        message: `"../../core/mcp/servers/tool-cache.js": ${CLI_RULE}`,
      },
    ]);
    expect(
      await lint(
        cli("commands/layer-probe.ts"),
        'import type { McpManager } from "../../core/mcp/servers/manager.js";\nexport type M = McpManager;\n',
      ),
    ).toEqual([]);
  }, 60_000);
});
