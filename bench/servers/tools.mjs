// Tools shared by the bench servers: echo(text), big(kb) and 50 dummy tools whose input schemas look like real
// ones (nested objects, enums, arrays of objects, records, unions, defaults), ~2 KB of JSON Schema each.
import { z } from "zod";

const text = (t) => ({ content: [{ type: "text", text: t }] });
const BIG_UNIT = "0123456789abcdefghijklmnopqrstuvwxyz\n";
export const DUMMY_TOOLS = 50;
/** echo + big + the dummies. */
export const TOOLS_PER_SERVER = 2 + DUMMY_TOOLS;

function dummyShape(i) {
  return {
    query: z
      .string()
      .min(1)
      .describe(`Search query for dataset ${i}; supports quoted phrases and -exclusions`),
    mode: z
      .enum(["fast", "balanced", "thorough"])
      .default("balanced")
      .describe("Trade-off between speed and recall"),
    limit: z.number().int().min(1).max(500).default(50).describe("Maximum number of results to return"),
    filters: z
      .object({
        tags: z.array(z.string()).optional().describe("Only items carrying all of these tags"),
        createdAfter: z.string().optional().describe("ISO 8601 date; only items created after it"),
        owner: z
          .object({
            id: z.string().describe("Owner id"),
            kind: z.enum(["user", "team", "bot"]).describe("What kind of owner"),
          })
          .optional(),
        score: z.object({ min: z.number().optional(), max: z.number().optional() }).optional(),
      })
      .optional()
      .describe("Narrow the result set"),
    sort: z
      .array(
        z.object({
          field: z.string().describe("Field to sort on"),
          direction: z.enum(["asc", "desc"]).default("asc"),
        }),
      )
      .optional()
      .describe("Sort keys, most significant first"),
    metadata: z.record(z.string(), z.string()).optional().describe("Free-form key/value annotations"),
    target: z
      .union([
        z.object({ type: z.literal("file"), path: z.string().describe("Path relative to the workspace") }),
        z.object({ type: z.literal("url"), url: z.string().describe("Absolute http(s) URL") }),
      ])
      .optional()
      .describe("Where to write the results"),
    dryRun: z.boolean().default(false).describe("Validate the request without executing it"),
  };
}

export function registerTools(server) {
  server.registerTool(
    "echo",
    { description: "Returns the text", inputSchema: { text: z.string() } },
    ({ text: t }) => text(t),
  );
  server.registerTool(
    "big",
    { description: "Returns kb KiB of text", inputSchema: { kb: z.number().int().min(0) } },
    ({ kb }) => text(BIG_UNIT.repeat(Math.ceil((kb * 1024) / BIG_UNIT.length)).slice(0, kb * 1024)),
  );
  for (let i = 0; i < DUMMY_TOOLS; i++) {
    const n = String(i).padStart(2, "0");
    server.registerTool(
      `dummy_${n}`,
      {
        description: `Dummy tool ${n}: searches dataset ${i} and returns matching records. Used to give tools/list a realistic size.`,
        inputSchema: dummyShape(i),
        annotations: { readOnlyHint: i % 2 === 0 },
      },
      () => text(`dummy ${n}`),
    );
  }
}
