// Secret masking for everything a server's log or our output shows: configured env/header values and
// variables whose names look secret are replaced before anything is stored or printed.
import { MASK, maskUserinfoDeep } from "./mask-userinfo.js";

export { MASK };

const SECRET_NAME = /TOKEN|KEY|SECRET|PASSWORD|PASSWD|AUTH|CREDENTIAL|COOKIE|SESSION/i;
const MIN_SECRET_LENGTH = 4;
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
  /** Resolved args: values after secret-named flags, `KEY=value` with a secret name, tokens after Bearer. */
  args?: readonly string[];
  /** Resolved URL: its userinfo and every query value. */
  url?: string;
}): string[] {
  const out: string[] = [...secretsInArgs(input.args ?? []), ...secretsInUrl(input.url ?? "")];
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
        .replace(
          URL_USERINFO,
          (_m, scheme: string, user: string | undefined) => `${scheme}${user ?? ""}${MASK}@`,
        )
        .replace(SECRET_FLAG_VALUE, `$1${MASK}`)
    );
  }

  with(more: Iterable<string>): Masker {
    return new Masker([...this.secrets, ...more]);
  }
}

/**
 * A copy of a server config *as written* with literal secrets masked, for `mcp get` (§3.3). `${VAR}` templates
 * are names, not values, so they stay visible; a literal value is masked where it is a secret by position:
 * env values with a secret name (or a token-like value), header values (all literal parts but the scheme),
 * args after a secret-named flag (`--token x`, `--api-key=x`, `API_KEY=x`, `Bearer x`), and in a URL the
 * userinfo and **every** literal query value (a query key says nothing reliable about its value's secrecy).
 */
export function maskConfigValues(config: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...config };
  if (isRecord(out.env)) {
    out.env = Object.fromEntries(
      Object.entries(out.env).map(([k, v]) => [
        k,
        typeof v === "string" && !hasLiteral(v)
          ? v
          : isSecretName(k) || (typeof v === "string" && looksSecret(v))
            ? MASK
            : v,
      ]),
    );
  }
  if (isRecord(out.headers))
    out.headers = Object.fromEntries(
      Object.entries(out.headers).map(([k, v]) => [k, typeof v === "string" ? maskHeaderValue(v) : MASK]),
    );
  if (Array.isArray(out.args) && out.args.every((a) => typeof a === "string")) out.args = maskArgs(out.args);
  if (typeof out.url === "string") out.url = maskUrl(out.url);
  if (isRecord(out.oauth)) out.oauth = maskOAuth(out.oauth);
  return maskUserinfoDeep(out) as Record<string, unknown>;
}

/**
 * clientSecret, a workload assertion, and the IdP's secret and ID token, unless written as one `${VAR}`
 * (which shows where the value comes from and is no secret itself); file paths are no secret either.
 */
function maskOAuth(o: Record<string, unknown>): Record<string, unknown> {
  const hide = (v: unknown) => (typeof v === "string" && /^\$\{[^}]*\}$/.test(v) ? v : MASK);
  const out = { ...o };
  for (const key of ["clientSecret", "assertion"]) if (out[key] !== undefined) out[key] = hide(out[key]);
  if (isRecord(out.idp)) {
    const idp = { ...out.idp };
    for (const key of ["clientSecret", "idToken"]) if (idp[key] !== undefined) idp[key] = hide(idp[key]);
    out.idp = idp;
  }
  return out;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

const TEMPLATE = /\$\{[^}]*\}/g;
/** A flag whose value is a credential: --token, --api-key, --password, --client-secret, --pat, … */
const SECRET_FLAG = /^--?([A-Za-z0-9][A-Za-z0-9_.-]*)$/;
const SECRET_FLAG_WORD = /(^|[-_.])(pat|pwd|pass)([-_.]|$)/i;
const URL_USERINFO = /\b([a-z][a-z0-9+.-]*:\/\/)([^\s/?#@:]*:)?[^\s/?#@]+@/gi;
const SECRET_FLAG_VALUE =
  /(--?[A-Za-z0-9_.-]*(?:token|key|secret|password|passwd|auth|credential)[A-Za-z0-9_.-]*[=\s]+)(?!\$\{)[^\s"'&]{4,}/gi;
/**
 * A credential pair as one positional argument, `ID:SECRET` or `ACCOUNT/KEY:SECRET` (Twilio's README passes
 * `AccountSid/ApiKey:ApiSecret`): a long secret of letters and digits after the colon. Short tails
 * (`mcp:start`, `localhost:6379`) and paths with more than one slash (`ghcr.io/org/img:tag`) are no such pair.
 */
const CREDENTIAL_PAIR = /^([A-Za-z0-9_.-]+(?:\/[A-Za-z0-9_.-]+)?):([A-Za-z0-9_+/=-]{16,})$/;
const SCHEME_VALUE = /^(Bearer|Basic|Token|Bot)\s+(.+)$/i;

/** True when something other than `${VAR}` templates and blanks is in the value (something to hide). */
function hasLiteral(v: string): boolean {
  return v.replace(TEMPLATE, "").trim() !== "";
}

function isSecretFlag(arg: string): boolean {
  const m = SECRET_FLAG.exec(arg);
  return m?.[1] !== undefined && (isSecretName(m[1]) || SECRET_FLAG_WORD.test(m[1]));
}

/** `Bearer abc` → `Bearer ****`; `Bearer ${TOKEN}` as written. */
function maskHeaderValue(v: string): string {
  if (!hasLiteral(v)) return v;
  const m = SCHEME_VALUE.exec(v.trim());
  if (m !== null) return hasLiteral(m[2] ?? "") ? `${m[1]} ${MASK}` : v;
  return MASK;
}

/** Masks the literal secrets of an argument list (see maskConfigValues); templates stay. Pure. */
export function maskArgs(args: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i] ?? "";
    const prev = i > 0 ? (args[i - 1] ?? "") : "";
    out.push(maskArg(a, isSecretFlag(prev) && !a.startsWith("-")));
  }
  return out;
}

function maskArg(a: string, afterSecretFlag: boolean): string {
  if (!hasLiteral(a)) return a;
  if (afterSecretFlag || looksSecret(a)) return MASK;
  const eq = /^(--?[A-Za-z0-9][A-Za-z0-9_.-]*=|[A-Za-z_][A-Za-z0-9_]*=)(.*)$/s.exec(a);
  if (eq !== null) {
    const name = (eq[1] ?? "").replace(/^-+|=$/g, "");
    const secret = isSecretName(name) || SECRET_FLAG_WORD.test(name);
    if (secret && hasLiteral(eq[2] ?? "")) return `${eq[1]}${MASK}`;
    return a;
  }
  const pair = CREDENTIAL_PAIR.exec(a);
  if (pair !== null && /[0-9]/.test(pair[2] ?? "") && /[A-Za-z]/.test(pair[2] ?? ""))
    return `${pair[1]}:${MASK}`;
  const header = /^([A-Za-z0-9-]+):\s*(.*)$/s.exec(a);
  if (header !== null && (isSecretName(header[1] ?? "") || /^authorization$/i.test(header[1] ?? "")))
    return `${header[1]}: ${maskHeaderValue(header[2] ?? "")}`;
  return a.replace(/\b(Bearer|Basic|Token)\s+(?!\$\{)\S+/gi, `$1 ${MASK}`);
}

/** Literal secrets in resolved args, for the log masker. */
export function secretsInArgs(args: readonly string[]): string[] {
  const out: string[] = [];
  const masked = maskArgs(args);
  for (let i = 0; i < args.length; i++) {
    const a = args[i] ?? "";
    const m = masked[i] ?? "";
    if (a === m) continue;
    if (m === MASK) out.push(a);
    else if (m.endsWith(MASK)) out.push(a.slice(m.length - MASK.length));
  }
  return out;
}

/** Splits a URL as written (templates and all; no URL parser, which would encode `${`). */
function urlParts(url: string): {
  head: string;
  userinfo?: string;
  rest: string;
  query?: string;
  hash: string;
} {
  const hashAt = url.indexOf("#");
  const hash = hashAt === -1 ? "" : url.slice(hashAt);
  const noHash = hashAt === -1 ? url : url.slice(0, hashAt);
  const qAt = noHash.indexOf("?");
  const beforeQuery = qAt === -1 ? noHash : noHash.slice(0, qAt);
  const m = /^([a-z][a-z0-9+.-]*:\/\/)([^/?#]*@)?(.*)$/is.exec(beforeQuery);
  const parts = {
    head: m?.[1] ?? "",
    rest: m?.[3] ?? beforeQuery,
    hash,
    ...(m?.[2] !== undefined && { userinfo: m[2].slice(0, -1) }),
    ...(qAt !== -1 && { query: noHash.slice(qAt + 1) }),
  };
  return parts;
}

/** Masks a URL's userinfo password (or a lone token as user) and every literal query value. Pure. */
export function maskUrl(url: string): string {
  const p = urlParts(url);
  let out = p.head;
  if (p.userinfo !== undefined) {
    const colon = p.userinfo.indexOf(":");
    if (colon === -1) out += hasLiteral(p.userinfo) ? `${MASK}@` : `${p.userinfo}@`;
    else {
      const pass = p.userinfo.slice(colon + 1);
      out += `${p.userinfo.slice(0, colon)}:${hasLiteral(pass) ? MASK : pass}@`;
    }
  }
  out += p.rest;
  if (p.query !== undefined) {
    const q = p.query
      .split("&")
      .map((pair) => {
        const eq = pair.indexOf("=");
        if (eq === -1) return pair;
        const value = pair.slice(eq + 1);
        return hasLiteral(value) ? `${pair.slice(0, eq)}=${MASK}` : pair;
      })
      .join("&");
    out += `?${q}`;
  }
  return out + p.hash;
}

/** Literal secrets of a resolved URL (userinfo, query values), for the log masker. */
export function secretsInUrl(url: string): string[] {
  if (url === "") return [];
  const p = urlParts(url);
  const out: string[] = [];
  if (p.userinfo !== undefined) {
    const colon = p.userinfo.indexOf(":");
    out.push(colon === -1 ? p.userinfo : p.userinfo.slice(colon + 1));
  }
  for (const pair of (p.query ?? "").split("&")) {
    const eq = pair.indexOf("=");
    if (eq === -1) continue;
    const value = pair.slice(eq + 1);
    out.push(value);
    try {
      const decoded = decodeURIComponent(value);
      if (decoded !== value) out.push(decoded);
    } catch {
      // Not percent-encoded text; the raw value is enough.
    }
  }
  return out.filter((s) => s.length >= MIN_SECRET_LENGTH);
}
