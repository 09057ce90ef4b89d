// Whether a server that answered 401 offers an OAuth sign-in at all (§4.1 needs-auth vs a static key). A server
// that wants an API key answers 401 too, but publishes no protected-resource metadata (RFC 9728) and no
// authorization-server metadata at its origin; sending its user to `mcp login` ends in a failed client
// registration. Asked once per connection, and only when the 401 named no `resource_metadata`.
import type { FetchLike } from "@modelcontextprotocol/client";
import { CodeagentError } from "../../errors.js";

/** The metadata documents a 401 can lead to, in the order the SDK's discovery tries them. */
export function metadataUrls(serverUrl: string): string[] {
  const u = new URL(serverUrl);
  const path = u.pathname === "/" ? "" : u.pathname.replace(/\/$/, "");
  const prm = `${u.origin}/.well-known/oauth-protected-resource`;
  return [
    ...(path !== "" ? [`${prm}${path}`] : []),
    prm,
    `${u.origin}/.well-known/oauth-authorization-server`,
  ];
}

export async function offersOAuth(
  fetchFn: FetchLike,
  serverUrl: string,
  signal?: AbortSignal,
): Promise<boolean> {
  for (const url of metadataUrls(serverUrl)) {
    try {
      const res = await fetchFn(url, { headers: { accept: "application/json" }, ...(signal && { signal }) });
      const text = res.ok ? await res.text() : (await res.body?.cancel(), "");
      if (res.ok && isJsonObject(text)) return true;
    } catch {
      // Unreachable metadata is no metadata; the next document may still answer.
    }
  }
  return false;
}

/** The failure of a server that wants a key, naming the setting (the supervisor adds the config file). */
export function staticKeyNeeded(): CodeagentError {
  return new CodeagentError(
    "SERVER_UNAVAILABLE",
    "the server answered 401 Unauthorized and offers no OAuth sign-in, so it wants a key: set it in the entry's " +
      '"headers" (e.g. "Authorization": "Bearer ${API_KEY}", or `codeagent mcp add NAME URL -H "Authorization: Bearer …"`)',
  );
}

function isJsonObject(text: string): boolean {
  try {
    const v: unknown = JSON.parse(text);
    return typeof v === "object" && v !== null && !Array.isArray(v);
  } catch {
    return false;
  }
}
