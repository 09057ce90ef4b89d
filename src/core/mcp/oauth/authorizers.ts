// How the authorization URL reaches a user agent and the code comes back to us: the user's browser (or a
// URL to open by hand), or headless — fetching the URL and following its redirect to our own callback, for
// authorization servers that approve without a user (the conformance suite, tests, some enterprise IdPs).
import { CodeagentError } from "../../errors.js";
import { checkUserUrl } from "../remote/user-url.js";
import type { AuthorizationResponse, CallbackServer } from "./callback-server.js";

export interface Authorizer {
  /** The redirect URI registered with the authorization server. */
  readonly redirectUrl: string;
  /** Sends a user agent to `url`; resolves with the code (and `iss`) of the redirect that carries `state`. */
  authorize(url: URL, state: string): Promise<AuthorizationResponse>;
}

export interface UserAuthorizerOptions {
  /** Opens a browser on the URL; returns false when it could not (no display, `--no-browser`). */
  open: (url: URL) => boolean;
  /** Shows the URL (and how to finish) — always called, so the user can open it by hand. */
  show: (url: URL, opened: boolean) => void;
  signal?: AbortSignal;
}

export function userAuthorizer(callback: CallbackServer, opts: UserAuthorizerOptions): Authorizer {
  return {
    redirectUrl: callback.redirectUrl,
    authorize(url, state) {
      const checked = checkUserUrl(url, "the authorization server's authorization_endpoint");
      if (!checked.ok) return Promise.reject(new CodeagentError("NEEDS_AUTH", checked.message));
      const code = callback.waitForCode(state, opts.signal);
      code.catch(() => undefined);
      opts.show(url, opts.open(url));
      return code;
    },
  };
}

const MAX_HOPS = 5;

export function headlessAuthorizer(
  callback: CallbackServer,
  opts: { fetch?: typeof fetch; signal?: AbortSignal } = {},
): Authorizer {
  const f = opts.fetch ?? fetch;
  return {
    redirectUrl: callback.redirectUrl,
    async authorize(url, state) {
      const checked = checkUserUrl(url, "the authorization server's authorization_endpoint");
      if (!checked.ok) throw new CodeagentError("NEEDS_AUTH", checked.message);
      const code = callback.waitForCode(state, opts.signal);
      code.catch(() => undefined);
      let next = url;
      for (let hop = 0; hop < MAX_HOPS; hop++) {
        const res = await f(next, { redirect: "manual", ...(opts.signal && { signal: opts.signal }) });
        await res.body?.cancel();
        const location = res.headers.get("location");
        if (location === null) {
          throw new CodeagentError(
            "NEEDS_AUTH",
            `headless authorization needs a server that redirects at once, but ${next.origin} answered HTTP ${res.status}; run the login in a browser instead`,
          );
        }
        const target = new URL(location, next);
        if (`${target.origin}${target.pathname}` === callback.redirectUrl) {
          const done = await f(target, opts.signal ? { signal: opts.signal } : {});
          const text = await done.text();
          if (!done.ok) throw new CodeagentError("NEEDS_AUTH", `authorization failed: ${stripTags(text)}`);
          return code;
        }
        next = target;
      }
      throw new CodeagentError(
        "NEEDS_AUTH",
        `the authorization server redirected more than ${MAX_HOPS} times`,
      );
    },
  };
}

function stripTags(html: string): string {
  return html
    .replace(/<[^>]*>/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}
