// Hidden `codeagent conformance-client URL`: the client that `@modelcontextprotocol/conformance client` drives.
// It is the product's own path — the host built by the composition root (manager, McpConnection, the SDK
// transports), our OAuth provider with a headless authorizer — configured for one server at URL: connect, list, call every tool with arguments made
// from its schema, accept elicitations with the schema's defaults. The scenario's credentials become the
// entry's `oauth` keys, as a user would write them for that grant.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CodeagentError, errorMessage } from "../../core/errors.js";
import { assembleHost, type AssembledHost } from "../../core/host/create-host.js";
import { resolveHostOptions } from "../../core/host/options.js";
import { formDefaults, installElicitationHandler } from "../../core/host/elicitation.js";
import { headlessAuthorizer, remoteAuth, startCallbackServer } from "../../core/host/oauth.js";
import type { Env } from "../../core/paths.js";
import { contextOAuth, contextToolCalls, parseConformanceContext } from "./conformance-context.js";

/** The Client ID Metadata Document URL the suite expects (basic-cimd). */
export const CONFORMANCE_CIMD_URL = "https://conformance-test.local/client-metadata.json";
const SERVER = "conformance";
const WAIT_MS = 25_000;

export async function conformanceClient(url: string, env: Env = process.env): Promise<number> {
  const t0 = Date.now();
  const say = (t: string) => process.stderr.write(`conformance-client +${Date.now() - t0} ms: ${t}\n`);
  const scenario = env.MCP_CONFORMANCE_SCENARIO ?? "(none)";
  const context = parseConformanceContext(env.MCP_CONFORMANCE_CONTEXT);
  say(`scenario ${scenario}, server ${url}`);
  const home = mkdtempSync(join(tmpdir(), "codeagent-conformance-"));
  const callback = await startCallbackServer();
  // The server as a user would write it in mcp.json: Streamable HTTP only (`type`), no SSE fallback.
  const entry = {
    type: "http",
    url,
    startupTimeoutMs: WAIT_MS,
    timeoutMs: 20_000,
    maxTotalTimeoutMs: WAIT_MS,
    oauth: { clientMetadataUrl: CONFORMANCE_CIMD_URL, ...contextOAuth(context, home) },
  };
  // Only the user's own config is left out: the suite's server is the only one, with a fresh home.
  const options = resolveHostOptions({
    cwd: home,
    home,
    env: { ...env, CODEAGENT_HOME: home },
    servers: { [SERVER]: entry },
    startupWaitMs: WAIT_MS,
    approvals: "all",
  });
  const host = assembleHost(options, {
    manager: {
      remoteFetch: remoteAuth({
        dir: join(home, "oauth"),
        authorizer: headlessAuthorizer(callback),
      }),
      setupClient: (_server, client) =>
        installElicitationHandler(client, (params) => {
          const content = formDefaults(params);
          say(`elicitation "${params.message}": accepting with ${JSON.stringify(content)}`);
          return Promise.resolve({ action: "accept", content: content as Record<string, string> });
        }),
    },
  });
  const manager = host.manager;
  try {
    const problems = options.config.servers.find((s) => s.name === SERVER)?.error;
    if (problems !== undefined) throw new CodeagentError("CONFIG_INVALID", problems);
    await host.start();
    const snap = manager.snapshot(SERVER);
    if (snap.state.status !== "ready") {
      throw new CodeagentError("SERVER_UNAVAILABLE", `server is ${snap.state.status}: ${snap.error ?? ""}`);
    }
    say(`connected, protocol ${snap.info?.protocolVersion ?? "?"}, ${snap.lists.tools.length} tools`);
    // A tool that fails is the server's answer, not the client's failure (some scenarios' tools are meant
    // to be refused); the checks say whether we behaved. Only not getting connected and listed is ours.
    // The raw schemas are read back from the host's registry (what `mcp tools --json --raw` prints), so a
    // scenario that checks what reached the consumer sees the product's path, not the wire.
    const raw = new Map(host.tools({ server: SERVER, raw: true }).map((t) => [t.tool, t.rawInputSchema]));
    const calls =
      contextToolCalls(env.MCP_CONFORMANCE_CONTEXT) ??
      snap.lists.tools.map((t) => ({ name: t.name, arguments: argumentsFor(t.name, raw) }));
    for (const { name, arguments: args } of calls) {
      try {
        const r = await manager.callTool(SERVER, name, args);
        say(`called ${name}(${JSON.stringify(args)}) → ${JSON.stringify(r.content ?? r).slice(0, 200)}`);
      } catch (e) {
        say(`called ${name}(${JSON.stringify(args)}) → error: ${errorMessage(e)}`);
        if (e instanceof CodeagentError && e.code === "NEEDS_AUTH") throw e;
      }
    }
    await loadSkills(host, scenario, say);
    return 0;
  } catch (e) {
    say(`failed: ${errorMessage(e)}`);
    for (const l of manager.log(SERVER).lines(30)) say(`  log ${l.kind}: ${l.text}`);
    return 1;
  } finally {
    await host.close();
    await callback.close();
    rmSync(home, { recursive: true, force: true });
    say("done");
  }
}

/**
 * Skills (SEP-2640): the host lists them when the server is ready, reading no file. The no-prefetch scenario
 * checks exactly that, so there the driver stops; elsewhere it loads every skill as a model would (the SKILL.md,
 * verified), then reads each of its other files. A skill that fails verification is not used: nothing more of
 * it is read.
 */
async function loadSkills(host: AssembledHost, scenario: string, say: (t: string) => void): Promise<void> {
  await host.catalog.mcp?.settled();
  const skills = host.catalog.mcp?.skills() ?? [];
  say(`skills listed: ${skills.map((s) => s.name).join(", ") || "none"}`);
  if (scenario === "sep-2640-client-no-prefetch") return;
  for (const s of skills) {
    try {
      await host.loadSkill(s.name);
      say(`loaded ${s.name}`);
      const files = s.entry.resources === "dynamic" ? [] : s.entry.resources.filter((r) => r.uri !== s.uri);
      for (const f of files) {
        await host.loadSkill(s.name, { file: f.uri });
        say(`read ${f.uri}`);
      }
    } catch (e) {
      say(`skill ${s.name} not used: ${errorMessage(e)}`);
    }
  }
}

/**
 * SEP-1613's echo tool asks for the input schema of its sibling, passed back verbatim (the
 * json-schema-2020-12-preservation scenario's instruction to clients); every other tool gets sample arguments.
 */
export function argumentsFor(
  name: string,
  rawSchemas: ReadonlyMap<string, unknown>,
): Record<string, unknown> {
  if (name === "json_schema_echo") {
    const focal = [...rawSchemas].find(([tool]) => tool !== name);
    if (focal !== undefined) return { schema: focal[1] };
  }
  return sampleArguments(rawSchemas.get(name));
}

/** Arguments a schema accepts: defaults and first enum values where given, else small typed values. */
export function sampleArguments(schema: unknown): Record<string, unknown> {
  const props = (schema as { properties?: Record<string, unknown> } | undefined)?.properties ?? {};
  const out: Record<string, unknown> = {};
  let n = 1;
  for (const [key, raw] of Object.entries(props)) {
    const p = (typeof raw === "object" && raw !== null ? raw : {}) as Record<string, unknown>;
    const type = Array.isArray(p.type) ? p.type[0] : p.type;
    if ("default" in p) out[key] = p.default;
    else if (Array.isArray(p.enum) && p.enum.length > 0) out[key] = p.enum[0];
    else if (type === "number" || type === "integer") out[key] = n++;
    else if (type === "boolean") out[key] = true;
    else if (type === "array") out[key] = [];
    else if (type === "object") out[key] = sampleArguments(p);
    else out[key] = "test";
  }
  return out;
}
