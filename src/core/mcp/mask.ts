// Secret masking for everything a server's log or our output shows: configured env/header values and
// variables whose names look secret are replaced before anything is stored or printed.

const SECRET_NAME = /TOKEN|KEY|SECRET|PASSWORD|PASSWD|AUTH|CREDENTIAL|COOKIE|SESSION/i;
const MIN_SECRET_LENGTH = 4;
export const MASK = "****";
const OAUTH_JSON_SECRET =
  /("(?:access_token|refresh_token|id_token|client_secret|code_verifier)"\s*:\s*")[^"]+"/g;
const OAUTH_FORM_SECRET =
  /((?:^|[?&\s])(?:access_token|refresh_token|client_secret|code_verifier|code|assertion)=)[^&\s"']+/g;

export function isSecretName(name: string): boolean {
  return SECRET_NAME.test(name);
}

/** Header values are always secret-ish (Authorization, cookies, API keys); env values only by name. */
export function secretsOf(input: {
  env?: Record<string, string>;
  headers?: Record<string, string>;
  variables?: Record<string, string | undefined>;
}): string[] {
  const out: string[] = [];
  for (const [k, v] of Object.entries(input.env ?? {})) if (isSecretName(k) || looksSecret(v)) out.push(v);
  for (const v of Object.values(input.headers ?? {})) {
    out.push(v);
    // "Bearer abc" → also mask "abc" on its own.
    const m = /^\s*\S+\s+(\S{4,})\s*$/.exec(v);
    if (m?.[1] !== undefined) out.push(m[1]);
  }
  for (const [k, v] of Object.entries(input.variables ?? {}))
    if (v !== undefined && isSecretName(k)) out.push(v);
  return out.filter((s) => s.length >= MIN_SECRET_LENGTH);
}

function looksSecret(v: string): boolean {
  return /^(sk|pk|ghp|gho|github_pat|xox[abp]|AKIA)[-_A-Za-z0-9]{8,}/.test(v);
}

export class Masker {
  private readonly secrets: string[];
  constructor(secrets: Iterable<string>) {
    // Longest first so a secret that contains another is replaced whole.
    this.secrets = [...new Set(secrets)]
      .filter((s) => s.length >= MIN_SECRET_LENGTH)
      .sort((a, b) => b.length - a.length);
  }

  mask(text: string): string {
    let out = text;
    for (const s of this.secrets) if (out.includes(s)) out = out.split(s).join(MASK);
    return (
      out
        .replace(/\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]{8,}/g, `$1 ${MASK}`)
        // OAuth material in a JSON body or a form/query string (token responses, redirect URLs).
        .replace(OAUTH_JSON_SECRET, `$1${MASK}"`)
        .replace(OAUTH_FORM_SECRET, `$1${MASK}`)
    );
  }

  with(more: Iterable<string>): Masker {
    return new Masker([...this.secrets, ...more]);
  }
}

/** A copy of a server config object with secret values masked, for `mcp get`. */
export function maskConfigValues(config: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...config };
  if (isRecord(out.env)) {
    out.env = Object.fromEntries(
      Object.entries(out.env).map(([k, v]) => [
        k,
        isSecretName(k) || (typeof v === "string" && looksSecret(v)) ? MASK : v,
      ]),
    );
  }
  if (isRecord(out.headers)) out.headers = Object.fromEntries(Object.keys(out.headers).map((k) => [k, MASK]));
  if (isRecord(out.oauth) && out.oauth.clientSecret !== undefined)
    out.oauth = { ...out.oauth, clientSecret: MASK };
  return out;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}
