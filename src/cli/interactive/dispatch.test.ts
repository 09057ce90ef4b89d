import { describe, expect, it } from "vitest";
import { ToolRegistry } from "../../core/tools/registry.js";
import { parseSlash } from "./commands.js";
import { runCommand, type Outcome } from "./dispatch.js";
import { FakeManager, snapshot } from "./testing/fake-host.js";

const ready = { status: "ready" as const, since: 0 };
const prompts = { prompts: [{ name: "greet", arguments: [{ name: "name", required: true }] }] };

function setup() {
  const manager = new FakeManager([
    snapshot("alpha", ready, { lists: { ...snapshot("x", ready).lists, ...prompts } }),
    snapshot("off", { status: "disabled" }),
  ]);
  const run = (line: string) => runCommand(parseSlash(line)!, { manager, registry: new ToolRegistry() });
  return { manager, run };
}
const notice = (level: "info" | "error", text: string): Outcome => ({
  kind: "items",
  items: [{ kind: "notice", level, text }],
});

describe("runCommand", () => {
  it("names the configured servers when a server is unknown", async () => {
    const { run } = setup();
    expect(await run("/mcp logs nope")).toEqual(
      notice("error", 'no MCP server named "nope"; configured: alpha, off'),
    );
  });

  it("/mcp logs shows the last lines, or says there are none", async () => {
    const { manager, run } = setup();
    expect(await run("/mcp logs alpha")).toEqual(notice("info", "alpha: no log lines yet"));
    for (let i = 0; i < 40; i++) manager.log("alpha").stderr(`line ${i}\x1b[31m!`);
    const out = await run("/mcp logs alpha");
    const view = out.kind === "items" && out.items[0]?.kind === "view" ? out.items[0].view : undefined;
    const lines = view?.type === "logs" ? view.lines.map((l) => l.text) : [];
    expect([view?.type, lines.length, lines[0], lines.at(-1)]).toEqual(["logs", 30, "line 10!", "line 39!"]);
  });

  it("refresh, enable and disable check the state first", async () => {
    const { manager, run } = setup();
    expect(await run("/mcp refresh off")).toEqual(notice("error", "off is disabled; /mcp enable it first"));
    expect(await run("/mcp enable alpha")).toEqual(notice("info", "alpha is not disabled (it is ready)"));
    expect(await run("/mcp disable off")).toEqual(notice("info", "off is already disabled"));
    expect(await run("/mcp refresh alpha")).toEqual(notice("info", "restarting alpha…"));
    expect(await run("/mcp refresh")).toEqual(notice("info", "restarting every enabled server…"));
    expect(manager.actions).toEqual(["refresh alpha", "refresh *"]);
  });

  it("a prompt command checks the prompt and its arguments before asking the server", async () => {
    const { run } = setup();
    expect(await run("/mcp__alpha__nope")).toEqual(
      notice("error", 'alpha has no prompt "nope"; its prompts: greet'),
    );
    expect(await run("/mcp__alpha__greet")).toEqual(
      notice("error", "/mcp__alpha__greet needs name; usage: /mcp__alpha__greet <name>"),
    );
    // The stand-in has no connection: the failure is shown, never thrown.
    expect(await run("/mcp__alpha__greet Ada")).toEqual(
      notice("error", 'server "alpha" is not connected in this test'),
    );
  });

  it("clear and exit are session actions", async () => {
    const { run } = setup();
    expect([await run("/clear"), await run("/exit")]).toEqual([{ kind: "clear" }, { kind: "exit" }]);
  });
});
