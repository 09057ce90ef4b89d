// A program's answer to elicitation (§9, §17): `createMcpHost({ onElicitation })` receives every server's
// `elicitation/create` — forms and URL requests — with the server's name, and its answer goes back to the server.
// Without it the host declines, as a session with no one to ask does. A URL that is not https (or http to a
// loopback address) is declined before the program sees it (§8.5).
import type { ElicitResult } from "@modelcontextprotocol/client";
import {
  askingClients,
  type ElicitationHandler,
  type ElicitationParams,
} from "../mcp/connection/elicitation.js";
import { checkUserUrl } from "../mcp/remote/user-url.js";

/** What the program is asked: the server's request (form: `message` + `requestedSchema`; url: `message` + `url`). */
export type ElicitationRequest = ElicitationParams & { server: string };

/** `{ action: "accept", content }` for a form, `{ action: "accept" }` once a URL was opened, or decline/cancel. */
export type ElicitationAnswer = ElicitResult;

export type OnElicitation = (request: ElicitationRequest, signal: AbortSignal) => Promise<ElicitationAnswer>;

/** The manager options that route every server's elicitation requests to the program. */
export function programElicitation(onElicitation: OnElicitation): ReturnType<typeof askingClients> {
  return askingClients((server): ElicitationHandler => async (params, signal) => {
    if ("url" in params && typeof params.url === "string" && !checkUserUrl(params.url, "elicitation URL").ok)
      return { action: "decline" };
    return onElicitation({ ...params, server }, signal);
  });
}

// What the terminal's elicitation dialogs use: the form read from a request's schema, its first draft and
// defaults, the URL check, and the handler that answers a client's requests.
export { checkDraft, formSpec, initialDraft } from "../mcp/connection/elicitation-form.js";
export { formDefaults, installElicitationHandler } from "../mcp/connection/elicitation.js";
export { checkUserUrl } from "../mcp/remote/user-url.js";
export { openBrowser } from "../mcp/oauth/browser.js";
