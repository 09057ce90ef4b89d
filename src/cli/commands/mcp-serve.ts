// `codeagent mcp serve`: every configured server as one MCP server (§22), over stdio (the default) or
// Streamable HTTP (`--http`). `--check` validates the config, profiles and tokens and exits. Logs are JSON
// lines on stderr (stdout is the protocol in stdio mode); SIGTERM lets calls in flight finish, then ends every
// upstream server.
import { CodeagentError } from "../../core/errors.js";
import type { AssembledHost } from "../../core/host/create-host.js";
import {
  authenticator,
  gatewayHostParts,
  metricsAuthenticator,
  newAskRouter,
  runGateway,
} from "../../core/gateway/gateway.js";
import { LineBatch } from "../../core/gateway/log-batch.js";
import { loadProfiles, profileNamed, type Profiles } from "../../core/gateway/profiles.js";
import { UpstreamLogs } from "../../core/gateway/upstream-logs.js";
import { servePlan, type ServeFlags, type ServePlan } from "../../core/gateway/serve-options.js";
import { createContext, reportConfigProblems, type CliContext, type GlobalOptions } from "../context.js";
import { printJson, warn, writeOut } from "../output.js";

/** What `--check` verifies without starting a server: config files, profiles, the stdio profile, tokens. */
function check(ctx: CliContext, plan: ServePlan, profiles: Profiles): string[] {
  const problems = ctx.config.fileErrors.map((e) => `config: ${e.message}`);
  problems.push(
    ...ctx.config.servers
      .filter((s) => s.error !== undefined)
      .map((s) => `server "${s.name}": ${s.error ?? ""}`),
  );
  const names = new Set(ctx.config.servers.map((s) => s.name));
  for (const p of profiles.values())
    for (const s of p.servers ?? [])
      if (!s.includes("*") && !names.has(s))
        problems.push(`gateway profile "${p.name}" names server "${s}", which no config file defines`);
  const attempt = (f: () => unknown) => {
    try {
      f();
    } catch (e) {
      problems.push((e as Error).message);
    }
  };
  if (plan.http === undefined || plan.http.auth.kind === "none")
    attempt(() => profileNamed(profiles, plan.profile, "--profile"));
  const http = plan.http;
  if (http !== undefined)
    attempt(() => metricsAuthenticator(http, authenticator(http, profiles, plan.profile)));
  return problems;
}

export async function mcpServe(f: ServeFlags, g: GlobalOptions): Promise<number> {
  const ctx = createContext(g);
  const plan = servePlan(f);
  const profiles = loadProfiles(ctx.env);
  if (f.check === true) {
    const problems = check(ctx, plan, profiles);
    if (ctx.json)
      await printJson({
        ok: problems.length === 0,
        servers: ctx.config.servers.map((s) => s.name),
        profiles: [...profiles.keys()],
        problems,
      });
    else if (problems.length === 0)
      await writeOut(
        `ok: ${ctx.config.servers.length} server(s), profiles ${[...profiles.keys()].join(", ")}${plan.http !== undefined ? `, ${plan.http.auth.kind} auth on ${plan.http.bind.host}:${plan.http.bind.port}` : ", stdio"}`,
      );
    else for (const p of problems) warn(p);
    return problems.length === 0 ? 0 : 2;
  }
  reportConfigProblems(ctx.config, warn);
  // One stream of JSON lines: the per-call lines batched, the rest at once and after them.
  const lines = new LineBatch((text) => process.stderr.write(text));
  process.once("exit", () => lines.flush());
  const log = (event: Record<string, unknown>) =>
    lines.now(`${JSON.stringify({ ts: new Date().toISOString(), ...event })}\n`);
  // A bad token file or profile ends the run before any server starts.
  if (plan.http !== undefined)
    metricsAuthenticator(plan.http, authenticator(plan.http, profiles, plan.profile));
  else profileNamed(profiles, plan.profile, "--profile");
  const ref: { host?: AssembledHost } = {};
  const asks = newAskRouter(log, () => ref.host);
  const logs = new UpstreamLogs();
  const host = await ctx.createHost(gatewayHostParts(asks, logs, () => ref.host));
  ref.host = host;
  const started = host.start();
  const gateway = await runGateway(host, plan, profiles, asks, logs, started, lines).catch(
    async (e: unknown) => {
      await host.close();
      throw e;
    },
  );
  log({
    event: "listening",
    transport: plan.http === undefined ? "stdio" : "http",
    ...(gateway.http !== undefined && { url: gateway.http.url }),
    tools: plan.mode,
  });
  void started.then(() =>
    log({ event: "ready", servers: host.servers().map((s) => ({ name: s.name, status: s.status })) }),
  );
  const stop = await new Promise<string>((resolve) => {
    const on = (s: NodeJS.Signals) => resolve(s);
    process.once("SIGTERM", on);
    process.once("SIGINT", on);
    void gateway.ended.then(() => resolve("stdin closed"));
  });
  log({ event: "stopping", reason: stop, graceMs: plan.graceMs });
  // A second signal ends it at once.
  const hard = () => process.exit(143);
  process.once("SIGTERM", hard);
  process.once("SIGINT", hard);
  try {
    await gateway.close(plan.graceMs);
  } finally {
    await host.close();
  }
  log({ event: "stopped" });
  if (stop === "stdin closed") return 0;
  if (!(stop === "SIGTERM" || stop === "SIGINT")) throw new CodeagentError("INTERNAL", `stopped: ${stop}`);
  return 0;
}
