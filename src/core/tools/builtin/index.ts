// The built-in tools of a coding agent (§10), registered into the one registry. (`task`, the sub-agent, is
// registered by the agent layer: it runs the loop itself.)
import type { ToolRegistry } from "../registry.js";
import type { ToolEntry } from "../types.js";
import { BackgroundJobs } from "./background.js";
import { bashOutputTool, killBashTool } from "./background-tools.js";
import { bashTool } from "./bash.js";
import type { BuiltinOptions } from "./common.js";
import { editFileTool } from "./edit-file.js";
import { globTool } from "./glob.js";
import { grepTool } from "./grep.js";
import { askUserTool, exitPlanModeTool } from "./interact.js";
import { listDirectoryTool } from "./list-directory.js";
import { multiEditTool } from "./multi-edit.js";
import { notebookEditTool } from "./notebook-edit.js";
import { readFileTool } from "./read-file.js";
import { todoWriteTool } from "./todo-write.js";
import { webFetchTool } from "./web-fetch.js";
import { writeFileTool } from "./write-file.js";

export type { BuiltinOptions } from "./common.js";
export type { PlanControl, UserChannel, UserQuestion } from "./interact.js";
export { BackgroundJobs } from "./background.js";
export { TodoList, type Todo, type TodoStatus } from "./todo-write.js";
export {
  askUserTool,
  bashOutputTool,
  bashTool,
  editFileTool,
  exitPlanModeTool,
  globTool,
  grepTool,
  killBashTool,
  listDirectoryTool,
  multiEditTool,
  notebookEditTool,
  readFileTool,
  todoWriteTool,
  webFetchTool,
  writeFileTool,
};

export function builtinTools(options: BuiltinOptions): ToolEntry[] {
  // One job set for bash, bash_output and kill_bash, so an id from one is known to the others.
  const opts = { ...options, jobs: options.jobs ?? new BackgroundJobs() };
  return [
    readFileTool(opts),
    writeFileTool(opts),
    editFileTool(opts),
    multiEditTool(opts),
    listDirectoryTool(opts),
    globTool(opts),
    grepTool(opts),
    bashTool(opts),
    bashOutputTool(opts),
    killBashTool(opts),
    notebookEditTool(opts),
    todoWriteTool(opts),
    webFetchTool(opts),
    askUserTool(opts),
    exitPlanModeTool(opts),
  ];
}

export function registerBuiltins(registry: ToolRegistry, opts: BuiltinOptions): void {
  for (const t of builtinTools(opts)) registry.register(t);
}
