import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { configJsonSchema } from "./json-schema.js";

describe("configJsonSchema", () => {
  it("is what schema/mcp-config.schema.json ships (regenerate: npm run build && node scripts/gen-config-schema.mjs)", () => {
    const shipped: unknown = JSON.parse(
      readFileSync(new URL("../../../schema/mcp-config.schema.json", import.meta.url), "utf8"),
    );
    expect(shipped).toEqual(configJsonSchema());
  });

  it("describes both root keys, every entry key, the name pattern and the transport aliases", () => {
    const schema = configJsonSchema() as {
      title: string;
      additionalProperties: boolean;
      properties: Record<
        string,
        {
          propertyNames: { pattern: string };
          additionalProperties: {
            properties: Record<string, { enum?: string[] }>;
            additionalProperties: boolean;
          };
        }
      >;
    };
    const servers = schema.properties.mcpServers;
    expect({
      title: schema.title,
      root: Object.keys(schema.properties),
      rootStrict: schema.additionalProperties,
      pattern: servers?.propertyNames.pattern,
      keys: Object.keys(servers?.additionalProperties.properties ?? {}),
      entryStrict: servers?.additionalProperties.additionalProperties,
      types: servers?.additionalProperties.properties.type?.enum,
      vscode: schema.properties.servers?.propertyNames.pattern,
    }).toEqual({
      title: "codeagent MCP server configuration",
      root: ["$schema", "mcpServers", "servers"],
      rootStrict: false,
      pattern: "^(?!.*__)[A-Za-z0-9_-]+$",
      keys: [
        "type",
        "command",
        "args",
        "env",
        "cwd",
        "url",
        "headers",
        "disabled",
        "enabled",
        "startupTimeoutMs",
        "startup",
        "idleTimeoutMs",
        "timeoutMs",
        "maxTotalTimeoutMs",
        "maxMessageBytes",
        "includeTools",
        "excludeTools",
        "trust",
        "alwaysLoad",
        "pinning",
        "roots",
        "oauth",
        "sandbox",
        "description",
      ],
      entryStrict: false,
      types: ["stdio", "http", "sse", "streamable-http", "streamableHttp"],
      vscode: "^(?!.*__)[A-Za-z0-9_-]+$",
    });
  });
});
