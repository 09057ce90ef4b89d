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

export function loadTokenFile(file: string, profiles: Profiles): Map<string, TokenCaller> {
  let text: string;
  try {
    const problem = tokenFileProblem(statSync(file), process.getuid?.());
    if (problem !== undefined) throw new CodeagentError("CONFIG_INVALID", `--token-file ${file}: ${problem}`);
    text = readFileSync(file, "utf8");
  } catch (e) {
    if (e instanceof CodeagentError) throw e;
    throw new CodeagentError("USAGE", `--token-file ${file}: ${(e as Error).message}`);
  }
  return parseTokenFile(text, file, profiles);
}

/** The caller a request's `Authorization: Bearer …` names, if the token is known. */
export function tokenCaller(table: TokenTable, header: string | null): TokenCaller | undefined {
  const m = header === null ? null : /^Bearer\s+(\S+)\s*$/i.exec(header);
  return m === null ? undefined : table.get(tokenDigest(m[1] as string));
}
