// The JSON Schema of the config file, generated from the zod schema and shipped as
// `schema/mcp-config.schema.json` (regenerate with `node scripts/gen-config-schema.mjs` after a build).
import { z } from "zod";
import { configSchemas } from "./schema.js";

export function configJsonSchema(): Record<string, unknown> {
  const generated = z.toJSONSchema(configSchemas().configFileSchema, { io: "input" });
  return {
    $schema: generated.$schema,
    title: "codeagent MCP server configuration",
    description:
      "MCP servers for codeagent ($CODEAGENT_HOME/mcp.json, .codeagent/mcp.json, .mcp.json or --mcp-config). " +
      "Values of command, args, env, cwd, url and headers may use ${VAR} and ${VAR:-default}.",
    ...generated,
  };
}
