// The loopback redirect target of an OAuth login (RFC 8252 §7.3): http://127.0.0.1:PORT/callback receives
// `code` and `state` from the browser (or a pasted redirect URL), checks the state, and hands the code over.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { CodeagentError } from "../../errors.js";

/** What the redirect carries: the code, and the issuer that sent it (RFC 9207 `iss`), checked by the SDK. */
export interface AuthorizationResponse {
  code: string;
  iss?: string;
}

export interface CallbackServer {
  readonly port: number;
  readonly redirectUrl: string;
  /** Resolves with the code of the first redirect carrying `state`; rejects on an error redirect. */
  waitForCode(state: string, signal?: AbortSignal): Promise<AuthorizationResponse>;
  /** Feeds a redirect URL by hand (pasted by the user); says what was wrong with it, if anything. */
  deliver(url: string): { ok: true } | { ok: false; message: string };
  close(): Promise<void>;
}

interface Waiter {
  state: string;
  resolve: (r: AuthorizationResponse) => void;
  reject: (e: Error) => void;
}

export async function startCallbackServer(
  opts: { port?: number; host?: string } = {},
): Promise<CallbackServer> {
  const host = opts.host ?? "127.0.0.1";
  let waiter: Waiter | undefined;

  const handle = (url: URL): { status: number; message: string } => {
    const params = url.searchParams;
    const w = waiter;
    if (w === undefined) return { status: 409, message: "No login is waiting for this redirect." };
    if (params.get("state") !== w.state)
      return { status: 400, message: "The state does not match this login; it was ignored." };
    const error = params.get("error");
    if (error !== null) {
      const why = params.get("error_description") ?? error;
      waiter = undefined;
      w.reject(new CodeagentError("NEEDS_AUTH", `the authorization server refused: ${why}`));
      return { status: 400, message: `Authorization failed: ${why}` };
    }
    const code = params.get("code");
    if (code === null || code === "") return { status: 400, message: "The redirect carries no code." };
    waiter = undefined;
    const iss = params.get("iss");
    w.resolve(iss === null ? { code } : { code, iss });
    return {
      status: 200,
      message: "Authorization complete. You can close this tab and return to codeagent.",
    };
  };

  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", `http://${host}`);
    if (req.method !== "GET" || url.pathname !== "/callback") {
      res.writeHead(404, { "content-type": "text/plain" }).end("not found\n");
      return;
    }
    const r = handle(url);
    res.writeHead(r.status, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" });
    res.end(`<!doctype html><title>codeagent</title><p>${escapeHtml(r.message)}</p>\n`);
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", (e: NodeJS.ErrnoException) => {
      const port = opts.port ?? 0;
      reject(
        e.code === "EADDRINUSE"
          ? new CodeagentError(
              "USAGE",
              `the OAuth callback port ${port} is in use; free it or set another oauth.callbackPort`,
            )
          : e,
      );
    });
    server.listen(opts.port ?? 0, host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;

  return {
    port,
    redirectUrl: `http://${host}:${port}/callback`,
    waitForCode(state, signal) {
      waiter?.reject(new CodeagentError("CANCELLED", "a newer authorization replaced this one"));
      return new Promise<AuthorizationResponse>((resolve, reject) => {
        // Stopped before the wait began (stdin closed while the server was still being discovered):
        // an abort listener added now would never fire, and the login would wait its whole timeout.
        if (signal?.aborted === true) {
          reject(new CodeagentError("CANCELLED", "the login was cancelled"));
          return;
        }
        const w: Waiter = { state, resolve, reject };
        waiter = w;
        signal?.addEventListener(
          "abort",
          () => {
            if (waiter !== w) return;
            waiter = undefined;
            reject(new CodeagentError("CANCELLED", "the login was cancelled"));
          },
          { once: true },
        );
      });
    },
    deliver(text) {
      let url: URL;
      try {
        url = new URL(text.trim());
      } catch {
        return { ok: false, message: "that is not a URL; paste the whole address the browser was sent to" };
      }
      const r = handle(url);
      return r.status === 200 || r.message.startsWith("Authorization failed")
        ? { ok: true }
        : { ok: false, message: r.message };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
