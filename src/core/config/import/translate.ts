// One server entry of another host → our entry (§3.2), with a note for everything changed or dropped. Pure.
import { isAbsolute, resolve } from "node:path";
import { SERVER_NAME_PATTERN } from "../schema.js";
import { isObject } from "../validate-entry.js";
import type { ImportFormat } from "./formats.js";
import { fromCodexEntry } from "./codex.js";
import { translateVariables, type Dialect } from "./variables.js";

export interface Translated {
  entry?: Record<string, unknown>;
  notes: string[];
  /** Why the server cannot be imported at all. */
  skipped?: string;
}

const DIALECT: Record<ImportFormat, Dialect> = {
  "claude-desktop": "claude",
  "claude-code": "claude",
  "claude-code-user": "claude",
  cursor: "cursor",
  vscode: "vscode",
  "vscode-settings": "vscode",
  gemini: "gemini",
  windsurf: "cursor",
  codex: "claude",
};

const COMMON = new Set([
  "type",
  "command",
  "args",
  "env",
  "cwd",
  "url",
  "headers",
  "disabled",
  "description",
]);
const GEMINI = new Set(["httpUrl", "timeout", "trust", "includeTools", "excludeTools", "oauth"]);
const IGNORED: Record<string, string> = {
  envFile: "envFile is not supported; put the variables in the project's .env or the environment",
  dev: "dev (VS Code watch/debug settings) has no codeagent equivalent",
  authProviderType: "authProviderType is not supported; codeagent uses standard MCP OAuth",
  autoApprove: "autoApprove is not copied; use codeagent's permission rules instead",
  alwaysAllow: "alwaysAllow is not copied; use codeagent's permission rules instead",
};

export function translateEntry(raw: unknown, format: ImportFormat, ctx: { workspace: string }): Translated {
  if (format === "codex") {
    const codex = fromCodexEntry(raw);
    const t = translateEntry(codex.raw, "claude-code", ctx);
    const notes = [...codex.notes, ...t.notes];
    return t.entry !== undefined ? { ...t, entry: { ...t.entry, ...codex.options }, notes } : { ...t, notes };
  }
  if (format === "windsurf" && isObject(raw) && raw.serverUrl !== undefined) {
    const { serverUrl, ...rest } = raw;
    const t = translateEntry({ ...rest, url: serverUrl }, "cursor", ctx);
    return { ...t, notes: ["serverUrl → url", ...t.notes] };
  }
  if (!isObject(raw)) return { notes: [], skipped: "the entry is not an object" };
  const dialect = DIALECT[format];
  const notes: string[] = [];
  const entry: Record<string, unknown> = {};
  let skipped: string | undefined;
  const text = (v: unknown, field: string): string | undefined => {
    if (v === undefined || v === null) return undefined;
    const s = typeof v === "string" ? v : JSON.stringify(v);
    if (typeof v !== "string") notes.push(`${field}: ${JSON.stringify(v)} written as the string "${s}"`);
    const r = translateVariables(s, field, { dialect, workspace: ctx.workspace });
    if (!r.ok) {
      skipped ??= r.reason;
      return s;
    }
    notes.push(...r.notes);
    return r.value;
  };
  const map = (v: unknown, field: string): Record<string, string> | undefined => {
    if (!isObject(v)) return undefined;
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, text(x, `${field}.${k}`) ?? ""]));
  };

  const type = transport(raw, dialect);
  if (type.skipped !== undefined) return { notes, skipped: type.skipped };
  if (type.note !== undefined) notes.push(type.note);
  if (type.type !== undefined) entry.type = type.type;
  if (type.url !== undefined)
    entry.url = text(type.url, dialect === "gemini" && raw.httpUrl ? "httpUrl" : "url");
  if (raw.command !== undefined) entry.command = text(raw.command, "command");
  if (Array.isArray(raw.args)) entry.args = raw.args.map((a, i) => text(a, `args[${i}]`) ?? "");
  const env = map(raw.env, "env");
  if (env !== undefined) entry.env = env;
  const headers = map(raw.headers, "headers");
  if (headers !== undefined) entry.headers = headers;
  if (typeof raw.cwd === "string") {
    const cwd = text(raw.cwd, "cwd")!;
    entry.cwd =
      isAbsolute(cwd) || cwd.startsWith("$") || cwd.startsWith("~") ? cwd : resolve(ctx.workspace, cwd);
    if (entry.cwd !== cwd) notes.push(`cwd: "${cwd}" made absolute: ${String(entry.cwd)}`);
  }
  if (raw.disabled === true) entry.disabled = true;
  if (typeof raw.description === "string") entry.description = raw.description;
  if (dialect === "gemini") Object.assign(entry, geminiOptions(raw, notes));
  else if (isObject(raw.oauth)) Object.assign(entry, oauthOf(raw.oauth, notes));

  for (const key of Object.keys(raw)) {
    if (COMMON.has(key) || (dialect === "gemini" && GEMINI.has(key)) || key === "oauth") continue;
    notes.push(IGNORED[key] ?? `${key} is not a codeagent setting and was left out`);
  }
  if (entry.command === undefined && entry.url === undefined)
    return { notes, skipped: "it has neither a command nor a url" };
  return skipped !== undefined ? { notes, skipped } : { entry, notes };
}

function transport(
  raw: Record<string, unknown>,
  dialect: Dialect,
): { type?: string; url?: unknown; note?: string; skipped?: string } {
  if (dialect === "gemini") {
    if (raw.httpUrl !== undefined)
      return {
        type: "http",
        url: raw.httpUrl,
        ...(raw.url !== undefined && {
          note: "both httpUrl and url are set; httpUrl (Streamable HTTP) was used",
        }),
      };
    return raw.url !== undefined ? { type: "sse", url: raw.url } : {};
  }
  const t = raw.type;
  if (t === undefined || t === "stdio") return raw.url !== undefined ? { url: raw.url } : {};
  if (t === "http" || t === "streamable-http" || t === "streamableHttp" || t === "streamable_http")
    return { type: "http", url: raw.url };
  if (t === "sse") return { type: "sse", url: raw.url };
  return { skipped: `transport type ${JSON.stringify(t)} is not supported (stdio, http and sse are)` };
}

function geminiOptions(raw: Record<string, unknown>, notes: string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (typeof raw.timeout === "number") {
    out.timeoutMs = raw.timeout;
    notes.push(`timeout ${raw.timeout} ms → timeoutMs`);
  }
  if (typeof raw.trust === "boolean") out.trust = raw.trust;
  for (const key of ["includeTools", "excludeTools"] as const) {
    if (Array.isArray(raw[key])) out[key] = (raw[key] as unknown[]).map(String);
  }
  if (isObject(raw.oauth)) Object.assign(out, oauthOf(raw.oauth, notes));
  return out;
}

function oauthOf(o: Record<string, unknown>, notes: string[]): Record<string, unknown> {
  if (o.enabled === false) return {};
  const oauth: Record<string, unknown> = {};
  if (typeof o.clientId === "string") oauth.clientId = o.clientId;
  if (typeof o.clientSecret === "string") oauth.clientSecret = o.clientSecret;
  if (Array.isArray(o.scopes)) oauth.scopes = o.scopes.map(String);
  if (typeof o.callbackPort === "number") oauth.callbackPort = o.callbackPort;
  const dropped = Object.keys(o).filter(
    (k) => !["enabled", "clientId", "clientSecret", "scopes", "callbackPort"].includes(k),
  );
  if (dropped.length > 0)
    notes.push(`oauth: ${dropped.join(", ")} left out; codeagent discovers the authorization server itself`);
  return Object.keys(oauth).length > 0 ? { oauth } : {};
}

/** A name our config accepts (§3.2): letters, digits, `_`, `-`, never `__`. */
export function importName(name: string): string {
  if (SERVER_NAME_PATTERN.test(name)) return name;
  const cleaned = name
    .replace(/[^A-Za-z0-9_-]+/g, "-")
    .replace(/_{2,}/g, "_")
    .replace(/^-+|-+$/g, "");
  return cleaned === "" ? "server" : cleaned;
}
