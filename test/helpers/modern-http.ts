// Starts the 2026-07-28-only fixture (test/fixtures/servers/modern.mjs) over Streamable HTTP on a free port;
// the caller kills the returned child.
import { spawn, type ChildProcess } from "node:child_process";
import { fixture } from "./env.js";

export function startModernHttp(env: Record<string, string> = {}): {
  child: ChildProcess;
  url: Promise<string>;
  /** Everything it printed on stdout so far. */
  output: () => string;
} {
  const child = spawn(process.execPath, [fixture("modern.mjs"), "http"], {
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, ...env },
  });
  let out = "";
  const url = new Promise<string>((resolve, reject) => {
    child.stdout.on("data", (d: Buffer) => {
      out += d.toString();
      const m = /PORT (\d+)/.exec(out);
      if (m) resolve(`http://127.0.0.1:${m[1]}/mcp`);
    });
    child.on("exit", (code) => reject(new Error(`modern.mjs http exited ${code}: ${out}`)));
  });
  return { child, url, output: () => out };
}
