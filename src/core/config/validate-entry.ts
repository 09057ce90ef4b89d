// Validates one server entry as found in a file: its name, the zod schema, and the non-fatal warnings
// (unknown keys, implausible values). Every message names the file and the key path.
import type { z } from "zod";
import { formatKeyPath, type KeyPath } from "./key-path.js";
import { plainServerEntry } from "./plain-entry.js";
import { configSchemas, KNOWN_ENTRY_KEYS, serverNameProblem } from "./schema.js";
import type { ServerConfig } from "./types.js";

export interface EntryLocation {
  /** Absolute path of the file, used as the message prefix. */
  file: string;
  /** `mcpServers` or `servers`. */
  rootKey: string;
}

export type EntryResult =
  { ok: true; config: ServerConfig; warnings: string[] } | { ok: false; error: string; warnings: string[] };

/** Keys other hosts use for something codeagent spells differently. */
const RENAMED: Record<string, string> = {
  timeout: "timeoutMs (milliseconds)",
  startup_timeout_sec: "startupTimeoutMs (milliseconds)",
  tool_timeout_sec: "timeoutMs (milliseconds)",
  transport: "type",
  httpUrl: "url",
  serverUrl: "url",
  environment: "env",
  enabled_tools: "includeTools",
  disabled_tools: "excludeTools",
};
const normalize = (k: string) => k.toLowerCase().replace(/[^a-z0-9]/g, "");
const KNOWN_BY_NORMALIZED = new Map([...KNOWN_ENTRY_KEYS].map((k) => [normalize(k), k]));

const STDIO_ONLY = ["args", "env", "cwd", "sandbox"] as const;
const REMOTE_ONLY = ["headers", "oauth"] as const;
const TIMEOUT_KEYS = ["startupTimeoutMs", "timeoutMs", "maxTotalTimeoutMs", "idleTimeoutMs"] as const;

export function validateServerEntry(name: string, raw: unknown, at: EntryLocation): EntryResult {
  const base: KeyPath = [at.rootKey, name];
  const msg = (path: KeyPath, text: string) => `${formatKeyPath([...base, ...path])}: ${text}`;
  const warnings = isObject(raw) ? entryWarnings(raw, (path, text) => `${at.file}: ${msg(path, text)}`) : [];
  const problems: string[] = [];
  const nameProblem = serverNameProblem(name);
  if (nameProblem !== undefined) problems.push(msg([], nameProblem));
  // The common, valid entry is checked the plain way; zod (built on first use) decides the rest and words errors.
  const plain = nameProblem === undefined ? plainServerEntry(raw) : undefined;
  if (plain !== undefined) return { ok: true, config: plain, warnings };
  const parsed = configSchemas().serverEntrySchema.safeParse(raw);
  if (!parsed.success) problems.push(...parsed.error.issues.map((i) => msg(keyPath(i), i.message)));
  if (problems.length > 0 || !parsed.success)
    return { ok: false, error: `${at.file}: ${problems.join("; ")}`, warnings };
  return { ok: true, config: parsed.data, warnings };
}

function entryWarnings(e: Record<string, unknown>, warn: (path: KeyPath, text: string) => string): string[] {
  const out: string[] = [];
  for (const key of Object.keys(e)) {
    if (KNOWN_ENTRY_KEYS.has(key)) continue;
    const suggestion = RENAMED[key] ?? KNOWN_BY_NORMALIZED.get(normalize(key));
    out.push(warn([], `unknown key "${key}" is ignored${suggestion ? `; did you mean ${suggestion}?` : ""}`));
  }
  if (isObject(e.oauth))
    for (const key of Object.keys(e.oauth))
      if (!Object.hasOwn(configSchemas().oauthShape, key))
        out.push(warn(["oauth"], `unknown key "${key}" is ignored`));
  const remote = e.url !== undefined && e.command === undefined;
  const stdio = e.command !== undefined && e.url === undefined;
  for (const key of remote ? STDIO_ONLY : stdio ? REMOTE_ONLY : []) {
    if (e[key] !== undefined) out.push(warn([key], `is ignored for a ${remote ? "remote" : "stdio"} server`));
  }
  for (const key of TIMEOUT_KEYS) {
    const v = e[key];
    if (Number.isInteger(v) && typeof v === "number" && v > 0 && v < 100)
      out.push(warn([key], `${v} ms is very short; the unit is milliseconds (did you mean ${v * 1000}?)`));
  }
  const bytes = e.maxMessageBytes;
  if (typeof bytes === "number" && bytes > 0 && bytes < 1024)
    out.push(warn(["maxMessageBytes"], `${bytes} bytes is very small; the unit is bytes`));
  if (
    typeof e.timeoutMs === "number" &&
    typeof e.maxTotalTimeoutMs === "number" &&
    e.timeoutMs > e.maxTotalTimeoutMs
  )
    out.push(
      warn(["timeoutMs"], `is larger than maxTotalTimeoutMs (${e.maxTotalTimeoutMs}), which caps every call`),
    );
  if (e.disabled === true && e.enabled === true)
    out.push(warn([], "has both disabled: true and enabled: true; the server is disabled"));
  return out;
}

function keyPath(issue: z.core.$ZodIssue): KeyPath {
  return issue.path.filter((p): p is string | number => typeof p !== "symbol");
}

export function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}
