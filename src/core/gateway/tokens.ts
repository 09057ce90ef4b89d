// The bearer tokens of `mcp serve --http --token-file FILE`: one `TOKEN PROFILE` a line (`#` comments), the
// file readable by its owner only, every profile known. A token is looked up by its SHA-256, so the lookup
// takes the same time whatever the token shares with a real one.
import { createHash } from "node:crypto";
import { readFileSync, statSync } from "node:fs";
import { CodeagentError } from "../errors.js";
import { profileNamed, type Profile, type Profiles } from "./profiles.js";

export interface TokenCaller {
  /** A stable, non-secret id for limits, logs and sessions: the token's hash prefix. */
  id: string;
  profile: Profile;
}

export type TokenTable = ReadonlyMap<string, TokenCaller>;

export const tokenDigest = (token: string) => createHash("sha256").update(token).digest("hex");

/** Pure: the lines of a token file. */
export function parseTokenFile(text: string, file: string, profiles: Profiles): Map<string, TokenCaller> {
  const out = new Map<string, TokenCaller>();
  text.split(/\r?\n/).forEach((line, i) => {
    const t = line.trim();
    if (t === "" || t.startsWith("#")) return;
    const where = `${file}:${i + 1}`;
    const parts = t.split(/\s+/);
    if (parts.length !== 2)
      throw new CodeagentError("CONFIG_INVALID", `${where}: a line must be "TOKEN PROFILE" (two words)`);
    const [token, profile] = parts as [string, string];
    if (token.length < 16)
      throw new CodeagentError("CONFIG_INVALID", `${where}: the token is too short (at least 16 characters)`);
    const digest = tokenDigest(token);
    if (out.has(digest)) throw new CodeagentError("CONFIG_INVALID", `${where}: the same token appears twice`);
    out.set(digest, { id: `t-${digest.slice(0, 12)}`, profile: profileNamed(profiles, profile, where) });
  });
  if (out.size === 0)
    throw new CodeagentError("CONFIG_INVALID", `${file}: no tokens (lines "TOKEN PROFILE")`);
  return out;
}

/** Pure: why a file with this mode and owner may not hold tokens, if it may not. */
export function tokenFileProblem(
  st: { mode: number; uid: number },
  uid: number | undefined,
): string | undefined {
  if ((st.mode & 0o077) !== 0)
    return `it is readable or writable by others (mode ${(st.mode & 0o777).toString(8)}); run chmod 600 on it`;
  if (uid !== undefined && st.uid !== uid) return `it belongs to another user (uid ${st.uid})`;
  return undefined;
}

/** A secret file's text, if only its owner may read it; `flag` names it in every refusal. */
function readSecretFile(flag: string, file: string): string {
  try {
    const problem = tokenFileProblem(statSync(file), process.getuid?.());
    if (problem !== undefined) throw new CodeagentError("CONFIG_INVALID", `${flag} ${file}: ${problem}`);
    return readFileSync(file, "utf8");
  } catch (e) {
    if (e instanceof CodeagentError) throw e;
    throw new CodeagentError("USAGE", `${flag} ${file}: ${(e as Error).message}`);
  }
}

export function loadTokenFile(file: string, profiles: Profiles): Map<string, TokenCaller> {
  return parseTokenFile(readSecretFile("--token-file", file), file, profiles);
}

/** Pure: the digest of the one token a `--metrics-token-file` holds (`#` comments and blank lines aside). */
export function parseMetricsToken(text: string, file: string): string {
  const lines = text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l !== "" && !l.startsWith("#"));
  const flag = `--metrics-token-file ${file}`;
  if (lines.length !== 1 || /\s/.test(lines[0] as string))
    throw new CodeagentError("CONFIG_INVALID", `${flag}: it must hold one token (one word on one line)`);
  if ((lines[0] as string).length < 16)
    throw new CodeagentError("CONFIG_INVALID", `${flag}: the token is too short (at least 16 characters)`);
  return tokenDigest(lines[0] as string);
}

export function loadMetricsToken(file: string): string {
  return parseMetricsToken(readSecretFile("--metrics-token-file", file), file);
}

/** Whether a request's `Authorization: Bearer …` carries the token whose digest is `digest`. */
export function bearerMatches(digest: string, header: string | null): boolean {
  const m = header === null ? null : /^Bearer\s+(\S+)\s*$/i.exec(header);
  return m !== null && tokenDigest(m[1] as string) === digest;
}

/** The caller a request's `Authorization: Bearer …` names, if the token is known. */
export function tokenCaller(table: TokenTable, header: string | null): TokenCaller | undefined {
  const m = header === null ? null : /^Bearer\s+(\S+)\s*$/i.exec(header);
  return m === null ? undefined : table.get(tokenDigest(m[1] as string));
}
