// What a skill or custom command is once found (§21): where it came from, what the model and the user see of
// it, and what it may grant. Local ones come from folders on disk, MCP ones from a server's `skills/list`.

/** `skill`: a folder with SKILL.md (the model may load it); `command`: one markdown file the user invokes. */
export type SkillKind = "skill" | "command";

/** Where a definition lives: the user's own folders, the project's (a cloned repository), or a server. */
export type SkillScope = "user" | "project" | "mcp";

/**
 * `ok`; `invalid` (unreadable, bad frontmatter); `shadowed` (another definition of the name wins); `changed`
 * (an MCP skill whose files differ from the pinned ones); `needs-approval` (a project definition whose
 * `allowed-tools` the user has not approved: usable as text, grants nothing).
 */
export type SkillStatus = "ok" | "invalid" | "shadowed" | "changed" | "needs-approval";

export interface LocalSkill {
  kind: SkillKind;
  /** The invocation name: `/NAME`, `skill {name}`. */
  name: string;
  description: string;
  scope: "user" | "project";
  /** The discovery folder it was found in (`~/.claude/skills`), for listings. */
  dir: string;
  /** The file: SKILL.md or the command's .md. */
  file: string;
  /** The skill's folder (its other files are read with the ordinary tools); absent for commands. */
  root?: string;
  argumentHint?: string;
  /** Tool patterns the definition asks to run without a prompt while it is in use. */
  allowedTools: string[];
  /** `provider:model` to run the turn with. */
  model?: string;
  /** Claude Code's `disable-model-invocation`: only the user invokes it. */
  modelInvocable: boolean;
  body: string;
  /** sha256 (hex) of the file's bytes: project approvals are bound to it. */
  hash: string;
}

export interface InvalidDefinition {
  kind: SkillKind;
  scope: "user" | "project";
  dir: string;
  file: string;
  /** The name it would have had (folder or file name). */
  name: string;
  reason: string;
}
