// `subscriptions/listen` (§14): a 2026-07-28 server sends no unsolicited notifications, so list changes reach a
// modern connection only on a listen stream. The SDK dispatches what arrives there to the handlers
// `installListChangedHandlers` registered, so the rest of the host stays era-blind. One stream per
// connection, for the lists the server says can change; a stream the server drops is opened again (a few
// times, with a pause), a deliberate stop never is. Legacy connections keep their notifications.
import type { Client, McpSubscription, SubscriptionFilter } from "@modelcontextprotocol/client";
import { errorMessage } from "../../errors.js";

/** What to listen for: the lists whose capability says `listChanged`; undefined when there is nothing. */
export function listenFilter(capabilities: Record<string, unknown>): SubscriptionFilter | undefined {
  const changes = (k: string) =>
    (capabilities[k] as { listChanged?: unknown } | undefined)?.listChanged === true;
  const filter: SubscriptionFilter = {
    ...(changes("tools") && { toolsListChanged: true }),
    ...(changes("prompts") && { promptsListChanged: true }),
    ...(changes("resources") && { resourcesListChanged: true }),
  };
  return Object.keys(filter).length > 0 ? filter : undefined;
}

const REOPEN_ATTEMPTS = 3;
const REOPEN_DELAY_MS = 1000;

export interface Listener {
  stop(): Promise<void>;
}

/** Opens the stream in the background (a start never waits on it); failures go to the server's log. */
export function listenForChanges(
  client: Client,
  capabilities: Record<string, unknown>,
  log: (text: string) => void,
): Listener | undefined {
  const filter = listenFilter(capabilities);
  if (filter === undefined) return undefined;
  let stopped = false;
  let current: McpSubscription | undefined;
  let timer: NodeJS.Timeout | undefined;
  const what = Object.keys(filter).join(", ");
  const open = async (attempt: number): Promise<void> => {
    try {
      const sub = await client.listen(filter);
      if (stopped) return void (await sub.close());
      current = sub;
      log(`listening for changes (${Object.keys(sub.honoredFilter).join(", ") || "none honoured"})`);
      const how = await sub.closed;
      if (stopped || how !== "remote") return;
      log("the server dropped the subscriptions/listen stream; opening it again");
      attempt = 0;
    } catch (e) {
      if (stopped) return;
      log(`subscriptions/listen (${what}) failed: ${errorMessage(e)}`);
    }
    if (attempt + 1 >= REOPEN_ATTEMPTS) return log("not listening for list changes any more");
    timer = setTimeout(() => void open(attempt + 1), REOPEN_DELAY_MS);
    timer.unref();
  };
  void open(0);
  return {
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await current?.close().catch(() => undefined);
    },
  };
}
