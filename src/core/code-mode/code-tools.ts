// The two tools the model gets in code mode (§20.2), besides the built-ins: `execute_code`, which runs a
// script against every registered tool, and a `search_tools` whose results are TypeScript declarations of
// the tools found, so the model writes the calls without their definitions in its context.
import type { ObjectSchema } from "../schema/sanitize.js";
import type { ToolRegistry } from "../tools/registry.js";
import type { ToolEntry, ToolResult } from "../tools/types.js";
import { declareTools, type DeclarableTool } from "./declarations.js";
import { warmEngine } from "./engine.js";
import { EXECUTE_CODE_TOOL, executeCode, type CodeRunDeps } from "./execute-code.js";

const DEFAULT_LIMIT = 5;
const MAX_LIMIT = 20;

export function executeCodeTool(deps: CodeRunDeps): ToolEntry {
  // The engine compiles while the servers start, not during the model's first script (a failure shows there).
  warmEngine().catch(() => undefined);
  const schema: ObjectSchema = {
    type: "object",
    properties: {
      code: {
        type: "string",
        description:
          "The body of an async JavaScript function: use await, end with return VALUE. Example: " +
          "const r = await tools.mcp__db__query({ sql: 'select 1' }); return r.rows.length;",
      },
    },
    required: ["code"],
  };
  const l = deps.limits;
  return {
    name: EXECUTE_CODE_TOOL,
    description:
      "Run JavaScript that calls tools as functions, for work that takes several tool calls: loops, filtering, " +
      'joining results. Every tool is `await tools.NAME(args)` (tools["NAME"] where NAME is not an identifier); ' +
      "it resolves with the tool's structured result when it has one, else its text, and rejects with an Error " +
      "(message, code) when the tool fails or the user refuses the call. Find tools and their TypeScript " +
      "declarations with search_tools. The result is what the script prints with console.log plus the value it " +
      "returns — return only what you need. Plain JavaScript only: no require/import, files, network, timers or " +
      `process. Limits: ${l.cpuMs} ms CPU, ${l.memoryMb} MB, ${l.wallMs} ms in all, ${l.maxCalls} tool calls, ` +
      `${l.maxOutputChars} characters of output.`,
    inputSchema: schema,
    rawInputSchema: schema,
    source: { type: "builtin" },
    // It reaches nothing by itself: each call it makes asks the permission gate on its own.
    readOnly: true,
    preview: (args) => ({ kind: "command", command: typeof args.code === "string" ? args.code : "" }),
    async execute(args, ctx): Promise<ToolResult> {
      const code = typeof args.code === "string" ? args.code : "";
      if (code.trim() === "")
        return failed('execute_code needs "code": the body of an async function, e.g. "return 1 + 1"');
      const r = await executeCode(code, deps, {
        ...(ctx.signal !== undefined && { signal: ctx.signal }),
        ...(ctx.onInnerCall !== undefined && { onInnerCall: ctx.onInnerCall }),
      });
      return { text: r.text, isError: r.isError, media: [], truncated: r.truncated };
    },
  };
}

/** The search index as this module uses it (src/core/search). */
export interface ToolIndex {
  search(query: string, opts?: { limit?: number }): { name: string }[];
}

export function codeSearchTool(deps: {
  name: string;
  index(): ToolIndex;
  registry: Pick<ToolRegistry, "get">;
}): ToolEntry {
  const schema: ObjectSchema = {
    type: "object",
    properties: {
      query: {
        type: "string",
        description: "What the tools should do, in a few words; or a tool name; or select:NAME1,NAME2.",
      },
      limit: {
        type: "integer",
        description: `Most tools to return (default ${DEFAULT_LIMIT}, at most ${MAX_LIMIT}).`,
      },
    },
    required: ["query"],
  };
  return {
    name: deps.name,
    description:
      "Find the tools to call from execute_code. Describe the task in a few words; the result is TypeScript " +
      "declarations of the matching tools (`interface Tools { NAME(args): Promise<Result> }`), their arguments " +
      "and results. Call them inside execute_code as `await tools.NAME(args)`.",
    inputSchema: schema,
    rawInputSchema: schema,
    source: { type: "builtin" },
    readOnly: true,
    execute: (args) => Promise.resolve(searchDeclarations(args, deps)),
  };
}

function searchDeclarations(
  args: Record<string, unknown>,
  deps: { name: string; index(): ToolIndex; registry: Pick<ToolRegistry, "get"> },
): ToolResult {
  const query = typeof args.query === "string" ? args.query.trim() : "";
  if (query === "")
    return failed(`${deps.name} needs a "query": the task in a few words, e.g. "create issue"`);
  const raw = typeof args.limit === "number" && Number.isFinite(args.limit) ? Math.floor(args.limit) : 5;
  const limit = Math.min(MAX_LIMIT, Math.max(1, raw));
  const found = deps
    .index()
    .search(query, { limit })
    .map((h) => deps.registry.get(h.name))
    .filter((e): e is ToolEntry => e !== undefined && e.name !== EXECUTE_CODE_TOOL && e.name !== deps.name);
  if (found.length === 0)
    return {
      text: `No tools match "${query}". Try other words for the task.`,
      isError: false,
      media: [],
      truncated: false,
    };
  const text =
    `${found.length} tool${found.length === 1 ? "" : "s"} found; call them inside execute_code as ` +
    "`await tools.NAME(args)`:\n" +
    declareTools(found.map(declarable));
  return { text, isError: false, media: [], truncated: false };
}

function declarable(e: ToolEntry): DeclarableTool {
  return {
    name: e.name,
    description: e.fullDescription ?? e.description,
    ...(e.source.type === "mcp" && { server: e.source.server }),
    inputSchema: e.rawInputSchema ?? e.inputSchema,
    ...(e.outputSchema !== undefined && { outputSchema: e.outputSchema }),
  };
}

function failed(text: string): ToolResult {
  return { text, isError: true, media: [], truncated: false };
}
