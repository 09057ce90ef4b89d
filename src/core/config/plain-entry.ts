// The plain check of a server entry: the shapes nearly every config holds (a command with args and env, a URL
// with headers, flags, timeouts), checked by hand and turned into the same ServerConfig zod would make. It
// answers only when the entry is certainly valid; anything else (oauth, a sandbox object, any doubt) is left
// to the zod schema, which is then built and also words every error. plain-entry.test.ts holds the two equal.
import { KNOWN_ENTRY_KEYS, TRANSPORT_TYPES } from "./schema.js";
import { isHttpUrl, toServerConfig } from "./server-config.js";
import type { ServerConfig } from "./types.js";

type Check = (v: unknown) => boolean;

const isString: Check = (v) => typeof v === "string";
const isNonEmpty: Check = (v) => typeof v === "string" && v !== "";
const isBool: Check = (v) => typeof v === "boolean";
const isPositiveInt: Check = (v) => typeof v === "number" && Number.isSafeInteger(v) && v > 0;
const isStrings: Check = (v) => Array.isArray(v) && v.every(isString);
const isStringMap: Check = (v) => isPlainObject(v) && Object.values(v).every(isString);
const oneOf =
  (values: readonly string[]): Check =>
  (v) =>
    typeof v === "string" && values.includes(v);

/** The keys this check knows, each with its test; `oauth` is not among them (zod checks its grants). */
const CHECKS: Readonly<Record<string, Check>> = {
  type: oneOf(TRANSPORT_TYPES),
  command: isNonEmpty,
  args: isStrings,
  env: isStringMap,
  cwd: isString,
  url: isNonEmpty,
  headers: isStringMap,
  disabled: isBool,
  enabled: isBool,
  startupTimeoutMs: isPositiveInt,
  startup: oneOf(["lazy", "eager"]),
  idleTimeoutMs: isPositiveInt,
  timeoutMs: isPositiveInt,
  maxTotalTimeoutMs: isPositiveInt,
  maxMessageBytes: isPositiveInt,
  includeTools: isStrings,
  excludeTools: isStrings,
  trust: isBool,
  alwaysLoad: isBool,
  pinning: oneOf(["on", "strict", "off"]),
  roots: (v) => isBool(v) || isStrings(v),
  sandbox: (v) => isBool(v) || v === "required",
  description: isString,
};

/** The entry as zod would parse it, or undefined when only zod can tell (invalid, or a shape not checked here). */
export function plainServerEntry(raw: unknown): ServerConfig | undefined {
  if (!isPlainObject(raw)) return undefined;
  const e: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(raw)) {
    if (!KNOWN_ENTRY_KEYS.has(key) || value === undefined) continue; // zod strips unknown keys; undefined is absent
    const check = CHECKS[key];
    if (check === undefined || !check(value)) return undefined;
    e[key] = copy(value);
  }
  const { command, url, type } = e;
  if ((command === undefined) === (url === undefined)) return undefined;
  if (type !== undefined && (type === "stdio") !== (command !== undefined)) return undefined;
  if (typeof url === "string" && !url.includes("$") && !isHttpUrl(url)) return undefined;
  return toServerConfig(e);
}

/** zod returns new arrays and records; so does this, so the caller's objects are never shared. */
function copy(v: unknown): unknown {
  if (Array.isArray(v)) return [...(v as unknown[])];
  if (isPlainObject(v)) return { ...v };
  return v;
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  if (typeof v !== "object" || v === null || Array.isArray(v)) return false;
  const proto = Object.getPrototypeOf(v) as unknown;
  return proto === Object.prototype || proto === null;
}
