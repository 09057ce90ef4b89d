// What the CLI shows of a server beside its live state (which the manager gives): the log on disk, the config
// with its secrets masked, the lists' cache hints. The CLI reaches core/mcp through here and the manager.
export { describeHint } from "../mcp/servers/cache-hints.js";
export { logFilePath, readLogFile, ServerLog } from "../mcp/servers/logs.js";
export { maskConfigValues } from "../mcp/servers/mask.js";
export { EMPTY_LISTS, stateError } from "../mcp/servers/state.js";
