// The result schemas the SDK is given for list pages and calls: loose, so that one malformed entry is judged on
// its own (lenient.ts) instead of failing the whole page (SPEC §11). Apart from the judging, which needs no zod.
import type { StandardSchemaV1 } from "@modelcontextprotocol/client";
import { z } from "zod";

/** A page of any list method: the items array is read by key and judged entry by entry. */
export const LenientListResult = z.looseObject({ nextCursor: z.string().optional() });

/**
 * Any JSON object, passed on as it came (no copy): a call's result is read field by field afterwards. A
 * Standard Schema of its own rather than zod's `looseObject({})`, which copied every result key by key.
 */
export const LenientObjectResult: StandardSchemaV1<Record<string, unknown>> = {
  "~standard": {
    version: 1,
    vendor: "codeagent",
    validate: (value) =>
      typeof value === "object" && value !== null && !Array.isArray(value)
        ? { value: value as Record<string, unknown> }
        : { issues: [{ message: `expected an object, got ${describe(value)}` }] },
  },
};

function describe(v: unknown): string {
  return v === null ? "null" : Array.isArray(v) ? "an array" : typeof v;
}
