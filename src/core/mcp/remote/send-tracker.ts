// Notifications go out without anyone awaiting them (the SDK's notifications/cancelled); a session must not be
// ended while one is on its way, or the server sees it after the DELETE and logs a transport error.
import type { Transport } from "@modelcontextprotocol/client";

export class SendTracker {
  private readonly sending = new Set<Promise<void>>();

  /** Wraps `transport.send` so that every notification is tracked until it has gone out (or failed). */
  track(transport: Transport): void {
    const send = transport.send.bind(transport);
    transport.send = (message, options) => {
      const p = send(message, options);
      if (!("id" in message)) {
        this.sending.add(p);
        p.then(
          () => this.sending.delete(p),
          () => this.sending.delete(p),
        );
      }
      return p;
    };
  }

  /** Resolves once every tracked notification has settled, or after `maxMs`. */
  async settled(maxMs: number): Promise<void> {
    if (this.sending.size === 0) return;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.allSettled(this.sending),
      new Promise((r) => (timer = setTimeout(r, maxMs).unref())),
    ]);
    clearTimeout(timer);
  }
}
