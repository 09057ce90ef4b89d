// The result schemas the SDK is given for list pages and calls: loose, so that one malformed entry is judged on
// its own (lenient.ts) instead of failing the whole page (SPEC §11). Apart from the judging, which needs no zod.
import { z } from "zod";

/** A page of any list method: the items array is read by key and judged entry by entry. */
export const LenientListResult = z.looseObject({ nextCursor: z.string().optional() });
export const LenientObjectResult = z.looseObject({});
