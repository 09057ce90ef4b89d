// The `--tools code` front (§22, §20.2): `search_tools` + `execute_code`. A caller's script calls tools as
// `await tools.NAME(args)` in the host's QuickJS isolate (code mode, the function under `host.executeCode`),
// bound to the tools the caller's profile shows and nothing else: a hidden tool is neither callable nor
// listed in `Object.keys(tools)`. Inner calls take the host's gated path (pins, supervisors, timeouts).
import type { CallToolResult, ServerContext, Tool } from "@modelcontextprotocol/server";
import { executeCode } from "../code-mode/execute-code.js";
import { DEFAULT_CODE_LIMITS } from "../code-mode/limits.js";
import type { ToolEntry } from "../tools/types.js";
import type { ToolSourceLookup } from "../tools/registry.js";
import { callerToolName, type CallerToolViews } from "./catalog.js";
import type { Profile } from "./profiles.js";
import { SEARCH_TOOLS } from "./search-front.js";

const l = DEFAULT_CODE_LIMITS;

export const CODE_TOOLS: Tool[] = [
  {
    ...(SEARCH_TOOLS[0] as Tool),
    description:
      "Find tools for a task. Returns the best matching tools, each with the NAME to call in execute_code as `await tools.NAME(args)`, its description and input schema.",
  },
  {
    name: "execute_code",
    description:
      "Run JavaScript that calls tools as functions, for work that takes several tool calls. Every tool is " +
      '`await tools.NAME(args)` (tools["NAME"] where NAME is not an identifier), NAME from search_tools; it ' +
      "resolves with the tool's structured result when it has one, else its text, and rejects with an Error " +
      "when the tool fails. The result is what the script prints with console.log plus the value it returns. " +
      `Plain JavaScript only: no require/import, files, network, timers or process. Limits: ${l.cpuMs} ms CPU, ` +
      `${l.memoryMb} MB, ${l.wallMs} ms in all, ${l.maxCalls} tool calls, ${l.maxOutputChars} characters of output.`,
    inputSchema: {
      type: "object" as const,
      properties: {
        code: {
          type: "string",
          description:
            "The body of an async JavaScript function: use await, end with return VALUE. Example: " +
            "const r = await tools.mcp__db__query({ sql: 'select 1' }); return r.rows.length;",
        },
      },
      required: ["code"],
    },
  },
];

/** The registry as a script of this caller sees it: the profile's tools, by their registered names. */
export function profileRegistry(views: CallerToolViews, profile: Profile) {
  const get = (name: string): ToolEntry | undefined => {
    const entry = views.of(profile).get(callerToolName(name))?.entry;
    return entry?.name === name ? entry : undefined;
  };
  return {
    list: (): ToolEntry[] => [...views.of(profile).values()].map((t) => t.entry),
    get,
    // A tool the profile hides is unknown to the caller, withheld or not: nothing about it is told.
    lookup: (name: string): ToolSourceLookup => {
      const entry = get(name);
      return entry !== undefined ? { found: "tool", entry } : { found: "none" };
    },
  };
}

export async function runCallerCode(
  views: CallerToolViews,
  profile: Profile,
  args: Record<string, unknown>,
  ctx: ServerContext,
): Promise<CallToolResult> {
  const code = args.code;
  if (typeof code !== "string" || code.trim() === "")
    return {
      content: [
        {
          type: "text",
          text: 'execute_code needs "code": the body of an async function, e.g. "return 1 + 1"',
        },
      ],
      isError: true,
    };
  const r = await executeCode(
    code,
    { registry: profileRegistry(views, profile), limits: { ...DEFAULT_CODE_LIMITS } },
    { signal: ctx.mcpReq.signal },
  );
  return { content: [{ type: "text", text: r.text }], ...(r.isError && { isError: true }) };
}
