// Starts a sub-agent for the `task` tool: the generic one (every tool but task, the session's model), or a
// defined agent (§23) with its prompt, its tools only, and its model when it names one. The options object
// is the main agent's, read at each start, so a `/model` switch reaches later sub-agents.
import { Agent } from "../loop.js";
import type { AgentOptions } from "../agent-options.js";
import type { ModelResolution } from "../providers.js";
import type { SubAgent } from "../task-tool.js";
import type { ToolSession } from "../tool-session.js";
import { subagentRegistry } from "./tools-view.js";
import type { SubagentDefinition } from "./types.js";

export type ResolvedModel = Extract<ModelResolution, { ok: true }>;

export interface StarterDeps {
  /** The main agent's options (its registry is the session's whole one). */
  options: () => AgentOptions;
  /** A definition's `model`, resolved as `--model` is (same providers, keys and base URL). */
  resolve: (spec: string) => ModelResolution;
  /** A tool session for a model (the session's current one when undefined). */
  toolSession: (model?: ResolvedModel) => ToolSession;
  /** Whether a provider takes image parts. */
  supportsMedia: (provider: string) => boolean;
}

export function subagentStarter(
  deps: StarterDeps,
): (agent?: SubagentDefinition) => SubAgent | { error: string } {
  return (agent) => {
    const base = deps.options();
    let model: ResolvedModel | undefined;
    if (agent?.model !== undefined) {
      const r = deps.resolve(agent.model);
      if (!r.ok) return { error: `model "${agent.model}" in ${agent.file}: ${r.message}` };
      model = r;
    }
    return new Agent({
      ...base,
      registry: subagentRegistry(base.registry, agent?.tools),
      toolSession: deps.toolSession(model),
      ...(agent !== undefined && { agentPrompt: agent.prompt }),
      ...(model !== undefined && {
        model: model.model,
        modelId: model.id,
        endpoint: model.endpoint,
        supportsMedia: deps.supportsMedia(model.provider),
      }),
    });
  };
}
