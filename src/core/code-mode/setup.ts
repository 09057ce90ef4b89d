// What `toolMode` and `codeMode` (settings, `--tool-mode`) mean for an agent (§20.2): whether execute_code is
// offered (with its limits), and the tool-search mode the session runs with. A bad value is a usage error
// naming the flag or the settings key to change.
import { CodeagentError } from "../errors.js";
import { resolveToolMode, type Settings, type ToolMode, type ToolSearchMode } from "../settings.js";
import { parseCodeLimits, type CodeLimits } from "./limits.js";

export interface CodeModeSetup {
  mode: ToolMode | undefined;
  /** direct: never defer; search: always; unset: `toolSearch` decides; code: MCP tools stay deferred. */
  searchMode: ToolSearchMode;
  /** Set in code mode: the limits of each script. */
  limits?: CodeLimits;
}

export function codeModeSetup(
  flag: string | undefined,
  settings: Pick<Settings, "toolMode" | "codeMode">,
  toolSearch: ToolSearchMode,
): CodeModeSetup {
  const mode = resolveToolMode(flag, settings.toolMode);
  if (!mode.ok) throw new CodeagentError("USAGE", mode.message);
  switch (mode.mode) {
    case undefined:
      return { mode: undefined, searchMode: toolSearch };
    case "direct":
      return { mode: "direct", searchMode: "never" };
    case "search":
      return { mode: "search", searchMode: "always" };
    case "code": {
      const limits = parseCodeLimits(settings.codeMode?.value, settings.codeMode?.from ?? "settings.json");
      if (!limits.ok) throw new CodeagentError("USAGE", limits.message);
      return { mode: "code", searchMode: "always", limits: limits.limits };
    }
  }
}
