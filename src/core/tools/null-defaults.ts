// A property the server requires but that accepts null is offered to the model as optional (§6: providers
// handle "may be left out" better than "must be given, may be null"). The server still requires the key, so a
// call that leaves it out would fail its validation ("Required"): such keys are sent as null instead. Pure.
import type { ObjectSchema } from "../schema/types.js";

/** Keys the raw schema requires that the sanitized one kept as properties but no longer requires. */
export function nullDefaults(rawInputSchema: unknown, sanitized: ObjectSchema): string[] {
  if (typeof rawInputSchema !== "object" || rawInputSchema === null) return [];
  const required = (rawInputSchema as { required?: unknown }).required;
  if (!Array.isArray(required)) return [];
  const props = sanitized.properties ?? {};
  const still = new Set(sanitized.required ?? []);
  const out: string[] = [];
  for (const k of required) {
    if (typeof k === "string" && Object.hasOwn(props, k) && !still.has(k) && !out.includes(k)) out.push(k);
  }
  return out;
}

/** The arguments with each of `keys` the model left out set to null; the same object when none is missing. */
export function withNullDefaults(
  args: Record<string, unknown>,
  keys: readonly string[],
): Record<string, unknown> {
  if (keys.length === 0) return args; // most tools: nothing to add, nothing to allocate
  const missing = keys.filter((k) => !Object.hasOwn(args, k));
  if (missing.length === 0) return args;
  const out = { ...args };
  for (const k of missing) out[k] = null;
  return out;
}
