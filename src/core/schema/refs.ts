// Resolution of `$ref` inside one schema document: `#`, `#/$defs/X`, `#/definitions/X` and any JSON pointer
// (`#/properties/a/items`, with `~0`/`~1` and percent-escapes). Remote and anchor refs are not followed.
import { printable } from "../text/printable.js";
import { isObject, own } from "./json.js";

export type RefResolution = { found: true; target: unknown; name: string } | { found: false; reason: string };

export function resolveRef(ref: string, root: unknown): RefResolution {
  const fragment = localFragment(ref, root);
  if (fragment === undefined) return { found: false, reason: `remote reference ${brief(ref)} not followed` };
  if (fragment === "") return { found: true, target: root, name: "root" };
  if (!fragment.startsWith("/"))
    return { found: false, reason: `anchor reference ${brief(ref)} not supported` };
  let decoded = fragment;
  if (fragment.includes("%")) {
    try {
      decoded = decodeURIComponent(fragment);
    } catch {
      // not percent-encoded after all: use it as written
    }
  }
  const segments = decoded.slice(1).split("/");
  if (decoded.includes("~"))
    for (const [i, s] of segments.entries()) segments[i] = s.replace(/~1/g, "/").replace(/~0/g, "~");
  let cur = root;
  for (const seg of segments) {
    if (Array.isArray(cur) && /^(0|[1-9]\d*)$/.test(seg) && Number(seg) < cur.length) {
      cur = (cur as unknown[])[Number(seg)];
    } else if (isObject(cur) && Object.hasOwn(cur, seg)) {
      cur = cur[seg];
    } else {
      return { found: false, reason: `reference ${brief(ref)} not found` };
    }
  }
  return { found: true, target: cur, name: brief(segments[segments.length - 1] ?? "root") };
}

/** The part after `#` for refs into this document (also `<root $id>#…`); `undefined` for others. */
function localFragment(ref: string, root: unknown): string | undefined {
  if (ref.startsWith("#")) return ref.slice(1);
  const id = isObject(root) ? own(root, "$id") : undefined;
  if (typeof id !== "string" || id === "") return undefined;
  const base = id.split("#")[0] ?? "";
  if (ref === base) return "";
  return base !== "" && ref.startsWith(`${base}#`) ? ref.slice(base.length + 1) : undefined;
}

/** Refs end up in notes and descriptions: one line, printable, short. */
function brief(ref: string): string {
  return printable(ref, 80);
}
