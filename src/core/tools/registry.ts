// The one registry of tools the model may call (§5). Built-in and ext_ tools are registered once; each MCP
// server's tools are replaced atomically whenever its lists change. An MCP tool never shadows a built-in.
import { EventEmitter } from "node:events";
import { CodeagentError } from "../errors.js";
import type { Skipped } from "../mcp/types.js";
import type { ToolEntry } from "./types.js";

/** A tool left out of the model's list, with the name it would have been registered under when known. */
export interface SkippedTool extends Skipped {
  registeredName?: string;
  /** Left out until the user accepts its changed definition (§16), not because it is broken. */
  withheld?: boolean;
}

/** What a registered name stands for (§5): the one way from a name back to its server and tool. */
export type ToolSourceLookup =
  | { found: "tool"; entry: ToolEntry }
  | { found: "skipped"; server: string; tool: string; reason: string; withheld: boolean }
  | { found: "none" };

export interface RegistryEvents {
  changed: [server: string | undefined];
}

export class ToolRegistry extends EventEmitter<RegistryEvents> {
  private readonly fixed = new Map<string, ToolEntry>();
  private readonly byServer = new Map<string, Map<string, ToolEntry>>();
  private readonly skippedByServer = new Map<string, SkippedTool[]>();
  /** Every server tool by registered name, and by server and original name: a call finds its tool in O(1). */
  private readonly byName = new Map<string, { server: string; entry: ToolEntry }>();
  private readonly byOriginal = new Map<string, Map<string, string>>();

  /** Registers a built-in or ext_ tool; a duplicate name is a host bug. */
  register(entry: ToolEntry): void {
    if (this.get(entry.name) !== undefined) {
      throw new CodeagentError("INTERNAL", `tool "${entry.name}" is already registered`);
    }
    this.fixed.set(entry.name, entry);
    this.emit("changed", undefined);
  }

  /** Replaces every tool of one server at once; names taken by built-ins or other servers are skipped. */
  replaceServerTools(server: string, entries: ToolEntry[], skipped: SkippedTool[] = []): void {
    const next = new Map<string, ToolEntry>();
    const skips: SkippedTool[] = [...skipped];
    for (const e of entries) {
      const owner = this.ownerOf(e.name);
      if (owner !== undefined && owner !== server) {
        const what = owner === "" ? "a built-in tool" : `a tool of server "${owner}"`;
        skips.push({
          name: toolLabel(e),
          reason: `registered name ${e.name} is already used by ${what}`,
          registeredName: e.name,
        });
      } else if (next.has(e.name)) {
        skips.push({
          name: toolLabel(e),
          reason: `registered name ${e.name} is used twice`,
          registeredName: e.name,
        });
      } else {
        next.set(e.name, e);
      }
    }
    this.forget(server);
    if (next.size > 0) this.byServer.set(server, next);
    const originals = new Map<string, string>();
    for (const e of next.values()) {
      this.byName.set(e.name, { server, entry: e });
      if (e.source.type === "mcp" && !originals.has(e.source.tool)) originals.set(e.source.tool, e.name);
    }
    this.byOriginal.set(server, originals);
    this.skippedByServer.set(server, skips);
    this.emit("changed", server);
  }

  removeServer(server: string): void {
    this.forget(server);
    this.skippedByServer.delete(server);
    this.emit("changed", server);
  }

  private forget(server: string): void {
    for (const name of this.byServer.get(server)?.keys() ?? []) this.byName.delete(name);
    this.byServer.delete(server);
    this.byOriginal.delete(server);
  }

  get(name: string): ToolEntry | undefined {
    return this.fixed.get(name) ?? this.byName.get(name)?.entry;
  }

  /** Every tool, built-ins first, then servers in name order, tools in name order. */
  list(): ToolEntry[] {
    const servers = [...this.byServer.keys()].sort();
    return [
      ...this.fixed.values(),
      ...servers.flatMap((s) =>
        [...this.byServer.get(s)!.values()].sort((a, b) => a.name.localeCompare(b.name)),
      ),
    ];
  }

  /** Every tool in no set order, built-ins first: no sort, for callers that index or match them by name. */
  entries(): ToolEntry[] {
    const out = [...this.fixed.values()];
    for (const m of this.byServer.values()) for (const e of m.values()) out.push(e);
    return out;
  }

  /** The built-in and ext_ tools. */
  fixedTools(): ToolEntry[] {
    return [...this.fixed.values()];
  }

  /** The server's tools in no set order (no sort: a locale-aware sort of 5 000 names costs 20 ms). */
  serverEntries(server: string): ToolEntry[] {
    return [...(this.byServer.get(server)?.values() ?? [])];
  }

  /** How many tools the server has registered (no list built, no sort: cheap at 5 000 tools). */
  serverToolCount(server: string): number {
    return this.byServer.get(server)?.size ?? 0;
  }

  serverTools(server: string): ToolEntry[] {
    return [...(this.byServer.get(server)?.values() ?? [])].sort((a, b) => a.name.localeCompare(b.name));
  }

  /** The server's tools left out, as `{ name: original tool name, reason }`. */
  skipped(server: string): Skipped[] {
    return (this.skippedByServer.get(server) ?? []).map((s) => ({ name: s.name, reason: s.reason }));
  }

  /** The registered name of a server's tool (original name), or the one it would have while it is left out. */
  registeredNameOf(server: string, tool: string): string | undefined {
    const name = this.byOriginal.get(server)?.get(tool);
    if (name !== undefined) return name;
    return this.skippedByServer.get(server)?.find((k) => k.name === tool)?.registeredName;
  }

  /** Registered name → the tool, or the skipped tool that name would have been, or nothing. Never parses the name. */
  lookup(name: string): ToolSourceLookup {
    const entry = this.get(name);
    if (entry !== undefined) return { found: "tool", entry };
    for (const [server, skips] of this.skippedByServer) {
      const s = skips.find((k) => k.registeredName === name);
      if (s !== undefined)
        return { found: "skipped", server, tool: s.name, reason: s.reason, withheld: s.withheld === true };
    }
    return { found: "none" };
  }

  private ownerOf(name: string): string | undefined {
    if (this.fixed.has(name)) return "";
    return this.byName.get(name)?.server;
  }
}

function toolLabel(e: ToolEntry): string {
  return e.source.type === "mcp" ? e.source.tool : e.name;
}
