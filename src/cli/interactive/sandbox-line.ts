// What `/mcp` shows of a server's OS sandbox (§18.3), as `mcp get` does: its mode and policy in one line, or
// why it is off. Built from the session's context (home, project, --add-dir).
import { dirname } from "node:path";
import type { ServerSnapshot } from "../../core/mcp/servers/state.js";
import { codeagentHome, userHome } from "../../core/paths.js";
import { serverSandboxView } from "../../core/sandbox/server-sandbox.js";
import type { ResolvedHost } from "../../core/host/options.js";
import { stripControlLine } from "../../core/text/strip.js";

export function sandboxLine(
  ctx: Pick<ResolvedHost, "env" | "cwd"> & { host: Pick<ResolvedHost, "homeEnv" | "addDirs"> },
): (snap: Pick<ServerSnapshot, "name" | "scope" | "definition" | "source">) => string {
  const context = {
    home: userHome(ctx.env),
    codeagentHome: codeagentHome(ctx.host.homeEnv),
    projectDir: ctx.cwd,
    addDirs: ctx.host.addDirs,
  };
  return (s) => {
    const c = s.definition.config;
    const view = serverSandboxView(
      {
        name: s.name,
        scope: s.scope,
        setting: c?.sandbox,
        baseDir: s.definition.baseDir ?? dirname(s.source),
      },
      c?.transport === "stdio" ? c : undefined,
      context,
    );
    return stripControlLine(view.text);
  };
}
