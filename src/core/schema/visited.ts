// What sanitizing one node yields, and the stub that stands in for a part that had to be cut.
import type { Ctx } from "./context.js";
import { addNote } from "./context.js";
import type { JsonSchema, JsonType } from "./types.js";

export interface Visited {
  schema: JsonSchema;
  /** `null` was accepted: as a property, the key leaves `required`. */
  optional: boolean;
  /** No value is valid (`false`): a property is dropped. */
  never: boolean;
}

export type Visit = (raw: unknown, ctx: Ctx, depth: number, path: string, fallback: JsonType) => Visited;

/** A permissive object standing in for a part past a limit or a cycle; `note` is like "(… cut)". */
export function cutNode(ctx: Ctx, path: string, note: string): Visited {
  addNote(ctx, path, note.replace(/^\((.*)\)$/, "$1"));
  return { schema: { type: "object", properties: {}, description: note }, optional: false, never: false };
}

export const NEVER: Readonly<Visited> = {
  schema: { type: "object", properties: {} },
  optional: false,
  never: true,
};
