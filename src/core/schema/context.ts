// The state of one sanitizer run: limits, the node budget, the path of schema objects being expanded
// (cycle detection), and the notes collected for the user.
import { stripControlLine } from "../text/strip.js";
import type { SanitizeOptions } from "./types.js";

export const DEFAULT_LIMITS = { maxDepth: 32, maxNodes: 10_000, maxDescription: 1000 } as const;

/** Past this many notes the rest are only counted: a hostile schema must not make the report huge. */
export const MAX_NOTES = 50;

export interface Ctx {
  readonly root: unknown;
  readonly maxDepth: number;
  readonly maxNodes: number;
  readonly maxDescription: number;
  nodes: number;
  nodeCapHit: boolean;
  /** Schema objects on the current path (raw objects and `$ref` targets): meeting one again is a cycle. */
  readonly stack: Set<object>;
  readonly notes: string[];
  notesDropped: number;
}

export function createCtx(root: unknown, opts: SanitizeOptions = {}): Ctx {
  return {
    root,
    // Depth is capped because the sanitizer recurses: a few hundred levels stay far from stack limits.
    maxDepth: clampInt(opts.maxDepth, DEFAULT_LIMITS.maxDepth, 0, 256),
    maxNodes: clampInt(opts.maxNodes, DEFAULT_LIMITS.maxNodes, 1, 10_000_000),
    maxDescription: clampInt(opts.maxDescription, DEFAULT_LIMITS.maxDescription, 0, 1_000_000),
    nodes: 0,
    nodeCapHit: false,
    stack: new Set(),
    notes: [],
    notesDropped: 0,
  };
}

/** Counts one node; `false` once the budget is spent. */
export function tick(ctx: Ctx): boolean {
  ctx.nodes += 1;
  if (ctx.nodes > ctx.maxNodes) ctx.nodeCapHit = true;
  return !ctx.nodeCapHit;
}

/** `path` is a JSON pointer into the sanitized schema ("" for the root). */
export function addNote(ctx: Ctx, path: string, message: string): void {
  if (ctx.notes.length >= MAX_NOTES) ctx.notesDropped += 1;
  else ctx.notes.push(stripControlLine(`${shortPath(path)}: ${message}`));
}

/** Deep paths keep their end, which names the part concerned. */
function shortPath(path: string): string {
  if (path === "") return "(root)";
  return path.length > 200 ? `…${path.slice(-199)}` : path;
}

export function finalNotes(ctx: Ctx): string[] {
  return ctx.notesDropped === 0 ? [...ctx.notes] : [...ctx.notes, `(${ctx.notesDropped} more notes)`];
}

export function pointer(path: string, ...keys: (string | number)[]): string {
  let p = path;
  for (const key of keys) {
    const k = String(key);
    p += k.includes("~") || k.includes("/") ? `/${k.replace(/~/g, "~0").replace(/\//g, "~1")}` : `/${k}`;
  }
  return p;
}

function clampInt(v: number | undefined, fallback: number, min: number, max: number): number {
  if (v === undefined || !Number.isFinite(v)) return fallback;
  return Math.min(max, Math.max(min, Math.floor(v)));
}
