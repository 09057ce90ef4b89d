// Where a remote server's OAuth state lives: one JSON file per server under $CODEAGENT_HOME/oauth/, keyed by
// the server name and a hash of its URL (so a changed URL never reuses another server's tokens), mode 0600.
import { createHash } from "node:crypto";
import { readFileSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import type {
  DpopAlg,
  OAuthClientInformationMixed,
  OAuthDiscoveryState,
  OAuthTokens,
} from "@modelcontextprotocol/client";
import type { JWK } from "jose";
import { writeFileAtomic } from "../../fs/atomic-write.js";
import { withFileLock, withFileLockAsync } from "../../fs/file-lock.js";
import { codeagentHome, type Env } from "../../paths.js";

/** A DPoP key as stored (dpop.ts): the private JWK (it carries the public part) and the algorithm it signs with. */
export interface StoredDpopKey {
  alg: DpopAlg;
  jwk: JWK;
}

/** Tokens as the SDK hands them over, plus the absolute expiry we compute when they arrive. */
export type StoredTokens = OAuthTokens & { expires_at?: number };

export interface OAuthRecord {
  server?: string;
  url?: string;
  tokens?: StoredTokens;
  client?: OAuthClientInformationMixed;
  codeVerifier?: string;
  /** The authorization server (issuer) that registered `client` and issued `tokens` (SEP-2352). */
  clientIssuer?: string;
  tokensIssuer?: string;
  /** The authorization server a pending authorization went to (SEP-2352: the code is redeemed only there). */
  discovery?: OAuthDiscoveryState;
  /** From the last WWW-Authenticate challenge, so a later refresh finds the same metadata. */
  resourceMetadataUrl?: string;
  /** Scope a server asked for (403 insufficient_scope) while no one could authorize; `mcp login` asks for it. */
  stepUpScope?: string;
  /** The DPoP key the tokens are bound to (RFC 9449), kept with them. */
  dpopKey?: StoredDpopKey;
}

export interface OAuthStore {
  /** Where the record is kept, for messages (a file path, or a description). */
  readonly location: string;
  read(): OAuthRecord;
  update(change: (r: OAuthRecord) => OAuthRecord): void;
  /** Removes everything; false when there was nothing. */
  clear(): boolean;
  /** Runs `fn` alone among the processes sharing this record (a token refresh). */
  exclusive?<T>(fn: () => Promise<T>): Promise<T>;
}

export function oauthDir(env: Env = process.env): string {
  return join(codeagentHome(env), "oauth");
}

/** `<name>-<12 hex of sha256(url)>.json`: the name for people, the hash for a URL change. */
export function oauthFile(dir: string, server: string, url: string): string {
  const hash = createHash("sha256").update(url).digest("hex").slice(0, 12);
  return join(dir, `${server}-${hash}.json`);
}

/**
 * How long a read trusts the record it last read without looking at the file: every request of a remote server
 * reads it (the token), and a stat per request was a measurable part of a call. Another process's login or
 * refresh reaches a running session within this; this process's own writes, and reads under `exclusive()`
 * (the refresh that must see another process's new token), always look.
 */
export const OAUTH_RECHECK_MS = 1000;

export class FileOAuthStore implements OAuthStore {
  private cache: { key: string; record: OAuthRecord; checked: number } | undefined;
  /** `exclusive()` sections running: while one runs, every read looks at the file. */
  private strict = 0;

  constructor(
    readonly location: string,
    private readonly identity: { server: string; url: string },
  ) {}

  static for(dir: string, server: string, url: string): FileOAuthStore {
    return new FileOAuthStore(oauthFile(dir, server, url), { server, url });
  }

  /** Re-read when the file changed, so a login in another process reaches a running session. */
  read(): OAuthRecord {
    const now = Date.now();
    const c = this.cache;
    if (c !== undefined && this.strict === 0 && now - c.checked < OAUTH_RECHECK_MS && now >= c.checked)
      return c.record;
    let key: string;
    try {
      const st = statSync(this.location);
      key = `${st.mtimeMs}:${st.size}:${st.ino}`;
    } catch {
      // No file (a server without OAuth, most of them): that too is trusted for a second.
      this.cache = { key: "absent", record: {}, checked: now };
      return this.cache.record;
    }
    if (c?.key === key) {
      c.checked = now;
      return c.record;
    }
    let record: OAuthRecord = {};
    try {
      const parsed: unknown = JSON.parse(readFileSync(this.location, "utf8"));
      if (typeof parsed === "object" && parsed !== null && !Array.isArray(parsed)) record = parsed;
    } catch {
      // A damaged file is as good as none: the user logs in again and it is rewritten.
    }
    this.cache = { key, record, checked: now };
    return record;
  }

  /** Read-modify-write under the file's lock, so two processes refreshing at once both keep their change. */
  update(change: (r: OAuthRecord) => OAuthRecord): void {
    withFileLock(this.location, () => {
      this.cache = undefined;
      const next = prune({ ...change(this.read()), ...this.identity });
      writeFileAtomic(this.location, `${JSON.stringify(next, null, 2)}\n`, { secret: true });
      this.cache = undefined;
    });
  }

  /** Its own lock file, so record updates (milliseconds) never wait behind a refresh (a network round trip). */
  exclusive<T>(fn: () => Promise<T>): Promise<T> {
    return withFileLockAsync(`${this.location}.refresh`, async () => {
      this.strict++;
      try {
        return await fn();
      } finally {
        this.strict--;
      }
    });
  }

  clear(): boolean {
    this.cache = undefined;
    try {
      rmSync(this.location);
      return true;
    } catch {
      return false;
    }
  }
}

/** Keeps the record in memory only (a one-off run such as the conformance client, and tests). */
export class MemoryOAuthStore implements OAuthStore {
  readonly location = "memory";
  private record: OAuthRecord = {};

  read(): OAuthRecord {
    return this.record;
  }

  update(change: (r: OAuthRecord) => OAuthRecord): void {
    this.record = prune(change(this.record));
  }

  clear(): boolean {
    const had = Object.keys(this.record).length > 0;
    this.record = {};
    return had;
  }
}

function prune(r: OAuthRecord): OAuthRecord {
  return Object.fromEntries(Object.entries(r).filter(([, v]) => v !== undefined));
}
