// The stdio transport spawns through cross-spawn (so `npx`/`.cmd` launchers work on Windows without a shell),
// with the options that keep our process-group kill and stderr handling, and passes arguments through verbatim.
import type { JSONRPCMessage } from "@modelcontextprotocol/client";
import { afterEach, describe, expect, it, vi } from "vitest";
import { childEnv } from "./child-env.js";
import { StdioTransport } from "./transport.js";

// A pass-through spy: the real cross-spawn runs, the test sees how it was called.
const spawned = vi.hoisted(() => [] as unknown[][]);
vi.mock("cross-spawn", async (importOriginal) => {
  const real = (await importOriginal<{ default: (...a: unknown[]) => unknown }>()).default;
  return {
    default: (...a: unknown[]) => {
      spawned.push(a);
      return real(...a);
    },
  };
});

const transports: StdioTransport[] = [];
afterEach(async () => {
  await Promise.all(transports.splice(0).map((t) => t.close()));
  spawned.length = 0;
});

// Prints its own argv as one JSON-RPC notification, then waits to be ended.
const SCRIPT = `process.stdout.write(JSON.stringify({jsonrpc:"2.0",method:"argv",params:{argv:process.argv.slice(1)}})+"\\n"); setInterval(()=>{},1000)`;
// What a shell would expand, split or run, and what cmd.exe would mangle without quoting.
const TRICKY = [
  "two words",
  '"quoted"',
  "$HOME",
  "a && echo DANGER",
  "*.ts",
  "back\\slash\\",
  "100%",
  "^caret",
  "",
];

describe("stdio spawn", () => {
  it("goes through cross-spawn, detached and without a shell, and the server gets every argument verbatim", async () => {
    const env = childEnv(process.env, {});
    const t = new StdioTransport({ command: process.execPath, args: ["-e", SCRIPT, ...TRICKY], env });
    transports.push(t);
    const got = new Promise<JSONRPCMessage>((resolve) => (t.onmessage = (m) => resolve(m)));
    await t.start();
    expect(spawned).toEqual([
      [
        process.execPath,
        ["-e", SCRIPT, ...TRICKY],
        { env, cwd: undefined, detached: true, stdio: "pipe", windowsHide: true },
      ],
    ]);
    expect(await got).toEqual({ jsonrpc: "2.0", method: "argv", params: { argv: TRICKY } });
  }, 20_000);
});
