// The library (§17): `import { createMcpHost, toAiSdkTools } from "codeagent"`. This is the package's whole
// public surface; everything else under dist/ is internal and may change between versions.
export {
  createMcpHost,
  type McpHost,
  type CallToolOptions,
  type ToolsChange,
  type PinChangeRow,
} from "./host/create-host.js";
export { toAiSdkTools, type AiSdkToolsOptions } from "./host/ai-sdk-tools.js";
export { DEFAULT_STARTUP_WAIT_MS, type McpHostOptions } from "./host/options.js";
export type { ElicitationRequest, ElicitationAnswer, OnElicitation } from "./host/elicitation.js";
export type { ServerRow, ToolRow, CallToolResult } from "./host/rows.js";
export type { SearchRow } from "./host/search.js";
export { CodeagentError, isCodeagentError, type ErrorCode } from "./errors.js";
export { sanitizeSchema, type ObjectSchema } from "./schema/sanitize.js";
export type { ServerStatus, ServerState, ServerSnapshot, ListNote } from "./mcp/servers/state.js";
export { VERSION } from "./version.js";
export type { ApprovalChecker } from "./mcp/servers/rules.js";
export type { McpManager } from "./mcp/servers/manager.js";
export type { ToolRegistry } from "./tools/registry.js";
export type { ToolProgress, InnerCallEvent } from "./tools/types.js";
export type { ExecuteCodeOptions } from "./host/execute-code.js";
export type { CodeRunResult } from "./code-mode/execute-code.js";
export type { ScriptError, ScriptStop } from "./code-mode/script-errors.js";
export { DEFAULT_CODE_LIMITS, type CodeLimits } from "./code-mode/limits.js";
export { declareTools, type DeclarableTool } from "./code-mode/declarations.js";
