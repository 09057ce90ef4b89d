// `mcp import`: read another host's config and plan which servers to copy, translated, with what changed and
// what could not be. Pure apart from nothing — the caller reads the file and writes the entries.
import { CodeagentError } from "../../errors.js";
import { parseJsonc } from "../parse-json.js";
import { parseCodexToml } from "./codex.js";
import { detectFormat, extractServers, FORMAT_NAMES, type ImportFormat } from "./formats.js";
import { importName, translateEntry } from "./translate.js";

export { FORMAT_NAMES, type ImportFormat } from "./formats.js";

export interface PlannedServer {
  /** The name to write (cleaned up when the original is not a valid codeagent name). */
  name: string;
  original: string;
  entry?: Record<string, unknown>;
  notes: string[];
  /** Why it is not imported. */
  skipped?: string;
}

export interface ImportPlan {
  format: ImportFormat;
  formatName: string;
  servers: PlannedServer[];
  notes: string[];
}

export function planImport(file: string, text: string, opts: { cwd: string }): ImportPlan {
  const value = parseFile(file, text);
  const format = detectFormat(file, value);
  if (format === undefined) {
    throw new CodeagentError(
      "USAGE",
      file.toLowerCase().endsWith(".toml")
        ? `${file}: no [mcp_servers.NAME] tables (the Codex config.toml format)`
        : `${file}: not a config file codeagent can import (expected "mcpServers", VS Code "servers", or Claude Code "projects")`,
    );
  }
  const { servers, notes, workspace } = extractServers(format, file, value, opts.cwd);
  const taken = new Set<string>();
  const planned = servers.map(({ name: original, raw }): PlannedServer => {
    let name = importName(original);
    for (let n = 2; taken.has(name); n++) name = `${importName(original)}-${n}`;
    taken.add(name);
    const t = translateEntry(raw, format, { workspace });
    const renamed =
      name !== original ? [`renamed from "${original}" (names may use letters, digits, _ and -)`] : [];
    return {
      name,
      original,
      ...(t.entry !== undefined && { entry: t.entry }),
      notes: [...renamed, ...t.notes],
      ...(t.skipped !== undefined && { skipped: t.skipped }),
    };
  });
  return { format, formatName: FORMAT_NAMES[format], servers: planned, notes };
}

/** JSON (with comments) for every host but Codex, whose config is TOML. */
function parseFile(file: string, text: string): unknown {
  if (file.toLowerCase().endsWith(".toml")) return parseCodexToml(text, file);
  const parsed = parseJsonc(text, file);
  if (!parsed.ok) throw parsed.error;
  return parsed.value;
}
