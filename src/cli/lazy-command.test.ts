// The real program built lazily (as the CLI runs it) against the same program built eagerly with commander's own
// Command: every help text, every parse and every usage error must be the same; only when options register differs.
import { Command, CommanderError } from "commander";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { buildProgram } from "./main.js";

const lazy = () => buildProgram(() => undefined);
const eager = () =>
  buildProgram(
    () => undefined,
    undefined,
    (name) => new Command(name),
  );

/** Every command of the tree as its path of names, the root as []. */
function paths(cmd: Command, at: string[] = []): string[][] {
  return [at, ...cmd.commands.flatMap((c) => paths(c, [...at, c.name()]))];
}

function find(root: Command, path: string[]): Command {
  let cmd = root;
  for (const name of path) {
    const next = cmd.commands.find((c) => c.name() === name);
    if (next === undefined) throw new Error(`no command ${path.join(" ")}`);
    cmd = next;
  }
  return cmd;
}

/** What parsing `argv` yields: the options of the command whose action would run (stopped before it), or the error. */
async function outcome(program: Command, argv: string[]): Promise<unknown> {
  program.hook("preAction", (_p, action) => {
    throw Object.assign(new Error("stopped before the action"), { opts: action.optsWithGlobals() });
  });
  try {
    await program.parseAsync(argv, { from: "user" });
    return "no action";
  } catch (e) {
    if (e instanceof CommanderError) return { code: e.code, message: e.message };
    return (e as { opts: unknown }).opts;
  }
}

beforeEach(() => {
  vi.spyOn(process.stderr, "write").mockImplementation(() => true);
  vi.spyOn(process.stdout, "write").mockImplementation(() => true);
});
afterEach(() => vi.restoreAllMocks());

describe("the program's options, registered lazily", () => {
  it.each(paths(eager()).map((p) => [p.join(" ") || "(root)", p]))(
    "help of %s is what the eagerly built program prints",
    (_label, path) => {
      // A fresh program for each: its first help is the one that registers the tree.
      expect(find(lazy(), path).helpInformation()).toBe(find(eager(), path).helpInformation());
    },
  );

  it.each([
    [["mcp", "add", "x", "-s", "project", "-e", "A=1", "-e", "B=2", "--force", "--json", "--", "npx", "y"]],
    [["mcp", "add-json", "x", "{}"]],
    [["mcp", "login", "x", "--no-browser"]],
    [["mcp", "login", "x"]],
    [["--yes", "mcp", "logs", "x", "-n", "3", "--mcp-config", "a.json", "--mcp-config", "b.json"]],
    [["mcp", "serve", "--http", "9000", "--allow-origin", "o1", "--no-auth"]],
    [["mcp", "call", "a__b", "{}", "--allow", "x*", "--deny", "y*"]],
    [["mcp", "add", "x", "--scope"]],
    [["mcp", "serve", "--htp", "1"]],
    [["mcp", "logs"]],
    [["mcp", "lst"]],
    [["skills", "approve", "--all", "--bogus"]],
    [["hooks", "list", "--json"]],
  ])("%j parses the same", async (argv) => {
    const got = await outcome(lazy(), argv);
    expect(got).toEqual(await outcome(eager(), argv));
    expect(got).not.toBe("no action");
  });

  it("a run registers only the options of the commands it parses", async () => {
    const program = lazy();
    await outcome(program, ["mcp", "logs", "x", "-n", "3"]);
    expect(find(program, ["mcp", "logs"]).options.map((o) => o.long)).toEqual(["--lines"]);
    expect(find(program, ["mcp", "serve"]).options).toEqual([]);
    expect(find(program, ["mcp", "add"]).options).toEqual([]);
    // Help registers the rest.
    find(program, ["mcp"]).helpInformation();
    expect(find(program, ["mcp", "serve"]).options.length).toBe(
      find(eager(), ["mcp", "serve"]).options.length,
    );
  });
});
