// Loads the config files of every scope (§3.1) and merges them: a server in a higher scope replaces the
// lower one whole. A broken file or entry is reported and skipped; everything else still loads.
import { readFileSync } from "node:fs";
import { CodeagentError } from "../errors.js";
import { configFiles, type ConfigFileRef, type LoadConfigOptions } from "./files.js";
import { nodeValue, parseJsonc, stripBom, type JsonObjectNode } from "./parse-json.js";
import { KNOWN_ROOT_KEYS } from "./schema.js";
import type { ConfigProblem, LoadedConfig, ServerDefinition } from "./types.js";
import { isObject, validateServerEntry } from "./validate-entry.js";

export function loadConfig(opts: LoadConfigOptions): LoadedConfig {
  const result: LoadedConfig = { servers: [], shadowed: [], fileErrors: [], warnings: [], files: [] };
  const effective = new Map<string, ServerDefinition>();
  for (const ref of configFiles(opts)) {
    const file = readConfigFile(ref);
    result.files.push({ scope: ref.scope, path: ref.path, exists: file.exists });
    if (file.error !== undefined) result.fileErrors.push({ file: ref.path, message: file.error });
    result.warnings.push(...file.warnings);
    for (const def of file.servers) {
      const replaced = effective.get(def.name);
      if (replaced !== undefined) {
        result.shadowed.push(replaced);
        effective.delete(def.name); // re-inserted below, so the order follows the winning file
      }
      effective.set(def.name, def);
    }
  }
  result.servers = [...effective.values()];
  return result;
}

/**
 * A `--mcp-config` file that is missing or does not parse is a config error for the whole run (§2, exit 2):
 * the user named it, so going on without it would run with servers they did not mean. Other files are skipped.
 */
export function cliConfigFailure(config: LoadedConfig): CodeagentError | undefined {
  const cli = new Set(config.files.filter((f) => f.scope === "cli").map((f) => f.path));
  const bad = config.fileErrors.filter((p) => cli.has(p.file));
  if (bad.length === 0) return undefined;
  return new CodeagentError(
    bad.some((p) => !config.files.find((f) => f.path === p.file)?.exists) ? "CONFIG_INVALID" : "CONFIG_PARSE",
    bad.map((p) => p.message).join("; "),
  );
}

export interface ConfigFileContents {
  exists: boolean;
  /** Set when the whole file is skipped. */
  error?: string;
  warnings: ConfigProblem[];
  /** In the order written; for a name written twice, the last entry. */
  servers: ServerDefinition[];
}

export function readConfigFile(ref: ConfigFileRef): ConfigFileContents {
  const file = ref.path;
  const out: ConfigFileContents = { exists: true, warnings: [], servers: [] };
  const warn = (message: string) => out.warnings.push({ file, message });
  let text: string;
  try {
    text = ref.inline ?? readFileSync(file, "utf8");
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ENOTDIR") {
      out.exists = false;
      if (ref.explicit) out.error = `${file}: file not found (given with ${ref.givenWith ?? "--mcp-config"})`;
    } else out.error = `${file}: cannot read the file (${code ?? String(e)})`;
    return out;
  }
  if (stripBom(text).trim() === "") return out;
  const parsed = parseJsonc(text, file);
  if (!parsed.ok) return { ...out, error: parsed.error.message };
  parsed.warnings.forEach(warn);
  const root = parsed.value;
  if (!isObject(root) || parsed.tree.kind !== "object")
    return { ...out, error: `${file}: expected a JSON object with "mcpServers", found ${describe(root)}` };
  for (const key of Object.keys(root))
    if (!KNOWN_ROOT_KEYS.has(key))
      warn(`${file}: unknown top-level key "${key}" is ignored (servers go under "mcpServers")`);
  const rootKey = "mcpServers" in root ? "mcpServers" : "servers" in root ? "servers" : undefined;
  if (rootKey === undefined) return out;
  if (rootKey === "mcpServers" && "servers" in root)
    warn(`${file}: "servers" is ignored because "mcpServers" is present`);
  const serversNode = parsed.tree.members.findLast((m) => m.key === rootKey)?.value;
  if (serversNode?.kind !== "object")
    return {
      ...out,
      error: `${file}: ${rootKey}: expected an object of servers by name, found ${describe(root[rootKey])}`,
    };
  for (const [name, raw] of membersInOrder(serversNode)) {
    const checked = validateServerEntry(name, raw, { file, rootKey });
    checked.warnings.forEach(warn);
    const def: ServerDefinition = { name, scope: ref.scope, source: file, raw, warnings: checked.warnings };
    if (checked.ok) def.config = checked.config;
    else def.error = checked.error;
    out.servers.push(def);
  }
  return out;
}

/** Object members in the order written (JS objects would move integer-like names first); the last duplicate wins. */
function membersInOrder(node: JsonObjectNode): Map<string, unknown> {
  const map = new Map<string, unknown>();
  for (const m of node.members) map.set(m.key, nodeValue(m.value));
  return map;
}

function describe(v: unknown): string {
  return v === null
    ? "null"
    : Array.isArray(v)
      ? "an array"
      : typeof v === "object"
        ? "an object"
        : `a ${typeof v}`;
}

export { configFiles, type ConfigFileRef, type LoadConfigOptions };
