// What a subagent is once read from its markdown file (§23): a name the `task` tool's `subagent_type` takes, a
// description the model chooses by, the tools it may see, an optional model, and its system prompt (the body).

/** Project agents come with a cloned repository; user agents are the user's own. */
export type AgentScope = "project" | "user";

export interface SubagentDefinition {
  name: string;
  description: string;
  /**
   * Patterns over registered tool names (`read_file`, `mcp__srv__*`) the agent sees; undefined: every tool of
   * the session (Claude Code's "omit tools to inherit them all"). Never a permission: calls still pass the gate.
   */
  tools?: string[];
  /** `provider:model`, or a Claude Code alias (`sonnet`, `opus`, `haiku`); `inherit` is stored as absent. */
  model?: string;
  /** The body: the agent's system prompt. */
  prompt: string;
  scope: AgentScope;
  /** The discovery folder (`.claude/agents`), for listings. */
  dir: string;
  file: string;
  /** What was read leniently or left out (unknown tool names, ignored specifiers), for `/agents`. */
  problems: string[];
}

export interface InvalidSubagent {
  scope: AgentScope;
  dir: string;
  file: string;
  reason: string;
}

export interface SubagentScan {
  /** The definitions in use, one a name, in precedence order. */
  agents: SubagentDefinition[];
  /** Definitions a higher-precedence file of the same name replaced. */
  shadowed: { agent: SubagentDefinition; by: string }[];
  invalid: InvalidSubagent[];
}
