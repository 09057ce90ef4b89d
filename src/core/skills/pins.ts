// Pins of MCP skills (§21.2, as §16 for tools), on the pinning store in a file of their own
// ($CODEAGENT_HOME/skill-pins.json): an approval is bound to the skill's whole resource set — every file's uri,
// size and digest — and its frontmatter, so any change to any file revokes it. The pin of a skill is a
// definition in the store's shape: name = the SKILL.md uri, title/description = the frontmatter's, and the
// whole frontmatter and resource list as the two hashed payload fields.
import type { ServerDefinition } from "../config/types.js";
import { serverIdentity } from "../pinning/identity.js";
import type { PinnedField, ToolDefinition } from "../pinning/definition.js";
import { pinMode } from "../pinning/pins.js";
import { acceptTools, reviewTools, type Acceptance, type PinMode, type Verdict } from "../pinning/review.js";
import type { PinStore } from "../pinning/store.js";
import type { Skill } from "@modelcontextprotocol/client/ext/skills";

/** The pin store's field names, as a reader of a skill diff knows them. */
const FIELD_NAMES: Record<PinnedField, string> = {
  title: "name",
  description: "description",
  inputSchema: "frontmatter",
  outputSchema: "resources",
  annotations: "annotations",
};

export function skillDefinition(s: Skill): ToolDefinition {
  return {
    name: s.uri,
    title: s.frontmatter.name,
    description: s.frontmatter.description,
    inputSchema: s.frontmatter,
    outputSchema: { resources: s.resources },
  };
}

export function skillFields(fields: readonly PinnedField[]): string[] {
  return fields.map((f) => FIELD_NAMES[f]);
}

export type SkillVerdict = Verdict & { reason?: string };

export interface SkillReview {
  /** By SKILL.md uri. */
  verdicts: Map<string, SkillVerdict>;
  /** Pinned skills the server no longer lists (their uris). */
  removed: string[];
  /** The pins could not be read: nothing is known to be what the user accepted. */
  unreadable?: string;
}

export class SkillPins {
  constructor(private readonly store: PinStore) {}

  get file(): string {
    return this.store.file;
  }

  /** Reviews a listing against the pins, recording first-sight and new skills. */
  review(def: ServerDefinition, skills: readonly Skill[], opts: { record?: boolean } = {}): SkillReview {
    const mode: PinMode = pinMode(def);
    const id = serverIdentity(def);
    const read = mode === "off" ? { ok: true as const, pins: undefined } : this.store.read(id);
    if (!read.ok) return { verdicts: new Map(), removed: [], unreadable: read.message };
    const review = reviewTools(read.pins, skills.map(skillDefinition), mode);
    if (opts.record !== false && (review.firstSight || review.record.length > 0)) {
      try {
        this.store.record(id, review.record);
      } catch {
        // Not recorded: the next listing reviews them again as new; nothing becomes trusted by this.
      }
    }
    const verdicts = new Map<string, SkillVerdict>();
    for (const v of review.verdicts) {
      if (v.status === "changed") {
        const fields = skillFields(v.fields).join(", ");
        verdicts.set(v.name, {
          ...v,
          reason: withheld(def.name, `its files changed since accepted (${fields})`),
        });
      } else if (v.status === "new" && !v.usable) {
        verdicts.set(v.name, {
          ...v,
          reason: withheld(def.name, 'it is new on this server (pinning: "strict")'),
        });
      } else verdicts.set(v.name, v);
    }
    return { verdicts, removed: review.removed };
  }

  /** Accepts what the server lists now for `uris` (every change when empty). */
  accept(def: ServerDefinition, skills: readonly Skill[], uris: readonly string[]): Acceptance {
    return this.store.update(serverIdentity(def), (pins) => {
      const a = acceptTools(pins, skills.map(skillDefinition), uris);
      return { pins: a.pins, result: a };
    });
  }

  /** The pinned definition of a skill, for a diff against what is listed now. */
  pinned(def: ServerDefinition, uri: string): ToolDefinition | undefined {
    const read = this.store.read(serverIdentity(def));
    if (!read.ok || read.pins === undefined || !Object.hasOwn(read.pins, uri)) return undefined;
    return read.pins[uri]?.definition;
  }
}

function withheld(server: string, why: string): string {
  return `${why}; withheld until accepted: review with codeagent skills show, then run codeagent mcp accept ${server}`;
}
