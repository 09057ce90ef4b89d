// One adapter per client, each used the way a host using that library would use it. `load()` does the imports
// (timed on its own by the worker); `startStdio` starts N servers until all their tools are usable;
// `connectOne` opens one connection (stdio or Streamable HTTP) for the per-call measurements.
import { mkdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

// CODEAGENT_BENCH_DIST points at another build (a directory inside the repo, so that packages resolve) for A/B runs.
const DIST =
  process.env.CODEAGENT_BENCH_DIST !== undefined
    ? pathToFileURL(`${resolve(process.env.CODEAGENT_BENCH_DIST)}/`)
    : new URL("../../dist/", import.meta.url);
const dist = (p) => import(new URL(p, DIST).href);
const CLIENT_INFO = { name: "bench", version: "1.0.0" };

/** Our host, built through the composition root the CLI and the library use (core/host). */
async function loadOurs() {
  const [create, options] = await Promise.all([
    dist("core/host/create-host.js"),
    dist("core/host/options.js"),
  ]);
  return { ...create, ...options };
}

/** Writes the config file a user would have; not part of the timed work. */
export function writeOurConfig(home, servers) {
  mkdirSync(home, { recursive: true });
  const file = join(home, "bench-mcp.json");
  const mcpServers = Object.fromEntries(
    servers.map((s) => [
      s.name,
      s.url !== undefined ? { type: "http", url: s.url } : { command: s.command, args: s.args },
    ]),
  );
  writeFileSync(file, JSON.stringify({ mcpServers }));
  return file;
}

function ourHost(m, { home, configFile }) {
  const cwd = join(home, "project");
  mkdirSync(cwd, { recursive: true });
  const options = m.resolveHostOptions({
    cwd,
    home,
    env: { ...process.env, CODEAGENT_HOME: home },
    configFiles: [configFile],
  });
  return m.assembleHost(options);
}

/** Resolves when the registry holds `expected` tools; also returns the count and whether they came from cache. */
function registeredTools(host, expected) {
  const counts = new Map();
  return new Promise((resolve) => {
    const check = (server) => {
      if (server === undefined) return;
      counts.set(server, host.registry.serverTools(server).length);
      let total = 0;
      for (const c of counts.values()) total += c;
      if (total >= expected) {
        host.registry.off("changed", check);
        const fromCache = host.manager.snapshots().every((s) => s.lists.fromCache);
        resolve({ tools: total, fromCache });
      }
    };
    host.registry.on("changed", check);
  });
}

export const CLIENTS = {
  ours: {
    label: "codeagent McpManager (ours)",
    async load() {
      return loadOurs();
    },
    /**
     * Resolves once `expected` tools are registered or `start()` returned (after at most `waitMs`, the startup
     * wait); `onUsable` fires when `usableAt` tools are registered (the hang test: the healthy servers' tools).
     */
    async startStdio(m, servers, { home, configFile, waitMs = 60_000, expected, usableAt, onUsable }) {
      const host = ourHost(m, { home, configFile });
      if (usableAt !== undefined) void registeredTools(host, usableAt).then((r) => onUsable?.(r));
      const registered = registeredTools(host, expected);
      const started = host.start({ waitMs });
      const r = await Promise.race([registered, started.then(() => undefined)]);
      return {
        tools: r?.tools ?? countAll(host),
        fromCache: r?.fromCache ?? false,
        started,
        states: () => host.manager.snapshots().map((s) => s.state.status),
        close: () => host.close(),
      };
    },
    async connectOne(m, server, { home, configFile }) {
      const host = ourHost(m, { home, configFile });
      await host.start({ waitMs: 60_000 });
      const name = server.name;
      const state = host.manager.snapshot(name).state;
      if (state.status !== "ready") throw new Error(`server not ready: ${JSON.stringify(state)}`);
      return {
        echo: (text) => host.manager.callTool(name, "echo", { text }),
        big: async (kb) => (await host.manager.callTool(name, "big", { kb })).content[0].text.length,
        close: () => host.close(),
        host,
      };
    },
  },
  // The agent path: the registry entry's executor (bridge → manager → connection → render with output caps).
  "ours-registry": {
    label: "codeagent registry tool.execute (ours, agent path)",
    async load() {
      return loadOurs();
    },
    async connectOne(m, server, opts) {
      const c = await CLIENTS.ours.connectOne(m, server, opts);
      const tool = c.host.registry.get(`mcp__${server.name}__echo`);
      if (tool === undefined) throw new Error("echo not registered");
      return {
        echo: async (text) => {
          const r = await tool.execute({ text }, {});
          if (r.isError) throw new Error(r.text);
          return r;
        },
        big: undefined,
        close: c.close,
      };
    },
  },
  sdk: {
    label: "raw SDK Client + StdioClientTransport",
    async load() {
      const [{ Client }, { StdioClientTransport }, { StreamableHTTPClientTransport }] = await Promise.all([
        import("@modelcontextprotocol/sdk/client/index.js"),
        import("@modelcontextprotocol/sdk/client/stdio.js"),
        import("@modelcontextprotocol/sdk/client/streamableHttp.js"),
      ]);
      return { Client, StdioClientTransport, StreamableHTTPClientTransport };
    },
    async startStdio(m, servers, { settle = false, onUsable } = {}) {
      const one = async (s) => {
        const client = new m.Client(CLIENT_INFO);
        try {
          await client.connect(
            new m.StdioClientTransport({ command: s.command, args: s.args, stderr: "ignore" }),
          );
          const { tools } = await client.listTools();
          onUsable?.(s.name, tools.length);
          return { client, tools };
        } catch (e) {
          await client.close().catch(() => undefined);
          throw e;
        }
      };
      // Promise.all as a host would write it; the hang test uses allSettled so healthy servers still count.
      const results = settle
        ? (await Promise.allSettled(servers.map(one))).flatMap((r) =>
            r.status === "fulfilled" ? [r.value] : [],
          )
        : await Promise.all(servers.map(one));
      return {
        tools: results.reduce((a, r) => a + r.tools.length, 0),
        close: () => Promise.all(results.map((r) => r.client.close())),
      };
    },
    async connectOne(m, server) {
      const client = new m.Client(CLIENT_INFO);
      const transport =
        server.url !== undefined
          ? new m.StreamableHTTPClientTransport(new URL(server.url))
          : new m.StdioClientTransport({ command: server.command, args: server.args, stderr: "ignore" });
      await client.connect(transport);
      await client.listTools();
      return {
        echo: (text) => client.callTool({ name: "echo", arguments: { text } }),
        big: async (kb) => (await client.callTool({ name: "big", arguments: { kb } })).content[0].text.length,
        close: () => client.close(),
      };
    },
  },
  langchain: {
    label: "LangChain MultiServerMCPClient",
    async load() {
      const { MultiServerMCPClient } = await import("@langchain/mcp-adapters");
      return { MultiServerMCPClient };
    },
    async startStdio(m, servers) {
      const client = new m.MultiServerMCPClient({
        mcpServers: Object.fromEntries(
          servers.map((s) => [
            s.name,
            { transport: "stdio", command: s.command, args: s.args, stderr: "ignore" },
          ]),
        ),
        prefixToolNameWithServerName: true,
      });
      try {
        const tools = await client.getTools();
        return { tools: tools.length, close: () => client.close() };
      } catch (e) {
        await client.close().catch(() => undefined);
        throw e;
      }
    },
    async connectOne(m, server) {
      const spec =
        server.url !== undefined
          ? { transport: "http", url: server.url }
          : { transport: "stdio", command: server.command, args: server.args, stderr: "ignore" };
      const client = new m.MultiServerMCPClient({ mcpServers: { [server.name]: spec } });
      const tools = await client.getTools();
      const find = (n) => tools.find((t) => t.name === n || t.name.endsWith(`__${n}`));
      const echo = find("echo");
      const big = find("big");
      return {
        echo: (text) => echo.invoke({ text }),
        big: async (kb) => {
          const r = await big.invoke({ kb });
          return typeof r === "string" ? r.length : JSON.stringify(r).length;
        },
        close: () => client.close(),
      };
    },
  },
  aisdk: {
    label: "AI SDK createMCPClient",
    async load() {
      const [{ createMCPClient }, { Experimental_StdioMCPTransport }] = await Promise.all([
        import("@ai-sdk/mcp"),
        import("@ai-sdk/mcp/mcp-stdio"),
      ]);
      return { createMCPClient, Experimental_StdioMCPTransport };
    },
    async startStdio(m, servers, { settle = false, onUsable } = {}) {
      const one = async (s) => {
        const client = await m.createMCPClient({
          transport: new m.Experimental_StdioMCPTransport({
            command: s.command,
            args: s.args,
            stderr: "ignore",
          }),
        });
        const tools = await client.tools();
        onUsable?.(s.name, Object.keys(tools).length);
        return { client, tools };
      };
      const results = settle
        ? (await Promise.allSettled(servers.map(one))).flatMap((r) =>
            r.status === "fulfilled" ? [r.value] : [],
          )
        : await Promise.all(servers.map(one));
      return {
        tools: results.reduce((a, r) => a + Object.keys(r.tools).length, 0),
        close: () => Promise.all(results.map((r) => r.client.close())),
      };
    },
    async connectOne(m, server) {
      const transport =
        server.url !== undefined
          ? { type: "http", url: server.url }
          : new m.Experimental_StdioMCPTransport({
              command: server.command,
              args: server.args,
              stderr: "ignore",
            });
      const client = await m.createMCPClient({ transport });
      const tools = await client.tools();
      const opts = { toolCallId: "bench", messages: [] };
      return {
        echo: (text) => tools.echo.execute({ text }, opts),
        big: async (kb) => (await tools.big.execute({ kb }, opts)).content[0].text.length,
        close: () => client.close(),
      };
    },
  },
};

function countAll(host) {
  return host.registry.list().length;
}
