// The host's MCP tools as AI SDK tools (§17), keyed by registered name, for `generateText({ tools })`.
// Every failure is a value the model reads (an error result), never a throw out of the SDK's tool loop.
// `ai` is only a type here (an optional peer of the library, v6 or v7): the types are the user's own `ai`'s,
// so its `ToolSet` is the one `generateText` expects, and the library loads without `ai` installed.
import type { JSONSchema7, Schema, Tool, ToolSet } from "ai";
import { errorMessage } from "../errors.js";
import type { McpHost } from "./create-host.js";
import type { CallToolResult } from "./rows.js";

export interface AiSdkToolsOptions {
  /** Only these servers' tools. Default: every server's. */
  servers?: string[];
  /** Per-call timeout passed to `callTool`. */
  timeoutMs?: number;
}

/**
 * A snapshot of the tools registered now: call it again after `host.on("tools", …)` to follow changes.
 * A tool's output is the `callTool` document; the model sees its `text` (an error result when `isError`).
 */
export function toAiSdkTools(host: McpHost, opts: AiSdkToolsOptions = {}): ToolSet {
  const only = opts.servers === undefined ? undefined : new Set(opts.servers);
  const set: ToolSet = {};
  for (const t of host.tools()) {
    if (t.server === null || (only !== undefined && !only.has(t.server))) continue;
    const entry: Tool<Record<string, unknown>, CallToolResult> = {
      description: t.description,
      inputSchema: jsonSchema(t.inputSchema ?? { type: "object", properties: {} }),
      metadata: { server: t.server, tool: t.tool },
      execute: async (args, { abortSignal }) => {
        try {
          return await host.callTool(t.name, args, {
            ...(abortSignal !== undefined && { signal: abortSignal }),
            ...(opts.timeoutMs !== undefined && { timeoutMs: opts.timeoutMs }),
          });
        } catch (e) {
          const text = `Error: ${errorMessage(e)}`;
          return { tool: t.name, isError: true, content: [], text, truncated: false };
        }
      },
      // The AI SDK passes `{ output }`; Mastra (1.x) calls it the AI SDK v5 way, with the output itself.
      toModelOutput: (arg: { output: CallToolResult } | CallToolResult) => {
        const output = "output" in arg ? arg.output : arg;
        const text = output.text === "" ? "(no output)" : output.text;
        return output.isError ? { type: "error-text", value: text } : { type: "text", value: text };
      },
    };
    set[t.name] = entry;
  }
  return set;
}

// What `jsonSchema()` of ai v6 and v7 returns (both mark a schema with this registered symbol and check
// `jsonSchema` and `validate` are present); made here so the library needs no runtime `ai`.
function jsonSchema(schema: object): Schema<Record<string, unknown>> {
  return {
    [Symbol.for("vercel.ai.schema")]: true,
    _type: undefined,
    jsonSchema: schema as JSONSchema7,
    validate: undefined,
  } as unknown as Schema<Record<string, unknown>>;
}
