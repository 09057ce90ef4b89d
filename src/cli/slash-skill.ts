// `/NAME ARGS` for skills and custom commands (§21), shared by `-p` and the interactive session: the message
// it becomes, its trusted `allowed-tools` allowed for the turn, and its `model` used for the turn.
import { parseSlash } from "../core/skills/arguments.js";
import { grantPatterns } from "../core/skills/grants.js";
import { invoke } from "../core/skills/invoke.js";
import type { AgentHost } from "../core/host/agent-setup.js";

export interface SlashTurn {
  name: string;
  /** The message the model gets in place of what was typed. */
  text: string;
  /** Notes for the user (a model that could not be used). */
  notes: string[];
  /** Ends the turn's grants and puts the model back. */
  release: () => void;
}

/** `undefined` when the text is not `/NAME …` of a known skill or command (it is then sent as typed). */
export async function expandSlash(
  host: Pick<AgentHost, "skills" | "gate" | "switchModel" | "model">,
  typed: string,
  o: { signal?: AbortSignal } = {},
): Promise<SlashTurn | undefined> {
  const slash = parseSlash(typed);
  if (slash === undefined) return undefined;
  if (slash.name.startsWith("mcp__")) await host.skills.mcp?.settled();
  else host.skills.refresh();
  if (host.skills.resolve(slash.name) === undefined) return undefined;
  const inv = await invoke(host.skills, slash.name, slash.args, o);
  const notes: string[] = [];
  const ungrant = host.gate.grant(grantPatterns(inv.grants));
  const before = host.model;
  let switched = false;
  if (inv.model !== undefined && inv.model !== before) {
    const r = host.switchModel(inv.model);
    if (r.ok) switched = true;
    else
      notes.push(
        `/${slash.name} asks for model ${inv.model}: ${r.message}; using ${before ?? "the current one"}`,
      );
  }
  return {
    name: slash.name,
    text: inv.text,
    notes,
    release: () => {
      ungrant();
      if (switched && before !== undefined) host.switchModel(before);
    },
  };
}
