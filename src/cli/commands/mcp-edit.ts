// `codeagent mcp add | add-json | remove`: write or delete a server entry in the user or project file.
import { CodeagentError } from "../../core/errors.js";
import {
  addServer,
  configFileForScope,
  entryFromAddArgs,
  removeServer,
  type WritableScope,
} from "../../core/config/write.js";
import { createContext, type GlobalOptions } from "../context.js";
import { printJson, warn, writeOut } from "../output.js";

export interface AddFlags {
  scope?: string;
  transport?: string;
  env?: string[];
  header?: string[];
  force?: boolean;
  clientId?: string;
  clientSecret?: string;
  callbackPort?: string;
}

/** `-s local` is Claude Code's scope for the user's own servers of one project (kept outside the repository). */
export function scopeOf(s: string | undefined): WritableScope {
  if (s === undefined || s === "user") return "user";
  if (s === "project" || s === "local") return s;
  throw new CodeagentError("USAGE", `--scope must be "user", "project" or "local", got "${s}"`);
}

function transportOf(t: string | undefined): "stdio" | "http" | "sse" | undefined {
  if (t === undefined) return undefined;
  if (t === "stdio" || t === "http" || t === "sse") return t;
  if (t === "streamable-http" || t === "streamableHttp") return "http";
  throw new CodeagentError("USAGE", `--transport must be stdio, http or sse, got "${t}"`);
}

/** The same warnings loading the file will give (unknown keys, odd values), on stderr like theirs. */
function reportWarnings(warnings: readonly string[]): void {
  for (const w of warnings) warn(`config warning: ${w}`);
}

async function done(g: GlobalOptions, result: Record<string, unknown>, text: string): Promise<number> {
  if (g.json === true) await printJson(result);
  else await writeOut(text);
  return 0;
}

export async function mcpAdd(name: string, target: string[], f: AddFlags, g: GlobalOptions): Promise<number> {
  const ctx = createContext(g);
  const [commandOrUrl, ...args] = target;
  if (commandOrUrl === undefined) {
    throw new CodeagentError(
      "USAGE",
      "mcp add needs a command (after --) or a URL: codeagent mcp add NAME -- CMD [ARGS…]",
    );
  }
  const scope = scopeOf(f.scope);
  const transport = transportOf(f.transport);
  const entry = entryFromAddArgs({
    ...(transport !== undefined && { transport }),
    env: f.env ?? [],
    headers: f.header ?? [],
    commandOrUrl,
    args,
    ...((f.clientId ?? f.clientSecret ?? f.callbackPort) !== undefined && {
      oauth: { clientId: f.clientId, clientSecret: f.clientSecret, callbackPort: f.callbackPort },
    }),
  });
  const file = configFileForScope(scope, { cwd: ctx.cwd, env: ctx.env });
  const { warnings } = addServer(file, name, entry, { force: f.force === true });
  reportWarnings(warnings);
  const note =
    scope === "project" ? " (project servers run only after `codeagent mcp approve " + name + "`)" : "";
  return done(
    g,
    { added: name, scope, file, entry, warnings },
    `Added ${scope} server "${name}" to ${file}${note}`,
  );
}

export async function mcpAddJson(name: string, json: string, f: AddFlags, g: GlobalOptions): Promise<number> {
  const ctx = createContext(g);
  let entry: unknown;
  try {
    entry = JSON.parse(json);
  } catch (e) {
    throw new CodeagentError("USAGE", `the server definition is not valid JSON: ${(e as Error).message}`);
  }
  if (typeof entry !== "object" || entry === null || Array.isArray(entry)) {
    throw new CodeagentError("USAGE", "the server definition must be a JSON object");
  }
  const scope = scopeOf(f.scope);
  const file = configFileForScope(scope, { cwd: ctx.cwd, env: ctx.env });
  const { warnings } = addServer(file, name, entry as Record<string, unknown>, { force: f.force === true });
  reportWarnings(warnings);
  return done(g, { added: name, scope, file, entry, warnings }, `Added ${scope} server "${name}" to ${file}`);
}

export async function mcpRemove(name: string, f: { scope?: string }, g: GlobalOptions): Promise<number> {
  const ctx = createContext(g);
  const scopes = f.scope === undefined ? (["local", "project", "user"] as const) : [scopeOf(f.scope)];
  for (const scope of scopes) {
    const file = configFileForScope(scope, { cwd: ctx.cwd, env: ctx.env });
    if (removeServer(file, name))
      return done(g, { removed: name, scope, file }, `Removed "${name}" from ${file}`);
  }
  const other = ctx.config.servers.find((s) => s.name === name);
  const hint = other === undefined ? "" : ` (it is defined in ${other.source}; edit that file)`;
  throw new CodeagentError(
    "UNKNOWN_SERVER",
    `no server named "${name}" in the ${scopes.join(" or ")} config${hint}`,
  );
}
