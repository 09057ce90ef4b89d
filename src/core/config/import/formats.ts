// Which host wrote a config file, and where its server entries are. Pure: the file's path and parsed value in,
// the format and the raw entries (with the project they belong to) out.
import { basename, dirname, resolve } from "node:path";
import { isObject } from "../validate-entry.js";

export type ImportFormat =
  | "claude-desktop"
  | "claude-code"
  | "claude-code-user"
  | "cursor"
  | "vscode"
  | "vscode-settings"
  | "gemini"
  | "windsurf"
  | "codex";

export const FORMAT_NAMES: Record<ImportFormat, string> = {
  "claude-desktop": "Claude Desktop",
  "claude-code": "Claude Code (.mcp.json)",
  "claude-code-user": "Claude Code (~/.claude.json)",
  cursor: "Cursor",
  vscode: "VS Code (mcp.json)",
  "vscode-settings": "VS Code (settings.json)",
  gemini: "Gemini CLI",
  windsurf: "Windsurf",
  codex: "Codex (config.toml)",
};

export interface RawServer {
  name: string;
  raw: unknown;
  /** Set for a project entry of ~/.claude.json: the project directory it belongs to. */
  project?: string;
}

export interface Extracted {
  servers: RawServer[];
  notes: string[];
  /** The folder `${workspaceFolder}` and relative paths refer to. */
  workspace: string;
}

const GEMINI_KEYS = ["httpUrl", "trust", "includeTools", "excludeTools", "timeout", "authProviderType"];

export function detectFormat(file: string, value: unknown): ImportFormat | undefined {
  if (!isObject(value)) return undefined;
  const base = basename(file).toLowerCase();
  const parent = basename(dirname(file)).toLowerCase();
  if (base.endsWith(".toml")) return isObject(value.mcp_servers) ? "codex" : undefined;
  if (base === "claude_desktop_config.json") return "claude-desktop";
  if (base === ".claude.json" || isObject(value.projects)) return "claude-code-user";
  if (parent === ".cursor") return "cursor";
  if (isObject(value.servers) && !isObject(value.mcpServers)) return "vscode";
  if (isObject(value.mcp) && isObject(value.mcp.servers)) return "vscode-settings";
  const servers = isObject(value.mcpServers) ? Object.values(value.mcpServers) : undefined;
  if (servers === undefined) return undefined;
  if (parent === ".gemini" || servers.some((s) => isObject(s) && GEMINI_KEYS.some((k) => k in s)))
    return "gemini";
  if (
    base === "mcp_config.json" ||
    parent === "windsurf" ||
    servers.some((s) => isObject(s) && "serverUrl" in s)
  )
    return "windsurf";
  if (parent === ".vscode") return "vscode";
  return "claude-code";
}

/** The entries to import; for ~/.claude.json, the user-level ones and those of the project at `cwd`. */
export function extractServers(format: ImportFormat, file: string, value: unknown, cwd: string): Extracted {
  const root = isObject(value) ? value : {};
  const dir = dirname(resolve(file));
  const inDotDir = [".vscode", ".cursor", ".gemini"].includes(basename(dir));
  const workspace = inDotDir ? dirname(dir) : format === "claude-code" ? dir : cwd;
  const notes: string[] = [];
  const list = (map: unknown, project?: string): RawServer[] =>
    isObject(map)
      ? Object.entries(map).map(([name, raw]) => ({ name, raw, ...(project !== undefined && { project }) }))
      : [];

  switch (format) {
    case "vscode": {
      if (Array.isArray(root.inputs) && root.inputs.length > 0)
        notes.push(
          `"inputs" (${root.inputs.length} prompt${root.inputs.length === 1 ? "" : "s"}): codeagent does not prompt; each \${input:ID} became a \${VAR} to set in the environment, -D or .env`,
        );
      return { servers: list(root.servers), notes, workspace };
    }
    case "vscode-settings": {
      const mcp = isObject(root.mcp) ? root.mcp : {};
      if (Array.isArray(mcp.inputs) && mcp.inputs.length > 0)
        notes.push(
          `"mcp.inputs": codeagent does not prompt; each \${input:ID} became a \${VAR} to set in the environment, -D or .env`,
        );
      return { servers: list(mcp.servers), notes, workspace };
    }
    case "claude-code-user": {
      const servers = list(root.mcpServers);
      const projects = isObject(root.projects) ? root.projects : {};
      const here = resolve(cwd);
      for (const [path, p] of Object.entries(projects)) {
        const own = list(isObject(p) ? p.mcpServers : undefined, path);
        if (own.length === 0) continue;
        if (resolve(path) !== here) {
          notes.push(
            `project ${path} has ${own.length} server(s) of its own (${own.map((s) => s.name).join(", ")}); run the import from that directory to copy them`,
          );
          continue;
        }
        for (const s of own) {
          const i = servers.findIndex((u) => u.name === s.name);
          if (i >= 0) {
            notes.push(
              `"${s.name}" is defined for the user and for this project; the project's definition is used`,
            );
            servers.splice(i, 1);
          }
          servers.push(s);
        }
      }
      return { servers, notes, workspace: here };
    }
    case "codex":
      return { servers: list(root.mcp_servers), notes, workspace };
    default:
      return { servers: list(root.mcpServers), notes, workspace };
  }
}
