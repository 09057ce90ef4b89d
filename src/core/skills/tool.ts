// The `skill` tool (§21.1): the model sees skill names and descriptions in the system prompt and loads a body
// when it needs it. Loading is read-only; a trusted skill's `allowed-tools` are allowed from then on.
import { errorMessage } from "../errors.js";
import type { ObjectSchema } from "../schema/sanitize.js";
import { stripControl } from "../text/strip.js";
import type { ToolEntry, ToolResult } from "../tools/types.js";
import type { SkillCatalog } from "./catalog.js";
import { loadForModel } from "./invoke.js";

export const SKILL_TOOL = "skill";

const SCHEMA: ObjectSchema = {
  type: "object",
  properties: {
    name: { type: "string", description: "The skill's name, as listed under Skills in the system prompt" },
    file: {
      type: "string",
      description: "For skills of MCP servers (mcp__…): another file of the skill, by its path in the skill",
    },
  },
  required: ["name"],
};

export function skillTool(
  catalog: SkillCatalog,
  opts: { grant?: (patterns: string[]) => void } = {},
): ToolEntry {
  return {
    name: SKILL_TOOL,
    description:
      "Loads a skill: its instructions, and where its other files are. Call it when a task matches a skill's " +
      "description under Skills in the system prompt, before doing the task.",
    inputSchema: SCHEMA,
    rawInputSchema: SCHEMA,
    source: { type: "builtin" },
    readOnly: true,
    async execute(args, ctx): Promise<ToolResult> {
      const name = args.name;
      const file = args.file;
      if (typeof name !== "string" || name === "") return fail("skill: name must be a skill's name");
      if (file !== undefined && typeof file !== "string") return fail("skill: file must be a string path");
      try {
        const r = await loadForModel(
          catalog,
          name,
          file,
          ctx.signal !== undefined ? { signal: ctx.signal } : {},
        );
        if (r.grants.length > 0) opts.grant?.(r.grants);
        return { text: stripControl(r.text), isError: false, media: [], truncated: false };
      } catch (e) {
        return fail(errorMessage(e));
      }
    },
  };
}

function fail(text: string): ToolResult {
  return { text, isError: true, media: [], truncated: false };
}
