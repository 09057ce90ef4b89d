// What a server changed and is waiting to be accepted, kept in the pin file beside its pins, so that
// `codeagent mcp accept NAME` can accept it without starting the server — which the CLI cannot do for a server
// that a program defined in code (§17). Pure: pins + pending → new pins.
import { setOwn } from "../permissions/json-file.js";
import { changedFields, pinnedForm, type ToolDefinition } from "./definition.js";
import type { Acceptance, ServerPins, ToolChange } from "./review.js";

export interface Pending {
  /** Tools listed with a definition that differs from their pin, or not accepted yet: what the server lists now. */
  tools: Record<string, ToolDefinition>;
  /** Pinned tools the server no longer lists. */
  removed: string[];
}

/** Accepts the pending definitions of `names` (every one when none are named). */
export function acceptPending(
  pins: ServerPins | undefined,
  pending: Pending,
  names?: readonly string[],
): Acceptance {
  const wanted = names === undefined || names.length === 0 ? undefined : new Set(names);
  const next: ServerPins = { ...(pins ?? {}) };
  const accepted: ToolChange[] = [];
  for (const [name, d] of Object.entries(pending.tools)) {
    if (wanted !== undefined && !wanted.has(name)) continue;
    const pin = pins !== undefined && Object.hasOwn(pins, name) ? pins[name] : undefined;
    const { hash, stored } = pinnedForm(d);
    setOwn(next, name, { hash, definition: stored, accepted: true });
    accepted.push(
      pin?.accepted === true
        ? { name, change: "changed", fields: changedFields(pin.definition, d) }
        : { name, change: "new", fields: [] },
    );
  }
  for (const name of pending.removed) {
    if (wanted !== undefined && !wanted.has(name)) continue;
    Reflect.deleteProperty(next, name);
    accepted.push({ name, change: "removed", fields: [] });
  }
  const known = new Set([...Object.keys(pending.tools), ...pending.removed, ...Object.keys(pins ?? {})]);
  const unknown = wanted === undefined ? [] : [...wanted].filter((n) => !known.has(n));
  return { pins: next, accepted, unknown };
}
