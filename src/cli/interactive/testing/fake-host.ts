// Test stand-ins for the host the UI consumes: a manager with the real event surface (an EventEmitter
// emitting `state` / `lists`), a registry, and a scripted agent. Not the SDK; the real manager is used
// by the integration-style tests next to App.
import { EventEmitter } from "node:events";
import type { ServerDefinition } from "../../../core/config/types.js";
import { CodeagentError } from "../../../core/errors.js";
import { ServerLog } from "../../../core/mcp/servers/logs.js";
import type { ManagerEvents } from "../../../core/mcp/servers/manager.js";
import type { McpConnection } from "../../../core/mcp/connection/connection.js";
import {
  EMPTY_LISTS,
  stateError,
  type ServerSnapshot,
  type ServerState,
} from "../../../core/mcp/servers/state.js";
import { ToolRegistry } from "../../../core/tools/registry.js";
import type { AgentEvent, AgentView, ManagerView, SessionHost, TurnOutcome } from "../host.js";
import { PermissionQueue } from "../permission-queue.js";

export function snapshot(
  name: string,
  state: ServerState,
  extra: Partial<Omit<ServerSnapshot, "name" | "state">> = {},
): ServerSnapshot {
  const definition: ServerDefinition = {
    name,
    scope: "user",
    source: "/home/u/.codeagent/mcp.json",
    raw: { command: "node", args: [`${name}.js`] },
    config: {
      transport: "stdio",
      command: "node",
      args: [`${name}.js`],
      env: {},
      disabled: false,
      startupTimeoutMs: 60_000,
      timeoutMs: 60_000,
      maxTotalTimeoutMs: 600_000,
      maxMessageBytes: 32 << 20,
    },
    warnings: [],
  };
  return {
    name,
    scope: "user",
    source: definition.source,
    transport: "stdio",
    state,
    error: stateError(state),
    definition,
    lists: EMPTY_LISTS,
    info: undefined,
    variables: [],
    ...extra,
  };
}

export class FakeManager extends EventEmitter<ManagerEvents> implements ManagerView {
  readonly actions: string[] = [];
  private readonly snaps = new Map<string, ServerSnapshot>();
  private readonly logs = new Map<string, ServerLog>();

  constructor(servers: ServerSnapshot[] = []) {
    super();
    for (const s of servers) this.snaps.set(s.name, s);
  }

  setState(name: string, state: ServerState): void {
    const s = this.snaps.get(name);
    if (s === undefined) throw new Error(`no ${name}`);
    this.snaps.set(name, { ...s, state, error: stateError(state) });
    this.emit("state", name, state);
  }

  snapshots(): ServerSnapshot[] {
    return [...this.snaps.values()];
  }
  has(name: string): boolean {
    return this.snaps.has(name);
  }
  async refresh(name?: string): Promise<void> {
    this.actions.push(`refresh ${name ?? "*"}`);
  }
  enable(name: string): void {
    this.actions.push(`enable ${name}`);
  }
  async disable(name: string): Promise<void> {
    this.actions.push(`disable ${name}`);
    this.setState(name, { status: "disabled" });
  }
  approved(name: string): void {
    this.actions.push(`approved ${name}`);
  }
  log(name: string): ServerLog {
    let l = this.logs.get(name);
    if (l === undefined) this.logs.set(name, (l = new ServerLog(name)));
    return l;
  }
  connection(name: string): McpConnection {
    throw new CodeagentError("SERVER_UNAVAILABLE", `server "${name}" is not connected in this test`);
  }
  use<T>(name: string, fn: (c: McpConnection) => Promise<T>): Promise<T> {
    return Promise.resolve().then(() => fn(this.connection(name)));
  }
}

export type Script = (
  input: string,
  o: { signal?: AbortSignal; emit: (e: AgentEvent) => void },
) => Promise<TurnOutcome | void>;

/** An agent whose turns are scripted by the test; it records every input it was given. */
export class ScriptedAgent implements AgentView {
  readonly inputs: string[] = [];
  cleared = 0;
  constructor(private readonly script: Script) {}

  async run(
    input: string,
    o: { signal?: AbortSignal; onEvent: (e: AgentEvent) => void },
  ): Promise<TurnOutcome> {
    this.inputs.push(input);
    const r = await this.script(input, {
      ...(o.signal !== undefined && { signal: o.signal }),
      emit: o.onEvent,
    });
    return r ?? { text: "", reason: "stop", steps: 1 };
  }
  clear(): void {
    this.cleared++;
  }
}

export interface FakeSession {
  host: SessionHost;
  manager: FakeManager;
  permissions: PermissionQueue;
  approvedRaw: { name: string; raw: unknown }[];
}

export function fakeSession(
  opts: {
    servers?: ServerSnapshot[];
    agent?: AgentView;
    modelProblem?: string;
    registry?: ToolRegistry;
  } = {},
): FakeSession {
  const manager = new FakeManager(opts.servers);
  const approvedRaw: { name: string; raw: unknown }[] = [];
  const host: SessionHost = {
    manager,
    registry: opts.registry ?? new ToolRegistry(),
    ...(opts.agent !== undefined && { agent: opts.agent, model: "openai-compatible:test-model" }),
    ...(opts.modelProblem !== undefined && { modelProblem: opts.modelProblem }),
    approve: (name, raw) => approvedRaw.push({ name, raw }),
  };
  return { host, manager, permissions: new PermissionQueue(), approvedRaw };
}
