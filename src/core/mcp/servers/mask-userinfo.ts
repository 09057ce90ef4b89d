// A `scheme://user:password@` anywhere in a shown config string — server-postgres's URL argument, DBHub's
// `--dsn=…`, MongoDB's `--connectionString …`, an env value — has its password masked (§3.3), wherever in the
// string it sits. The user name stays (it tells which account); a `${VAR}` password is a name, not a secret.
/** What a masked secret shows as, everywhere. */
export const MASK = "****";

const USERINFO_PASSWORD = /\b([a-z][a-z0-9+.-]*:\/\/)([^\s/?#@:]*):([^\s/?#@]+)@/gi;
const ONLY_TEMPLATES = /^(?:\$\{[^}]*\})+$/;

/** Masks the password of every `scheme://user:password@` in the text. Pure. */
export function maskUserinfo(text: string): string {
  return text.replace(USERINFO_PASSWORD, (whole, scheme: string, user: string, pass: string) =>
    ONLY_TEMPLATES.test(pass) ? whole : `${scheme}${user}:${MASK}@`,
  );
}

/** The same over every string of a JSON-like value (arrays and objects walked, keys kept). Pure. */
export function maskUserinfoDeep(value: unknown): unknown {
  if (typeof value === "string") return maskUserinfo(value);
  if (Array.isArray(value)) return value.map(maskUserinfoDeep);
  if (typeof value === "object" && value !== null)
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, maskUserinfoDeep(v)]));
  return value;
}
