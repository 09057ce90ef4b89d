// The UI against the real manager and registry, with fixture MCP servers (no stand-ins for the MCP side).
import { render } from "ink-testing-library";
import { afterEach, describe, expect, it, vi } from "vitest";
import { hostFor } from "../../../test/helpers/manager.js";
import { nodeServer, sandbox } from "../../../test/helpers/env.js";
import type { McpManager } from "../../core/mcp/servers/manager.js";
import { App } from "./App.js";
import type { SessionHost } from "./host.js";
import { PermissionQueue } from "./permission-queue.js";
import { ScriptedAgent } from "./testing/fake-host.js";

const tick = () => new Promise((res) => setTimeout(res, 50));
let cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanup) await c();
  cleanup = [];
});

function session(servers: Record<string, unknown>, agent?: ScriptedAgent) {
  const sb = sandbox();
  const { manager, registry }: { manager: McpManager; registry: SessionHost["registry"] } = hostFor(
    sb,
    servers,
  );
  const host: SessionHost = {
    manager,
    registry,
    ...(agent !== undefined && { agent, model: "test:model" }),
    approve: () => undefined,
  };
  const ui = render(<App host={host} permissions={new PermissionQueue()} onExit={() => undefined} />);
  cleanup.push(async () => {
    ui.unmount();
    await manager.shutdown();
  });
  const frame = () => ui.lastFrame() ?? "";
  const command = async (line: string) => {
    ui.stdin.write(line);
    await tick();
    ui.stdin.write("\r");
    await tick();
  };
  return { manager, frame, command };
}

describe("interactive session with real MCP servers", () => {
  it("shows servers starting, then ready or failed, and lists their tools", async () => {
    const s = session({
      echo: nodeServer("echo.mjs"),
      broken: nodeServer("exit-immediately.mjs"),
    });
    // The first screen is up before any server has answered.
    expect(s.frame()).toContain("MCP 0 ready · 2 starting");
    void s.manager.start({ waitMs: 0 });
    await vi.waitFor(() => expect(s.frame()).toContain("MCP 1 ready · 1 failed"), { timeout: 15_000 });
    await s.command("/tools");
    await vi.waitFor(() => expect(s.frame()).toContain("mcp__echo__echo"));
    expect(s.frame()).toMatch(/echo \(\d+ tools \+ \d+ resource\/prompt tools\)/);
    await s.command("/mcp");
    await vi.waitFor(() => expect(s.frame()).toMatch(/broken\s+cli\s+failed/));
    await s.command("/mcp logs echo");
    await vi.waitFor(() => expect(s.frame()).toContain("Log of echo"));
    expect(s.frame()).toMatch(/stderr ready/);
  });

  it("an MCP prompt command sends the rendered prompt to the agent", async () => {
    const agent = new ScriptedAgent(async (_input, { emit }) => {
      emit({ type: "text-delta", text: "Hi Ada." });
    });
    const s = session({ echo: nodeServer("echo.mjs") }, agent);
    await s.manager.start({ waitMs: 15_000 });
    await s.command("/mcp__echo__greet Ada");
    await vi.waitFor(() => expect(agent.inputs).toEqual(["Hello, Ada!"]));
    await vi.waitFor(() => expect(s.frame()).toContain("● Hi Ada."));
    expect(s.frame()).toContain("❯ /mcp__echo__greet Ada");
    await s.command("/mcp__echo__greet");
    await vi.waitFor(() =>
      expect(s.frame()).toContain("/mcp__echo__greet needs name; usage: /mcp__echo__greet <name>"),
    );
  });
});
