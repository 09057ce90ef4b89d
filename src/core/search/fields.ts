// The fields a tool is indexed by, their weights and length normalisation (BM25F). A word in the tool's
// name says more than one in its parameters, which says more than one in its prose.
import type { TermTable } from "./term-table.js";
import type { SearchableTool } from "./types.js";

export const FIELDS = ["name", "server", "params", "description", "paramText"] as const;
export type Field = (typeof FIELDS)[number];

/** Weight of one occurrence, and how much the field's length dampens it (BM25's b). */
export const FIELD_SPEC: Record<Field, { weight: number; b: number }> = {
  name: { weight: 3, b: 0.3 },
  server: { weight: 1.5, b: 0 },
  params: { weight: 1.2, b: 0.5 },
  description: { weight: 1, b: 0.75 },
  paramText: { weight: 0.4, b: 0.75 },
};

/** Term ids per field (ids of one `TermTable`). */
export type FieldTerms = Record<Field, readonly number[]>;

export function fieldTerms(t: SearchableTool, table: TermTable): FieldTerms {
  const params = t.parameters ?? [];
  const paramText: number[] = [];
  const paramNames: number[] = [];
  for (const p of params) {
    append(paramNames, table.ids(p.name));
    if (p.description !== undefined) append(paramText, table.ids(p.description));
  }
  return {
    name: table.ids(t.tool ?? t.name),
    server: t.server === undefined ? [] : table.ids(t.server),
    params: paramNames,
    description: table.ids(t.description),
    paramText,
  };
}

/** `out.push(...ids)` without spreading an argument list per parameter. */
function append(out: number[], ids: readonly number[]): void {
  for (let i = 0; i < ids.length; i++) out.push(ids[i]!);
}
