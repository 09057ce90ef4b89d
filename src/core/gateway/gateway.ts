// The gateway's composition (§22): the host's servers behind one MCP server, over stdio or HTTP. The CLI
// parses flags into a ServePlan and renders; this file wires the plan to the host, the fronts, auth, metrics
// and the per-call log. It is a client of the host's API only.
import { serveStdio, StdioServerTransport } from "@modelcontextprotocol/server/stdio";
import type { AssembledHost, HostParts } from "../host/create-host.js";
import { askingClients } from "../mcp/connection/elicitation.js";
import { CoalescedWriter } from "../mcp/stdio/coalesce.js";
import { AskRouter } from "./asks.js";
import { CallerToolViews } from "./catalog.js";
import { CallsInFlight, type CallRecord } from "./call-tool.js";
import { CallerTaskStores } from "./caller-task-stores.js";
import { buildFront, followChanges, type FrontCaller, type FrontOptions } from "./front.js";
import { jwtAuth, noAuth, tokenAuth, type Authenticator } from "./http-auth.js";
import { startHttpGateway, type HttpGateway } from "./http-server.js";
import { callLogLine, GatewayMetrics } from "./metrics.js";
import { profileNamed, type Profiles } from "./profiles.js";
import type { HttpPlan, ServePlan } from "./serve-options.js";
import type { UpstreamLogs } from "./upstream-logs.js";
import type { LineBatch } from "./log-batch.js";
import { bearerMatches, loadMetricsToken, loadTokenFile } from "./tokens.js";

export interface GatewayLog {
  /** One JSON line on the operator's log. */
  (event: Record<string, unknown>): void;
}

/** What the host needs before it starts: client handlers that forward upstream questions and logs to callers. */
export function gatewayHostParts(
  asks: AskRouter,
  logs: UpstreamLogs,
  host: () => AssembledHost | undefined,
): HostParts {
  const asking = askingClients((server) => asks.handlerFor(server));
  return {
    manager: {
      ...asking,
      setupClient: (server, client) => {
        asking.setupClient(server, client);
        logs.attach(server, client, (line) => host()?.manager.log(server).event(line));
      },
    },
  };
}

export function newAskRouter(log: GatewayLog, host: () => AssembledHost | undefined): AskRouter {
  return new AskRouter((server, text) => {
    host()?.manager.log(server).event(text);
    log({ event: "elicitation", server, text });
  });
}

function frontOptions(
  host: AssembledHost,
  plan: ServePlan,
  asks: AskRouter,
  logs: UpstreamLogs,
  metrics: GatewayMetrics,
  started: Promise<void>,
  callLog: LineBatch,
): FrontOptions {
  return {
    host,
    started,
    logs,
    tasks: new CallerTaskStores(plan.http?.replica),
    views: new CallerToolViews(host),
    asks,
    mode: plan.mode,
    pending: new Map(),
    calls: new CallsInFlight(),
    record: (r: CallRecord) => {
      metrics.record(r);
      callLog.push(`${callLogLine(r)}\n`);
    },
  };
}

export function authenticator(http: HttpPlan, profiles: Profiles, stdioProfile: string): Authenticator {
  switch (http.auth.kind) {
    case "tokens":
      return tokenAuth(loadTokenFile(http.auth.file, profiles));
    case "jwt":
      return jwtAuth(http.auth, profiles);
    case "none":
      return noAuth(profileNamed(profiles, stdioProfile, "--profile"));
  }
}

/** Who may read `/metrics`: the holder of `--metrics-token-file`'s token, else any caller MCP accepts. */
export function metricsAuthenticator(http: HttpPlan, auth: Authenticator) {
  if (http.metricsTokenFile === undefined)
    return async (header: string | null) => (await auth(header)) !== undefined;
  const digest = loadMetricsToken(http.metricsTokenFile);
  return (header: string | null) => Promise.resolve(bearerMatches(digest, header));
}

/** Health: ready when every configured server is (a disabled one does not hold it back). */
export function health(host: Pick<AssembledHost, "servers">) {
  const servers = host.servers().map((s) => ({ name: s.name, status: s.status }));
  return { ready: servers.every((s) => s.status === "ready" || s.status === "disabled"), servers };
}

export interface RunningGateway {
  /** The HTTP endpoint, when serving HTTP. */
  http?: HttpGateway;
  /** Resolves when a stdio caller hung up. */
  ended: Promise<void>;
  close(graceMs: number): Promise<void>;
}

/** `callLog`: where the per-call lines go, batched; the operator's other lines go through its `now`. */
export async function runGateway(
  host: AssembledHost,
  plan: ServePlan,
  profiles: Profiles,
  asks: AskRouter,
  logs: UpstreamLogs,
  started: Promise<void>,
  callLog: LineBatch,
): Promise<RunningGateway> {
  const metrics = new GatewayMetrics();
  const front = frontOptions(host, plan, asks, logs, metrics, started, callLog);
  if (plan.http !== undefined) {
    const auth = authenticator(plan.http, profiles, plan.profile);
    const http = await startHttpGateway({
      ...plan.http,
      ...(plan.http.auth.kind === "jwt" && { jwt: plan.http.auth }),
      auth,
      metricsAuth: metricsAuthenticator(plan.http, auth),
      front,
      metrics,
      health: () => health(host),
    });
    return {
      http,
      ended: new Promise(() => undefined),
      close: async (ms) => {
        await http.close(ms);
        front.tasks?.closeAll();
      },
    };
  }
  const caller: FrontCaller = { id: "stdio", profile: profileNamed(profiles, plan.profile, "--profile") };
  const stops: (() => void)[] = [];
  // Answers written in one tick leave together: with many calls in flight, one write instead of one each.
  const transport = new StdioServerTransport(process.stdin, new CoalescedWriter(process.stdout));
  const handle = serveStdio(
    () => {
      const server = buildFront(front, caller, true);
      stops.push(followChanges(front, server, caller));
      return server;
    },
    { transport },
  );
  const ended = new Promise<void>((resolve) => {
    process.stdin.once("end", resolve);
    process.stdin.once("close", resolve);
  });
  return {
    ended,
    async close(ms) {
      await front.calls.idle(ms);
      for (const stop of stops) stop();
      front.tasks?.closeAll();
      await handle.close();
    },
  };
}
