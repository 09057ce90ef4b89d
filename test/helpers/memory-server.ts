// Real SDK v2 servers paired in memory with a connection: a transport factory for `ManagerOptions.transport`
// (or `ClientSetup.transport`) that serves each new connection from `build`, in both protocol eras, and lets a
// test end the server side or make the next starts fail.
import { InMemoryTransport, type Transport } from "@modelcontextprotocol/client";
import { McpServer } from "@modelcontextprotocol/server";
import { serveStdio, type StdioServerHandle } from "@modelcontextprotocol/server/stdio";
import { z } from "zod";

export type NextServer =
  /** Served from `build` (both eras, or only 2026-07-28 with `legacy: "reject"`). */
  | "serve"
  /** Ends the connection on the first message it receives, like a server that dies while starting. */
  | "die-on-start"
  /** Never answers, like a server hung in its start. */
  | "hang";

export class MemoryServers {
  /** Handles of the servers served so far, newest last. */
  readonly served: StdioServerHandle[] = [];
  /** What the next connections get; once drained, each gets `then`. */
  readonly plan: NextServer[] = [];
  then: NextServer = "serve";
  connections = 0;

  constructor(
    private readonly build: () => McpServer = echoServer,
    private readonly legacy: "serve" | "reject" = "serve",
  ) {}

  readonly transport = (): Transport => {
    this.connections++;
    const [client, server] = InMemoryTransport.createLinkedPair();
    const next = this.plan.shift() ?? this.then;
    if (next === "serve")
      this.served.push(serveStdio(this.build, { transport: server, legacy: this.legacy }));
    else if (next === "die-on-start") server.onmessage = () => void server.close();
    else server.onmessage = () => undefined;
    if (next !== "serve") void server.start();
    return client;
  };

  /** Ends the newest server's side of its connection, as a server process that exits would. */
  async closeLatest(): Promise<void> {
    await this.served.at(-1)?.close();
  }
}

export function echoServer(): McpServer {
  const s = new McpServer({ name: "memory-echo", version: "1.0.0" });
  s.registerTool(
    "echo",
    { description: "Echoes text", inputSchema: z.object({ text: z.string() }) },
    async ({ text }) => ({ content: [{ type: "text", text }] }),
  );
  s.registerTool(
    "add",
    { description: "Adds two numbers", inputSchema: z.object({ a: z.number(), b: z.number() }) },
    async ({ a, b }) => ({ content: [{ type: "text", text: String(a + b) }] }),
  );
  return s;
}
