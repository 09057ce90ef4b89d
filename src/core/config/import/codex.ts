// Codex keeps its servers in `~/.codex/config.toml` under `[mcp_servers.NAME]`, with its own key names
// (`startup_timeout_sec`, `bearer_token_env_var`, `env_vars`, `enabled_tools` …). This turns one such table into
// the shape the JSON hosts use, so the common translation (translate.ts) can finish it. Pure.
import { parse } from "smol-toml";
import { CodeagentError } from "../../errors.js";
import { isObject } from "../validate-entry.js";

/** Parses the TOML file; a syntax error names the file, line and column. */
export function parseCodexToml(text: string, file: string): Record<string, unknown> {
  try {
    return parse(text);
  } catch (e) {
    const err = e as { line?: number; column?: number; message?: string };
    const at = err.line !== undefined ? `:${err.line}:${err.column ?? 1}` : "";
    const first = (err.message ?? String(e)).split("\n")[0];
    throw new CodeagentError("CONFIG_PARSE", `${file}${at}: not valid TOML: ${first}`);
  }
}

const SECONDS: Record<string, string> = {
  startup_timeout_sec: "startupTimeoutMs",
  tool_timeout_sec: "timeoutMs",
};

/** One `[mcp_servers.NAME]` table → a JSON-host entry plus codeagent options, with notes on what changed. */
export function fromCodexEntry(raw: unknown): {
  raw: unknown;
  options: Record<string, unknown>;
  notes: string[];
} {
  if (!isObject(raw)) return { raw, options: {}, notes: [] };
  const notes: string[] = [];
  const options: Record<string, unknown> = {};
  const entry: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(raw)) {
    switch (key) {
      case "command":
      case "args":
      case "env":
      case "cwd":
      case "url":
        entry[key] = value;
        break;
      case "http_headers":
        entry.headers = {
          ...(isObject(entry.headers) ? entry.headers : {}),
          ...(isObject(value) ? value : {}),
        };
        break;
      case "env_http_headers":
        if (isObject(value)) {
          const headers = isObject(entry.headers) ? entry.headers : {};
          for (const [h, variable] of Object.entries(value)) headers[h] = `\${${String(variable)}}`;
          entry.headers = headers;
          notes.push(`env_http_headers → headers with \${VAR} values`);
        }
        break;
      case "bearer_token_env_var":
        entry.headers = {
          ...(isObject(entry.headers) ? entry.headers : {}),
          Authorization: `Bearer \${${String(value)}}`,
        };
        notes.push(`bearer_token_env_var → headers.Authorization: "Bearer \${${String(value)}}"`);
        break;
      case "env_vars":
        if (Array.isArray(value)) {
          const env = isObject(entry.env) ? entry.env : {};
          for (const v of value) if (typeof v === "string") env[v] ??= `\${${v}}`;
          entry.env = env;
          notes.push(`env_vars → env entries passing ${value.join(", ")} through`);
        }
        break;
      case "startup_timeout_sec":
      case "tool_timeout_sec":
        if (typeof value === "number") {
          options[SECONDS[key]!] = Math.round(value * 1000);
          notes.push(`${key} ${value} s → ${SECONDS[key]}`);
        }
        break;
      case "startup_timeout_ms":
        if (typeof value === "number") options.startupTimeoutMs = value;
        break;
      case "enabled":
        if (value === false) entry.disabled = true;
        break;
      case "enabled_tools":
      case "disabled_tools":
        if (Array.isArray(value))
          options[key === "enabled_tools" ? "includeTools" : "excludeTools"] = value.map(String);
        break;
      default:
        entry[key] = value; // reported by the common translation as not a codeagent setting
    }
  }
  return { raw: entry, options, notes };
}
