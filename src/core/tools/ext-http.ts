// Declarative HTTP tools (§10): `.codeagent/tools/*.json` in the project and `$CODEAGENT_HOME/tools/*.json`,
// registered as `ext_{name}` (never read-only, so every call is gated). A bad file is a warning, never a crash.
//
// Request rule: `${VAR}` in url and header values is expanded first (variables, §3.3); then `{{param}}` in
// the url is replaced by that argument, URL-encoded. The arguments not used in the url go, for GET/HEAD/
// DELETE, into the query string; for other methods into a JSON body — unless `executor.body` is given: a
// JSON template whose strings may hold `{{param}}` (a string that is exactly `{{param}}` takes the
// argument's JSON value, type kept).
import { readdirSync, readFileSync } from "node:fs";
import { lookupForScope } from "../config/dotenv-boundary.js";
import { join, resolve } from "node:path";
import { z } from "zod";
import { expandTemplate, type VariableLookup } from "../config/expand.js";
import { errorMessage } from "../errors.js";
import { codeagentHome, type Env } from "../paths.js";
import type { ObjectSchema } from "../schema/sanitize.js";
import { prepareToolSchema } from "../schema/tool-schema.js";
import { renderToolResult } from "./output.js";
import type { ToolRegistry } from "./registry.js";
import type { ToolEntry, ToolResult } from "./types.js";

export const DEFAULT_HTTP_TIMEOUT_MS = 30_000;
const QUERY_METHODS = new Set(["GET", "HEAD", "DELETE"]);
const PLACEHOLDER = /\{\{\s*([A-Za-z0-9_.-]+)\s*\}\}/g;

const ExtToolFile = z.object({
  name: z.string().regex(/^[A-Za-z0-9_-]{1,60}$/, "must be 1-60 letters, digits, _ or -"),
  description: z.string().default(""),
  parameters: z.unknown().optional(),
  executor: z.object({
    type: z.literal("http"),
    method: z
      .string()
      .default("GET")
      .transform((m) => m.toUpperCase())
      .refine(
        (m) => ["GET", "HEAD", "DELETE", "POST", "PUT", "PATCH"].includes(m),
        "must be GET, HEAD, DELETE, POST, PUT or PATCH",
      ),
    url: z.string().regex(/^(https?:\/\/|\$\{)/, "must start with http:// or https:// (or a ${VAR})"),
    headers: z.record(z.string(), z.string()).default({}),
    body: z.unknown().optional(),
    timeoutMs: z.number().int().positive().optional(),
  }),
});
export type ExtToolDef = z.infer<typeof ExtToolFile> & { file: string };

export interface ExtToolsOptions {
  cwd: string;
  env: Env;
  variables: VariableLookup;
  /** Where responses over the output cap are saved in full. */
  saveDir: string;
  fetch?: typeof fetch;
}

export interface ExtLoadResult {
  tools: ToolEntry[];
  warnings: string[];
}

/**
 * The user's tools, then the project's; a name seen twice keeps the first. A project's files come with
 * whatever repository was cloned, so their `${VAR}` see only `-D` defines and the project's own `.env` —
 * never the user's environment or user .env, which would let a repository send the user's secrets away.
 */
export function loadExtTools(opts: ExtToolsOptions): ExtLoadResult {
  const userDir = join(codeagentHome(opts.env), "tools");
  const projectDir = resolve(opts.cwd, ".codeagent", "tools");
  const projectLookup: VariableLookup = { ...opts.variables, env: {}, userDotenv: {} };
  // The user's own tools see every tier but the project's .env, which a cloned repository controls, unless the
  // user trusted that .env (as for user-scope servers, §3.3).
  const dirs: [string, VariableLookup][] = [[userDir, lookupForScope("user", opts.variables)]];
  if (projectDir !== userDir) dirs.push([projectDir, projectLookup]);
  const tools: ToolEntry[] = [];
  const warnings: string[] = [];
  const seen = new Map<string, string>();
  for (const [dir, lookup] of dirs) {
    for (const file of jsonFiles(dir, warnings)) {
      const parsed = parseExtTool(readJson(file), file);
      if (!parsed.ok) {
        warnings.push(`${file}: ${parsed.message}; tool skipped`);
        continue;
      }
      const name = `ext_${parsed.def.name}`;
      const first = seen.get(name);
      if (first !== undefined) {
        warnings.push(`${file}: ${name} is already defined in ${first}; skipped`);
        continue;
      }
      seen.set(name, file);
      const hint = lookup === projectLookup ? PROJECT_VARIABLES_HINT : "";
      tools.push(extToolEntry(parsed.def, parsed.schema, { ...opts, variables: lookup }, hint));
    }
  }
  return { tools, warnings };
}

/** Registers what loads; returns the warnings (bad files, names taken). */
export function registerExtTools(registry: ToolRegistry, opts: ExtToolsOptions): string[] {
  const { tools, warnings } = loadExtTools(opts);
  for (const t of tools) {
    if (registry.get(t.name) !== undefined)
      warnings.push(`${t.name}: the name is already registered; skipped`);
    else registry.register(t);
  }
  return warnings;
}

type Parsed = { ok: true; def: ExtToolDef; schema: ObjectSchema } | { ok: false; message: string };

export function parseExtTool(json: unknown, file: string): Parsed {
  if (json instanceof Error) return { ok: false, message: json.message };
  const r = ExtToolFile.safeParse(json);
  if (!r.success) {
    const issues = r.error.issues.map(
      (i) => `${i.path.length > 0 ? `"${i.path.join(".")}"` : "the file"}: ${i.message}`,
    );
    return { ok: false, message: issues.join("; ") };
  }
  const prepared = prepareToolSchema(r.data.parameters ?? { type: "object", properties: {} });
  if (!prepared.ok) return { ok: false, message: `"parameters": ${prepared.reason}` };
  return { ok: true, def: { ...r.data, file }, schema: prepared.schema };
}

const PROJECT_VARIABLES_HINT =
  " (tools in the project's .codeagent/tools see only -D defines and the project's .env, not the environment;" +
  " pass -D NAME=value, or move the tool to $CODEAGENT_HOME/tools)";

function extToolEntry(
  def: ExtToolDef,
  schema: ObjectSchema,
  opts: ExtToolsOptions,
  variablesHint: string,
): ToolEntry {
  const name = `ext_${def.name}`;
  return {
    name,
    description:
      def.description === "" ? `HTTP ${def.executor.method} tool from ${def.file}` : def.description,
    inputSchema: schema,
    rawInputSchema: def.parameters,
    source: { type: "ext" },
    readOnly: false,
    async execute(args, ctx) {
      const req = buildRequest(def, args, opts.variables);
      if (!req.ok) return errorResult(req.variable ? `${req.message}${variablesHint}` : req.message);
      const timeoutMs = def.executor.timeoutMs ?? DEFAULT_HTTP_TIMEOUT_MS;
      const signals = [AbortSignal.timeout(timeoutMs), ...(ctx.signal ? [ctx.signal] : [])];
      const where = `${req.method} ${redact(req.url)}`;
      let status: number;
      let statusText: string;
      let text: string;
      try {
        const res = await (opts.fetch ?? fetch)(req.url, {
          method: req.method,
          headers: req.headers,
          ...(req.body !== undefined && { body: req.body }),
          signal: AbortSignal.any(signals),
        });
        status = res.status;
        statusText = res.statusText;
        text = await res.text();
      } catch (e) {
        if (ctx.signal?.aborted === true) return errorResult(`${where} was cancelled`);
        const why =
          (e as Error).name === "TimeoutError"
            ? `timed out after ${timeoutMs} ms (executor.timeoutMs in ${def.file})`
            : errorMessage(e);
        return errorResult(`${where} failed: ${why}`);
      }
      const ok = status >= 200 && status < 300;
      const body = ok ? text : `HTTP ${status} ${statusText}\n${text}`;
      const content = [{ type: "text", text: body === "" ? `(empty response, HTTP ${status})` : body }];
      return renderToolResult({ content, isError: !ok }, { saveDir: opts.saveDir, label: name });
    },
  };
}

export type BuiltRequest =
  | { ok: true; method: string; url: string; headers: Record<string, string>; body?: string }
  | { ok: false; message: string; variable?: boolean };

/** Pure: the HTTP request for one call (see the rule at the top of this file). */
export function buildRequest(
  def: ExtToolDef,
  args: Record<string, unknown>,
  lookup: VariableLookup,
): BuiltRequest {
  const { method } = def.executor;
  const expandedUrl = expandTemplate(def.executor.url, `${def.file}: executor.url`, lookup);
  if (!expandedUrl.ok) return { ok: false, message: expandedUrl.error.message, variable: true };
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(def.executor.headers)) {
    const e = expandTemplate(v, `${def.file}: executor.headers.${k}`, lookup);
    if (!e.ok) return { ok: false, message: e.error.message, variable: true };
    headers[k] = e.value;
  }
  const used = new Set<string>();
  const missing: string[] = [];
  const urlText = expandedUrl.value.replace(PLACEHOLDER, (_m, key: string) => {
    used.add(key);
    const v = args[key];
    if (v === undefined || v === null) {
      missing.push(key);
      return "";
    }
    return encodeURIComponent(typeof v === "string" ? v : JSON.stringify(v));
  });
  if (missing.length > 0)
    return { ok: false, message: `missing argument${missing.length > 1 ? "s" : ""}: ${missing.join(", ")}` };
  let url: URL;
  try {
    url = new URL(urlText);
  } catch {
    return { ok: false, message: `executor.url in ${def.file} is not a valid URL after expansion` };
  }
  const rest = Object.entries(args).filter(([k, v]) => !used.has(k) && v !== undefined);
  if (def.executor.body !== undefined) {
    return {
      ok: true,
      method,
      url: url.href,
      headers: withJson(headers),
      body: JSON.stringify(fillBody(def.executor.body, args)),
    };
  }
  if (QUERY_METHODS.has(method)) {
    for (const [k, v] of rest) url.searchParams.append(k, typeof v === "string" ? v : JSON.stringify(v));
    return { ok: true, method, url: url.href, headers };
  }
  return {
    ok: true,
    method,
    url: url.href,
    headers: withJson(headers),
    body: JSON.stringify(Object.fromEntries(rest)),
  };
}

function fillBody(template: unknown, args: Record<string, unknown>): unknown {
  if (typeof template === "string") {
    const whole = /^\{\{\s*([A-Za-z0-9_.-]+)\s*\}\}$/.exec(template);
    if (whole !== null) return args[whole[1] ?? ""] ?? null;
    return template.replace(PLACEHOLDER, (_m, key: string) => {
      const v = args[key];
      return v === undefined || v === null ? "" : typeof v === "string" ? v : JSON.stringify(v);
    });
  }
  if (Array.isArray(template)) return template.map((t) => fillBody(t, args));
  if (template !== null && typeof template === "object") {
    return Object.fromEntries(Object.entries(template).map(([k, v]) => [k, fillBody(v, args)]));
  }
  return template;
}

function withJson(headers: Record<string, string>): Record<string, string> {
  const has = Object.keys(headers).some((k) => k.toLowerCase() === "content-type");
  return has ? headers : { ...headers, "content-type": "application/json" };
}

/** Origin and path only: the query string may carry an expanded secret. */
function redact(url: string): string {
  try {
    const u = new URL(url);
    return `${u.origin}${u.pathname}`;
  } catch {
    return "(url)";
  }
}

function errorResult(text: string): ToolResult {
  return { text, isError: true, media: [], truncated: false };
}

function jsonFiles(dir: string, warnings: string[]): string[] {
  try {
    return readdirSync(dir)
      .filter((f) => f.endsWith(".json"))
      .sort()
      .map((f) => join(dir, f));
  } catch (e) {
    const code = (e as { code?: string }).code;
    if (code !== "ENOENT" && code !== "ENOTDIR")
      warnings.push(`${dir}: cannot list tool files (${errorMessage(e)})`);
    return [];
  }
}

function readJson(file: string): unknown {
  try {
    return JSON.parse(readFileSync(file, "utf8")) as unknown;
  } catch (e) {
    return new Error(
      e instanceof SyntaxError
        ? `not valid JSON (${e.message})`
        : `cannot read the file (${errorMessage(e)})`,
    );
  }
}
