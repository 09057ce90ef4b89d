// What a server's supervisor (supervisor.ts) is given by the manager: the server's definition and log, the
// session's client setup, variables, approvals, warm cache, startup mode, restart policy, clock and signal, and
// where to report its state and lists.
import type { ServerDefinition } from "../../config/types.js";
import type { VariableLookup } from "../../config/expand.js";
import type { ClientSetup } from "../connection/open.js";
import type { Clock } from "./clock.js";
import type { StartupMode } from "./lazy.js";
import type { ServerLog } from "./logs.js";
import type { RestartPolicy } from "./restart-policy.js";
import type { ApprovalChecker } from "./rules.js";
import type { ServerLists, ServerState } from "./state.js";
import type { ToolCache } from "./tool-cache.js";

export interface SupervisorOptions {
  def: ServerDefinition;
  log: ServerLog;
  setup: ClientSetup;
  variables: VariableLookup;
  approvals?: ApprovalChecker | undefined;
  cache: ToolCache | undefined;
  /** A server with cached lists is served from them and never started (`ManagerOptions.cachedOnly`). */
  cachedOnly?: boolean;
  /** "lazy": with fresh cached lists the server stays `idle` until its first use (§20.1). */
  startup: StartupMode;
  policy: RestartPolicy;
  clock: Clock;
  /** The session's: once aborted, nothing starts or restarts again. */
  signal: AbortSignal;
  onState: (state: ServerState) => void;
  onLists: (lists: ServerLists) => void;
}
