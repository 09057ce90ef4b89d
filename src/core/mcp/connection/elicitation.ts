// Form elicitation (`elicitation/create`): the capability we declare, the handler hook, and the default for
// a session with no one to ask — decline, and say so in the server's log. The interactive UI replaces the
// handler through the manager's `setupClient`.
import type { Client } from "@modelcontextprotocol/client";
import type { ClientCapabilities, ElicitRequest, ElicitResult } from "@modelcontextprotocol/client";
import { personWaitsOf } from "./call-clock.js";
import { ROOTS_CAPABILITIES } from "./roots.js";

/** Form mode; the SDK fills in schema defaults for fields an accepted answer leaves out. */
export const ELICITATION_CAPABILITIES: ClientCapabilities = {
  elicitation: { form: { applyDefaults: true } },
};

/** With a person to ask (the interactive session): forms and URL mode (§8.5). */
export const ASKING_ELICITATION_CAPABILITIES: ClientCapabilities = {
  elicitation: { form: { applyDefaults: true }, url: {} },
};

export type ElicitationParams = ElicitRequest["params"];
export type ElicitationHandler = (params: ElicitationParams, signal: AbortSignal) => Promise<ElicitResult>;

/**
 * While the answer is pending, the connection's calls stop their clocks (call-clock.ts): a person filling in a
 * form, or still in the queue behind another prompt, does not time the call out.
 */
export function installElicitationHandler(client: Client, handler: ElicitationHandler): void {
  client.setRequestHandler("elicitation/create", (request, ctx) => {
    const answer = handler(request.params, ctx.mcpReq.signal);
    return personWaitsOf(client)?.hold(answer) ?? answer;
  });
}

/** The manager options of a session with a person to ask: every server's requests go to `handlerFor(server)`. */
export function askingClients(handlerFor: (server: string) => ElicitationHandler): {
  capabilities: ClientCapabilities;
  setupClient: (server: string, client: Client) => void;
} {
  return {
    capabilities: { ...ASKING_ELICITATION_CAPABILITIES, ...ROOTS_CAPABILITIES },
    setupClient: (server, client) => installElicitationHandler(client, handlerFor(server)),
  };
}

/** The non-interactive answer: decline, leaving a line in the server's log. */
export function declineElicitation(log: (text: string) => void): ElicitationHandler {
  return (params) => {
    log(`declined an elicitation request (no one to ask in this session): ${params.message.slice(0, 200)}`);
    return Promise.resolve({ action: "decline" });
  };
}

type JsonObject = Record<string, unknown>;

/** The `default` of every property of a form schema that has one (what a user accepting as-is would send). */
export function formDefaults(params: ElicitationParams): JsonObject {
  if (!("requestedSchema" in params)) return {};
  const props = (params.requestedSchema as { properties?: Record<string, unknown> }).properties ?? {};
  const out: JsonObject = {};
  for (const [key, prop] of Object.entries(props)) {
    if (typeof prop === "object" && prop !== null && "default" in prop)
      out[key] = (prop as JsonObject).default;
  }
  return out;
}
