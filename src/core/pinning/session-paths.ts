// A tool definition as pinned (§16) does not depend on where the session runs: servers such as Figma's put the
// working directory into a description, so the same tool listed from another project would read as "changed"
// and be withheld. Before hashing, every occurrence of the session's own paths — project directory, home, the
// other roots — is replaced by a placeholder, so a definition that differs only by them is the same pin.
import type { ToolDefinition } from "./definition.js";

export interface SessionPath {
  path: string;
  /** What the path becomes in the pinned form, e.g. `<cwd>`. */
  as: string;
}

/** The session's paths, longest first (a home directory is a prefix of the project directory). */
export function sessionPaths(o: { cwd: string; home?: string; others?: readonly string[] }): SessionPath[] {
  const all: SessionPath[] = [
    { path: o.cwd, as: "<cwd>" },
    ...(o.home !== undefined ? [{ path: o.home, as: "<home>" }] : []),
    ...(o.others ?? []).map((p) => ({ path: p, as: "<root>" })),
  ];
  const seen = new Set<string>();
  return all
    .map((p) => ({ ...p, path: p.path.replace(/(?<=.)[\\/]+$/, "") }))
    .filter((p) => p.path.length > 1 && !seen.has(p.path) && seen.add(p.path))
    .sort((a, b) => b.path.length - a.path.length);
}

/** The definition with the session's paths replaced in every string but the name; the same object when none occurs. */
export function withoutSessionPaths(d: ToolDefinition, paths: readonly SessionPath[]): ToolDefinition {
  if (paths.length === 0) return d;
  const { name, ...rest } = d;
  // Most definitions mention no session path: looking costs no copy of the schema (20 servers' listings were
  // tens of MB of garbage at start-up when every definition was rebuilt to find that out).
  if (!mentions(rest, paths)) return d;
  const patterns = paths.map((p) => ({ ...p, re: pathPattern(p.path) }));
  let changed = false;
  const walk = (v: unknown): unknown => {
    if (typeof v === "string") {
      if (!patterns.some((p) => v.includes(p.path))) return v;
      let out = v;
      for (const p of patterns) out = out.replace(p.re, p.as);
      if (out !== v) changed = true;
      return out;
    }
    if (Array.isArray(v)) return v.map(walk);
    if (typeof v === "object" && v !== null)
      return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)]));
    return v;
  };
  const out = { name, ...(walk(rest) as Omit<ToolDefinition, "name">) };
  return changed ? out : d;
}

/** Whether any string in `v` contains one of the paths (a cheap test; the pattern decides what is replaced). */
function mentions(v: unknown, paths: readonly SessionPath[]): boolean {
  if (typeof v === "string") {
    for (const p of paths) if (v.includes(p.path)) return true;
    return false;
  }
  if (typeof v !== "object" || v === null) return false;
  if (Array.isArray(v)) return v.some((x) => mentions(x, paths));
  for (const k in v)
    if (Object.hasOwn(v, k) && mentions((v as Record<string, unknown>)[k], paths)) return true;
  return false;
}

/** The path on its own: not the middle of a longer name (`/home/al` in `/home/alice`, `/x` in `/var/x`). */
function pathPattern(path: string): RegExp {
  const escaped = path.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`(?<![\\w.-])${escaped}(?![\\w-])`, "g");
}
