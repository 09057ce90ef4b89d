// Tool-definition pinning for a running host (§16): every listing of a server's tools is reviewed against its
// pins before anything is registered; first sight records them, changed tools (and new ones under
// `pinning: "strict"`) are withheld with a reason naming `codeagent mcp accept`. Keeps the last review per server
// for `mcp get`, `mcp list` and `/mcp`, and emits `changes` when what a server changed is different from before.
import type { ClientCapabilities } from "@modelcontextprotocol/client";
import { EventEmitter } from "node:events";
import type { ServerDefinition } from "../config/types.js";
import type { RawTool } from "../mcp/types.js";
import { toolDefinition, type ToolDefinition } from "./definition.js";
import { serverIdentity, type ServerIdentity } from "./identity.js";
import type { Pending } from "./pending.js";
import { setOwn } from "../permissions/json-file.js";
import {
  acceptTools,
  changesOf,
  reviewTools,
  type Acceptance,
  type PinMode,
  type ToolChange,
} from "./review.js";
import type { PinStore } from "./store.js";
import { profileContext, reviewContext, type SessionPath } from "./pin-context.js";
import { ListingMemo } from "./listing-memo.js";

/** A change with the definitions on both sides, for a diff (before: the pin; after: what the server lists). */
export interface ToolChangeDetail extends ToolChange {
  before?: ToolDefinition;
  after?: ToolDefinition;
}

export interface PinOutcome {
  /** Tool name → why it is left out of the model's list. */
  withheld: Map<string, string>;
  changes: ToolChange[];
}

interface Last {
  details: ToolChangeDetail[];
  key: string;
}

export interface ToolPinsOptions {
  /**
   * Record first-sight and new pins (default). Off for a host that only looks tools up (`mcp search`): it
   * neither calls a tool nor hands a definition to a model, and shows a few of thousands, so it is not the
   * moment their definitions are trusted. Existing pins still withhold what changed; the first command that
   * offers the tools records them.
   */
  record?: boolean;
  /** The mode of servers whose entry sets no `pinning` (default "on"); a host built in code may turn it off. */
  mode?: PinMode;
  /**
   * Keep each server's pending changes in the pin file, so `codeagent mcp accept` can accept them without starting
   * the server: for hosts built in code (createMcpHost), whose servers no config file names.
   */
  keepPending?: boolean;
  /** The session's own paths (project, home, roots): a definition differing only by them is the same pin. */
  sessionPaths?: readonly SessionPath[];
  /** The client capabilities declared to servers: tools listed only under some are judged by them. */
  capabilities?: ClientCapabilities;
}

export class ToolPins extends EventEmitter<{ changes: [server: string, changes: ToolChange[]] }> {
  private readonly last = new Map<string, Last>();
  private readonly recording: boolean;
  private readonly defaultMode: PinMode;
  private readonly keepingPending: boolean;
  private readonly memo: ListingMemo;

  constructor(
    private readonly store: PinStore,
    private readonly opts: ToolPinsOptions = {},
  ) {
    super();
    this.recording = opts.record ?? true;
    this.defaultMode = opts.mode ?? "on";
    this.keepingPending = opts.keepPending === true;
    this.memo = new ListingMemo(opts.sessionPaths ?? []);
  }

  get file(): string {
    return this.store.file;
  }

  /** Reviews a listing (recording first-sight and new pins) and says which tools to withhold. */
  review(def: ServerDefinition, tools: readonly RawTool[]): PinOutcome {
    const mode = pinMode(def, this.defaultMode);
    const id = serverIdentity(def);
    const read = mode === "off" ? { ok: true as const, pins: undefined } : this.store.read(id);
    if (!read.ok) {
      // Fail closed: with the pins unreadable no tool is known to be the one the user trusted.
      const why = `tool pins cannot be read (${read.message}); fix or delete ${this.store.file}`;
      return this.remember(
        def.name,
        {
          withheld: new Map(tools.map((t) => [t.name, why])),
          changes: [],
        },
        [],
      );
    }
    // Nothing pinned and nothing to record: every tool is as usable as on first sight, without hashing any.
    if (read.pins === undefined && !this.recording)
      return this.remember(def.name, { withheld: new Map(), changes: [] }, []);
    const { listed, listedHashes, hashes } = this.memo.prepare(def.name, tools.map(toolDefinition));
    const context = { listedHashes, hashes, ...profileContext(def, this.opts.capabilities) };
    const review = reviewTools(read.pins, listed, mode, context);
    for (const p of review.record) hashes.set(p.definition.name, p.hash);
    if (this.recording && (review.firstSight || review.record.length > 0)) {
      try {
        this.store.record(id, review.record);
      } catch {
        // Not recorded: the next listing reviews them again (as new), nothing is trusted that was not before.
      }
    }
    const withheld = new Map<string, string>();
    const details: ToolChangeDetail[] = [];
    const byName = new Map(listed.map((d) => [d.name, d]));
    for (const v of review.verdicts) {
      const after = byName.get(v.name);
      if (v.status === "changed") {
        withheld.set(
          v.name,
          withheldReason(def.name, `its definition changed since it was accepted (${v.fields.join(", ")})`),
        );
        details.push({
          name: v.name,
          change: "changed",
          fields: v.fields,
          before: v.before,
          ...(after && { after }),
        });
      } else if (v.status === "new") {
        if (!v.usable)
          withheld.set(v.name, withheldReason(def.name, 'it is new on this server (pinning: "strict")'));
        details.push({ name: v.name, change: "new", fields: [], ...(after && { after }) });
      }
    }
    const pins = read.pins ?? {};
    for (const name of review.removed) {
      const before = Object.hasOwn(pins, name) ? pins[name]?.definition : undefined;
      details.push({ name, change: "removed", fields: [], ...(before && { before }) });
    }
    if (this.recording && this.keepingPending) this.keepPending(id, details);
    return this.remember(def.name, { withheld, changes: changesOf(review) }, details);
  }

  /** Every server's changes since its tools were accepted, with the definitions on both sides. */
  all(): { server: string; changes: ToolChangeDetail[] }[] {
    return [...this.last].map(([server, l]) => ({ server, changes: l.details }));
  }

  /** The changes, kept in the pin file so `codeagent mcp accept` can accept them without this process. */
  private keepPending(id: ServerIdentity, details: readonly ToolChangeDetail[]): void {
    const pending: Pending = { tools: {}, removed: [] };
    for (const d of details) {
      if (d.change === "removed") pending.removed.push(d.name);
      else if (d.after !== undefined) setOwn(pending.tools, d.name, d.after);
    }
    try {
      this.store.setPending(id, details.length > 0 ? pending : undefined);
    } catch {
      // Not kept: `mcp accept` then starts the server to see its changes, as before.
    }
  }

  /** The changes found by the server's last review (empty before any). */
  changes(server: string): ToolChange[] {
    return (this.last.get(server)?.details ?? []).map(({ name, change, fields }) => ({
      name,
      change,
      fields,
    }));
  }

  details(server: string): ToolChangeDetail[] {
    return this.last.get(server)?.details ?? [];
  }

  /** Accepts what the server lists now for `names` (every change when empty); the next review sees them pinned. */
  accept(def: ServerDefinition, tools: readonly RawTool[], names: readonly string[]): Acceptance {
    const { listed, context } = reviewContext(def, tools.map(toolDefinition), this.opts);
    return this.store.update(serverIdentity(def), (pins) => {
      const a = acceptTools(pins, listed, names, context);
      return { pins: a.pins, result: a };
    });
  }

  private remember(server: string, outcome: PinOutcome, details: ToolChangeDetail[]): PinOutcome {
    const key = JSON.stringify([outcome.changes, [...outcome.withheld]]);
    const before = this.last.get(server);
    this.last.set(server, { details, key });
    if (
      before?.key !== key &&
      (before !== undefined || outcome.changes.length > 0 || outcome.withheld.size > 0)
    ) {
      this.emit("changes", server, outcome.changes);
    }
    return outcome;
  }
}

export function pinMode(def: ServerDefinition, fallback: PinMode = "on"): PinMode {
  return def.config?.pinning ?? fallback;
}

function withheldReason(server: string, why: string): string {
  return `${why}; withheld until accepted: review with codeagent mcp get ${server}, then run codeagent mcp accept ${server}`;
}
