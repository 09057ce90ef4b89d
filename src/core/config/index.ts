// The configuration layer (§3): load and merge config files, validate entries, expand ${VAR}, edit files.
export type * from "./types.js";
export {
  loadConfig,
  configFiles,
  readConfigFile,
  type LoadConfigOptions,
  type ConfigFileRef,
  type ConfigFileContents,
} from "./load.js";
export {
  expandTemplate,
  expandServerConfig,
  lookupVariable,
  type VariableLookup,
  type ExpandTemplateResult,
  type ExpandConfigResult,
} from "./expand.js";
export { loadVariableLookup, parseDefines, readDotenv } from "./variables.js";
export {
  addServer,
  removeServer,
  configFileForScope,
  entryFromAddArgs,
  type AddServerResult,
  type AddArgs,
} from "./write.js";
export { validateServerEntry, type EntryResult, type EntryLocation } from "./validate-entry.js";
export {
  DEFAULTS,
  SERVER_NAME_PATTERN,
  serverNameProblem,
  configSchemas,
  type ServerEntry,
} from "./schema.js";
export { parseJsonc, type ParseJsonResult, type JsonPosition } from "./parse-json.js";
export { configJsonSchema } from "./json-schema.js";
