// What one model step is sent (§10, §15.2): the definitions and the history the tool session prepared, and
// how the step treats a call to a tool the request did not carry (deferred, or found by the provider's search).
import type { LanguageModel, ModelMessage } from "ai";
import type { ToolRegistry } from "../tools/registry.js";
import type { StepInput } from "./stream-step.js";
import type { PreparedTools, ToolSession } from "./tool-session.js";

export interface StepParts {
  system: string;
  tools: StepInput["tools"];
  prepared: PreparedTools | undefined;
}

export function stepInput(
  { system, tools, prepared }: StepParts,
  o: {
    model: LanguageModel;
    messages: readonly ModelMessage[];
    toolSession: ToolSession;
    registry: Pick<ToolRegistry, "get">;
  } & Pick<StepInput, "signal" | "onEvent" | "onWarning">,
): StepInput {
  const { toolSession, registry } = o;
  return {
    model: o.model,
    system,
    messages: prepared?.history ?? [...o.messages],
    tools,
    ...(prepared !== undefined && { aiTools: prepared.aiTools }),
    // `search_tools` stays callable when the provider's own search replaced it in the request: a model (or a
    // prompt) that asks for it by name gets the local search instead of "no such tool".
    isRegistered: (name) => registry.get(name) !== undefined || name === toolSession.searchEntry.name,
    unknownToolHint: (name) => toolSession.unknownToolHint(name),
    unavailableReason: (name) => toolSession.unavailableReason(name),
    ...(prepared?.plan.search === "native" && {
      nativeSearch: {
        name: toolSession.searchName,
        found: (names: string[]) => toolSession.markFound(names),
      },
    }),
    ...(o.signal !== undefined && { signal: o.signal }),
    onEvent: o.onEvent,
    onWarning: o.onWarning,
  };
}
