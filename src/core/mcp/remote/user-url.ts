// URLs the host opens or prints for the user (OAuth authorization, elicitation in URL mode) come from servers,
// so they are checked first (§8.5): https:, or http: to a loopback address — never file:, javascript:, data:
// or a custom scheme a browser opener would hand to another program. Pure.
export type UserUrlCheck = { ok: true; url: URL } | { ok: false; message: string };

const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i;

/** `what` names the endpoint in the refusal, e.g. `the authorization endpoint of "api"`. */
export function checkUserUrl(raw: string | URL, what: string): UserUrlCheck {
  let url: URL;
  try {
    url = raw instanceof URL ? raw : new URL(raw);
  } catch {
    return {
      ok: false,
      message: `${what} is not a valid URL (${JSON.stringify(String(raw).slice(0, 200))}); refusing to open it`,
    };
  }
  if (url.protocol === "https:") return { ok: true, url };
  if (url.protocol === "http:" && LOOPBACK.test(url.hostname)) return { ok: true, url };
  const shown = `${url.protocol}//${url.host}${url.pathname}`.slice(0, 200);
  return {
    ok: false,
    message:
      url.protocol === "http:"
        ? `${what} (${shown}) uses plain http: to a non-loopback host; only https: (or http: to localhost) is opened`
        : `${what} (${shown}) is a ${url.protocol} URL; only https: (or http: to localhost) is opened or shown`,
  };
}
