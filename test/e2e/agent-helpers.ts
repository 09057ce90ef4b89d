// Shared set-up of the agent end-to-end tests: a sandbox with the echo and probe MCP servers, a scripted
// model server, and `codeagent -p` runs pointed at it.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { startModelServer, type ModelServer, type Script } from "../fixtures/model-server.js";
import { runCli, type CliRun } from "../helpers/cli.js";
import { nodeServer, sandbox, type Sandbox } from "../helpers/env.js";

export interface AgentSandbox {
  sb: Sandbox;
  model: ModelServer;
  config: string;
  probeLog: string;
  /** Lines the probe server wrote, without its pid line. */
  probe(): string[];
  probePid(): number | undefined;
  /** `codeagent -p PROMPT --model openai-compatible:scripted --base-url … --mcp-config …` plus `args`. */
  run(prompt: string, args?: string[], opts?: Parameters<typeof runCli>[2]): Promise<CliRun>;
}

export async function agentSandbox(
  script: Script,
  servers: "both" | "probe" = "both",
): Promise<AgentSandbox> {
  const sb = sandbox();
  const model = await startModelServer(script);
  const probeLog = join(sb.dir, "probe.log");
  const config = sb.writeJson("agent-mcp.json", {
    mcpServers: {
      ...(servers === "both" && { echo: nodeServer("echo.mjs") }),
      probe: nodeServer("agent-probe.mjs", { PROBE_LOG: probeLog }),
    },
  });
  const lines = () =>
    existsSync(probeLog)
      ? readFileSync(probeLog, "utf8")
          .split("\n")
          .filter((l) => l !== "")
      : [];
  return {
    sb,
    model,
    config,
    probeLog,
    probe: () => lines().filter((l) => !l.startsWith("pid ")),
    probePid: () => {
      const l = lines().find((x) => x.startsWith("pid "));
      return l === undefined ? undefined : Number(l.slice(4));
    },
    run: (prompt, args = [], opts = {}) =>
      runCli(
        sb,
        [
          "-p",
          prompt,
          "--model",
          "openai-compatible:scripted",
          "--base-url",
          `${model.url}/v1`,
          "--mcp-config",
          config,
          ...args,
        ],
        opts,
      ),
  };
}

// The default is a safety net for an end-to-end event (a CLI started, asked the model and called a server):
// with the full suite and other work on two cores that took over 10 s. A wait for promptness passes its own.
export async function waitFor(check: () => boolean, timeoutMs = 60_000): Promise<void> {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > timeoutMs) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 25));
  }
}
