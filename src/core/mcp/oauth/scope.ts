// Which scope to ask for, and what an HTTP answer says about authorization. Pure, so the rules are tested
// as a table. The SDK's auth() falls back to the protected resource's scopes_supported when we pass none.

export type Challenge =
  | { kind: "unauthorized"; scope?: string; resourceMetadataUrl?: string }
  | { kind: "insufficient_scope"; scope?: string; resourceMetadataUrl?: string };

/** A 401, or a 403 whose WWW-Authenticate says insufficient_scope; anything else is no challenge. */
export function challengeOf(status: number, wwwAuthenticate: string | null): Challenge | undefined {
  const params = parseBearerParams(wwwAuthenticate);
  const extra = {
    ...(params.scope !== undefined && params.scope !== "" && { scope: params.scope }),
    ...(params.resource_metadata !== undefined && { resourceMetadataUrl: params.resource_metadata }),
  };
  if (status === 401) return { kind: "unauthorized", ...extra };
  if (status === 403 && params.error === "insufficient_scope")
    return { kind: "insufficient_scope", ...extra };
  return undefined;
}

/** `Bearer k="v", k2=v2` (or a DPoP challenge, RFC 9449 §7.1) → {k: v, k2: v2}; other schemes give {}. */
export function parseBearerParams(header: string | null): Record<string, string> {
  if (header === null) return {};
  const m = /^\s*(?:Bearer|DPoP)\b(.*)$/is.exec(header);
  if (m === null) return {};
  const out: Record<string, string> = {};
  const re = /([A-Za-z_][A-Za-z0-9_-]*)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^\s,]+))/g;
  for (const p of (m[1] ?? "").matchAll(re)) {
    const key = p[1]!.toLowerCase();
    out[key] = p[2] !== undefined ? p[2].replace(/\\(.)/g, "$1") : (p[3] ?? "");
  }
  return out;
}

export interface ScopeInputs {
  challenge: Challenge | undefined;
  /** `oauth.scopes` from the config. */
  configured?: readonly string[];
  /** Scope of the tokens we hold (kept on a step-up, so nothing granted before is lost). */
  granted?: string;
  /** Scope remembered from an earlier step-up nobody could authorize. */
  remembered?: string;
}

/**
 * The server's challenge first (it knows what this request needs), plus what the user configured; a step-up
 * (403) also keeps the scope already granted. Undefined lets the SDK use scopes_supported, or omit scope.
 */
export function chooseScope(i: ScopeInputs): string | undefined {
  const parts: string[] = [];
  if (i.challenge?.kind === "insufficient_scope") parts.push(...words(i.granted));
  parts.push(...words(i.challenge?.scope), ...words(i.remembered), ...(i.configured ?? []));
  const unique = [...new Set(parts.filter((s) => s !== ""))];
  return unique.length === 0 ? undefined : unique.join(" ");
}

function words(s: string | undefined): string[] {
  return s === undefined ? [] : s.split(/\s+/).filter((w) => w !== "");
}
