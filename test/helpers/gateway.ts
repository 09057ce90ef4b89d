// Starts `codeagent mcp serve` (the built CLI) as a user would, in a sandbox; for HTTP it waits for the
// "listening" log line and gives the URL. The caller stops it with stop() (SIGTERM) and reads its log.
import { spawn, type ChildProcess } from "node:child_process";
import { chmodSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fixture, nodeServer, ROOT, sandbox, type Sandbox } from "./env.js";

export const CLI = join(ROOT, "bin", "codeagent.js");

export interface RunningGateway {
  child: ChildProcess;
  url: string;
  log: () => string;
  /** SIGTERM, then the exit code. */
  stop(): Promise<number | null>;
}

export function gatewayArgs(cfg: string, extra: string[]): string[] {
  return [CLI, "mcp", "serve", "--strict-mcp-config", "--mcp-config", cfg, ...extra];
}

/** How a stdio client starts the gateway in the sandbox: the options both SDKs' `StdioClientTransport` take. */
export function gatewayStdio(sb: Sandbox, cfg: string, extra: string[] = []) {
  return {
    command: process.execPath,
    args: gatewayArgs(cfg, extra),
    env: sb.env,
    cwd: sb.project,
    stderr: "ignore" as const,
  };
}

/** A sandbox whose one server, `t`, is the task fixture in its 2025-11-25 form. */
export function tasksSetup(): { sb: Sandbox; cfg: string } {
  const sb = sandbox();
  const cfg = sb.writeJson("servers.json", {
    mcpServers: { t: nodeServer("tasks.mjs", {}, { args: [fixture("tasks.mjs"), "stdio", "legacy"] }) },
  });
  return { sb, cfg };
}

export function startGateway(sb: Sandbox, cfg: string, extra: string[], env: Record<string, string> = {}) {
  const child = spawn(process.execPath, gatewayArgs(cfg, extra), {
    cwd: sb.project,
    env: { ...sb.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let err = "";
  const exited = new Promise<number | null>((r) => child.on("exit", (code) => r(code)));
  const url = new Promise<string>((resolve, reject) => {
    child.stderr.on("data", (d: Buffer) => {
      err += d.toString();
      const m = /"event":"listening".*?"url":"([^"]+)"/.exec(err);
      if (m) resolve(m[1] as string);
    });
    void exited.then((code) => reject(new Error(`mcp serve exited ${code}:\n${err}`)));
  });
  return url.then((u): RunningGateway => ({
    child,
    url: u,
    log: () => err,
    stop: () => {
      child.kill("SIGTERM");
      return exited;
    },
  }));
}

/** An owner-only token file. */
export function tokenFile(sb: Sandbox, lines: string[]): string {
  const file = join(sb.dir, "tokens");
  writeFileSync(file, `${lines.join("\n")}\n`);
  chmodSync(file, 0o600);
  return file;
}
