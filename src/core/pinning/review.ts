// The pinning decisions (§16), pure: a server's pins against the tools it lists now → a verdict per tool, the
// tools it stopped listing, and the pins to record. Accepting is pure too: pins + listed tools → new pins.
import { setOwn } from "../permissions/json-file.js";
import { declaresAll } from "./capability-profile.js";
import { changedFields, pinnedForm, toolHash, type PinnedField, type ToolDefinition } from "./definition.js";

/** `on` (default): changed tools withheld, new ones usable; `strict`: new ones withheld too; `off`: no pins. */
export type PinMode = "on" | "strict" | "off";
export const PIN_MODES: readonly PinMode[] = ["on", "strict", "off"];

export interface Pin {
  hash: string;
  definition: ToolDefinition;
  /** False for a tool first seen on an already pinned server: marked "new" until `mcp accept`. */
  accepted: boolean;
  /** The client capabilities declared when it was pinned (capability-profile.ts); absent in older pins. */
  seenWith?: string[];
}

/** What the listing was made under (both optional: without them a review is as before). */
export interface ReviewContext {
  /** The capabilities the client declared to the server (capabilityProfile). */
  profile?: readonly string[];
  /** Tool name → the hash of its definition as listed, where the pinned form differs (session paths taken out):
   * a pin made before paths were taken out still matches it. */
  listedHashes?: ReadonlyMap<string, string>;
  /** Tool name → `toolHash` of its listed definition, where already known; filled as hashes are made. */
  hashes?: Map<string, string>;
}

/** One server's pins by tool name. */
export type ServerPins = Record<string, Pin>;

export type Verdict =
  | { name: string; status: "first" | "pinned"; usable: true }
  | { name: string; status: "new"; usable: boolean }
  | { name: string; status: "changed"; usable: false; fields: PinnedField[]; before: ToolDefinition };

export interface Review {
  /** One per listed tool, in list order. */
  verdicts: Verdict[];
  /** Pinned tools the server no longer lists, sorted. */
  removed: string[];
  /** No pins existed for this server: this listing is trusted on first sight. */
  firstSight: boolean;
  /** Pins to add (never replacing one that exists). */
  record: Pin[];
}

/** What `mcp get`, `mcp list` and the UI report (§2.1 `changedTools`). */
export interface ToolChange {
  name: string;
  change: "new" | "changed" | "removed";
  fields: PinnedField[];
}

export function reviewTools(
  pins: ServerPins | undefined,
  listed: readonly ToolDefinition[],
  mode: PinMode,
  context: ReviewContext = {},
): Review {
  const profile = context.profile;
  if (mode === "off") {
    return {
      verdicts: listed.map((d) => ({ name: d.name, status: "pinned", usable: true })),
      removed: [],
      firstSight: false,
      record: [],
    };
  }
  if (pins === undefined) {
    return {
      verdicts: listed.map((d) => ({ name: d.name, status: "first", usable: true })),
      removed: [],
      firstSight: true,
      record: listed.map((d) => pinOf(d, true, profile)),
    };
  }
  const verdicts: Verdict[] = [];
  const record: Pin[] = [];
  const newCapability = declaresNewCapability(pins, profile);
  for (const d of listed) {
    const pin = Object.hasOwn(pins, d.name) ? pins[d.name] : undefined;
    if (pin === undefined && newCapability) {
      // Listed the first time the server is asked with this capability: trusted as on first sight.
      verdicts.push({ name: d.name, status: "first", usable: true });
      record.push(pinOf(d, true, profile));
    } else if (pin === undefined) {
      verdicts.push({ name: d.name, status: "new", usable: mode !== "strict" });
      record.push(pinOf(d, false, profile));
    } else if (pin.hash !== hashOf(d, context) && pin.hash !== context.listedHashes?.get(d.name)) {
      verdicts.push({
        name: d.name,
        status: "changed",
        usable: false,
        fields: changedFields(pin.definition, d),
        before: pin.definition,
      });
    } else if (!pin.accepted) {
      verdicts.push({ name: d.name, status: "new", usable: mode !== "strict" });
    } else {
      verdicts.push({ name: d.name, status: "pinned", usable: true });
    }
  }
  const names = new Set(listed.map((d) => d.name));
  // A tool seen only with a capability not declared now is absent for that reason, not removed.
  const removed = Object.keys(pins)
    .filter((n) => !names.has(n))
    .filter((n) => profile === undefined || declaresAll(profile, pins[n]?.seenWith ?? []))
    .sort();
  return { verdicts, removed, firstSight: false, record };
}

export function changesOf(review: Review): ToolChange[] {
  const out: ToolChange[] = [];
  for (const v of review.verdicts) {
    if (v.status === "changed") out.push({ name: v.name, change: "changed", fields: v.fields });
    else if (v.status === "new") out.push({ name: v.name, change: "new", fields: [] });
  }
  for (const name of review.removed) out.push({ name, change: "removed", fields: [] });
  return out;
}

export interface Acceptance {
  pins: ServerPins;
  /** What was accepted: each tool with its change. */
  accepted: ToolChange[];
  /** Names asked for that are neither listed nor pinned. */
  unknown: string[];
}

/**
 * Accepts the listed definitions of `names` (all changed, new and removed tools when none are named): their pins
 * become the listed definitions, and the pins of removed ones are dropped.
 */
export function acceptTools(
  pins: ServerPins | undefined,
  listed: readonly ToolDefinition[],
  names?: readonly string[],
  context: ReviewContext = {},
): Acceptance {
  const review = reviewTools(pins, listed, "strict", context);
  const changes = changesOf(review);
  const wanted = names === undefined || names.length === 0 ? undefined : new Set(names);
  const known = new Set([...listed.map((d) => d.name), ...Object.keys(pins ?? {})]);
  const unknown = wanted === undefined ? [] : [...wanted].filter((n) => !known.has(n));
  const next: ServerPins = { ...(pins ?? {}) };
  const accepted: ToolChange[] = [];
  for (const c of changes) {
    if (wanted !== undefined && !wanted.has(c.name)) continue;
    if (c.change === "removed") Reflect.deleteProperty(next, c.name);
    else {
      const d = listed.find((x) => x.name === c.name);
      if (d !== undefined) setOwn(next, c.name, pinOf(d, true, context.profile));
    }
    accepted.push(c);
  }
  // First sight: everything listed is pinned as accepted.
  if (pins === undefined) {
    for (const d of listed)
      if (!Object.hasOwn(next, d.name)) setOwn(next, d.name, pinOf(d, true, context.profile));
  }
  return { pins: next, accepted, unknown };
}

function hashOf(d: ToolDefinition, context: ReviewContext): string {
  let hash = context.hashes?.get(d.name);
  if (hash === undefined) {
    hash = toolHash(d);
    context.hashes?.set(d.name, hash);
  }
  return hash;
}

function pinOf(d: ToolDefinition, accepted: boolean, seenWith?: readonly string[]): Pin {
  const { hash, stored } = pinnedForm(d);
  return { hash, definition: stored, accepted, ...(seenWith !== undefined && { seenWith: [...seenWith] }) };
}

/** The profile declares a capability no pin of the server was seen with (pins from before profiles: unknown). */
function declaresNewCapability(pins: ServerPins, profile: readonly string[] | undefined): boolean {
  if (profile === undefined) return false;
  const seen = Object.values(pins).map((p) => p.seenWith);
  if (seen.length === 0 || seen.some((s) => s === undefined)) return false;
  const known = new Set(seen.flatMap((s) => s ?? []));
  return profile.some((k) => !known.has(k));
}
