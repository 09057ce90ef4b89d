// What `codeagent mcp list` loads (issue 32 item 9): a listing must not pay for the agent, the terminal UI, the
// model providers, the tokenizer, code mode's engine or the bash sandbox's shell parser; with nothing configured
// not even for the MCP SDK or zod. The module list comes from a resolve hook in the real CLI process; the CLI runs
// from its bundle (scripts/build-cli.mjs), so each chunk it loaded stands for the sources and packages compiled
// into it (the bundle's meta.json). This checks what loads, never how long it takes (timings are in `npm run
// bench`'s CLI rows).
import { existsSync, mkdirSync, readdirSync, readFileSync } from "node:fs";
import module from "node:module";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";
import { nodeServer, ROOT, sandbox, type Sandbox } from "../helpers/env.js";

const TRACE = pathToFileURL(join(ROOT, "test", "fixtures", "module-trace.mjs")).href;

/** Loaded by nothing `mcp list` does. */
const NEVER_FOR_LIST = [
  "node_modules/ink/",
  "node_modules/react/",
  "node_modules/gpt-tokenizer/",
  "node_modules/ai/",
  "node_modules/@ai-sdk/",
  "node_modules/mvdan-sh/",
  "node_modules/quickjs-emscripten-core/",
  "node_modules/@jitl/",
  "node_modules/jimp/",
  "node_modules/marked/",
  "node_modules/node-html-markdown/",
  "node_modules/diff/",
  "src/core/agent/",
  "src/cli/interactive/",
  "src/core/code-mode/execute-code.ts",
  "src/core/code-mode/isolate.ts",
];
/** Besides those, with no config file at all (node:crypto: the local file's path is hashed only if it may exist). */
const NEVER_WHEN_EMPTY = [
  "node_modules/@modelcontextprotocol/",
  "node_modules/zod/",
  "src/core/host/",
  "node:crypto",
];

const BUNDLE = "dist/cli-bundle/";

/** What each chunk of the CLI's bundle holds: the sources and package files with code in it. */
function chunkInputs(): Map<string, string[]> {
  const meta = JSON.parse(readFileSync(join(ROOT, BUNDLE, "meta.json"), "utf8")) as {
    outputs: Record<string, { inputs: Record<string, { bytesInOutput: number }> }>;
  };
  return new Map(
    Object.entries(meta.outputs).map(([chunk, o]) => [
      chunk,
      Object.entries(o.inputs)
        .filter(([, i]) => i.bytesInOutput > 0)
        .map(([input]) => input),
    ]),
  );
}

/**
 * The modules the CLI process itself resolved, relative to the repository (servers' own lines left out), each
 * chunk of the bundle replaced by what it holds.
 */
async function modulesOfList(sb: Sandbox): Promise<{ stdout: string; modules: string[] }> {
  const trace = join(sb.dir, "modules.txt");
  let pid = 0;
  const r = await runCli(sb, ["mcp", "list"], {
    env: { NODE_OPTIONS: `--import ${TRACE}`, MODULE_TRACE_FILE: trace },
    onSpawn: (p) => (pid = p),
  });
  expect(r.code).toBe(0);
  const root = pathToFileURL(ROOT).href;
  const modules = readFileSync(trace, "utf8")
    .split("\n")
    .filter((l) => l.startsWith(`${pid} `))
    .map((l) => l.slice(l.indexOf(" ") + 1).replace(root, ""));
  const chunks = chunkInputs();
  const expanded = modules.flatMap((m) => {
    if (!m.startsWith(BUNDLE)) return [m];
    const inputs = chunks.get(m);
    if (inputs === undefined) throw new Error(`${m} is not in ${BUNDLE}meta.json: run npm run build`);
    return inputs;
  });
  return { stdout: r.stdout, modules: [...new Set(expanded)] };
}

const matching = (modules: string[], prefixes: string[]) =>
  modules.filter((m) => prefixes.some((p) => m.startsWith(p)));

describe("what mcp list loads", () => {
  it("with one server: the SDK and the host, and none of the agent's parts", async () => {
    const sb = sandbox();
    sb.writeJson(join(sb.env.CODEAGENT_HOME!, "mcp.json"), { mcpServers: { echo: nodeServer("echo.mjs") } });
    const { stdout, modules } = await modulesOfList(sb);
    expect(stdout).toContain("echo");
    // The trace saw the listing's own path (else an empty list would pass anything).
    expect(
      matching(modules, ["src/cli/commands/mcp-list.ts", "node_modules/@modelcontextprotocol/client/"]),
    ).not.toEqual([]);
    expect(matching(modules, NEVER_FOR_LIST)).toEqual([]);
  });

  it("with nothing configured: not even the SDK, zod or the host", async () => {
    const sb = sandbox();
    const { stdout, modules } = await modulesOfList(sb);
    expect(stdout).toContain("No MCP servers configured");
    expect(modules).toContain("src/cli/commands/mcp-list.ts");
    expect(matching(modules, [...NEVER_FOR_LIST, ...NEVER_WHEN_EMPTY])).toEqual([]);
  });

  it("keeps the compiled modules in Node's compile cache, where Node has one (22.1 and later)", async () => {
    const sb = sandbox();
    delete sb.env.NODE_COMPILE_CACHE; // the suite's own cache would turn it on without the CLI's call
    const tmp = join(sb.dir, "tmp");
    mkdirSync(tmp);
    const r = await runCli(sb, ["mcp", "list"], { env: { TMPDIR: tmp } });
    expect(r.code).toBe(0);
    const dir = join(tmp, "node-compile-cache"); // Node's default folder, under os.tmpdir()
    const cached = existsSync(dir) ? readdirSync(dir, { recursive: true }).length : 0;
    expect(cached > 1).toBe("enableCompileCache" in module);
  });
});
