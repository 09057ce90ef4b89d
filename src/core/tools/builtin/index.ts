// The built-in tools of a coding agent (§10), registered into the one registry.
import type { ToolRegistry } from "../registry.js";
import type { ToolEntry } from "../types.js";
import { bashTool } from "./bash.js";
import type { BuiltinOptions } from "./common.js";
import { editFileTool } from "./edit-file.js";
import { globTool } from "./glob.js";
import { grepTool } from "./grep.js";
import { listDirectoryTool } from "./list-directory.js";
import { readFileTool } from "./read-file.js";
import { writeFileTool } from "./write-file.js";

export type { BuiltinOptions } from "./common.js";
export { bashTool, editFileTool, globTool, grepTool, listDirectoryTool, readFileTool, writeFileTool };

export function builtinTools(opts: BuiltinOptions): ToolEntry[] {
  return [
    readFileTool(opts),
    writeFileTool(opts),
    editFileTool(opts),
    listDirectoryTool(opts),
    globTool(opts),
    grepTool(opts),
    bashTool(opts),
  ];
}

export function registerBuiltins(registry: ToolRegistry, opts: BuiltinOptions): void {
  for (const t of builtinTools(opts)) registry.register(t);
}
