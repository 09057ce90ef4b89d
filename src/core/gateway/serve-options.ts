// `codeagent mcp serve` flags resolved into what the gateway runs with (§22), with every refusal naming the
// flag to change: HTTP needs an auth mode, `--no-auth` needs a loopback bind, stdio takes no HTTP flags.
import { hostname } from "node:os";
import { CodeagentError } from "../errors.js";
import { isLoopback, originPolicy, parseBind, type Bind, type OriginPolicy } from "./http-checks.js";
import type { FrontMode } from "./front.js";

export interface ServeFlags {
  http?: string;
  profile?: string;
  tools?: string;
  tokenFile?: string;
  metricsTokenFile?: string;
  jwksUrl?: string;
  issuer?: string;
  audience?: string;
  profileClaim?: string;
  publicUrl?: string;
  /** commander's `--no-auth`: false when given. */
  auth?: boolean;
  allowHost?: string[];
  allowOrigin?: string[];
  maxBody?: string;
  maxInflight?: string;
  replica?: string;
  grace?: string;
  check?: boolean;
}

export type AuthMode =
  | { kind: "tokens"; file: string }
  | { kind: "jwt"; jwksUrl: string; issuer: string; audience: string; profileClaim: string; resource: string }
  | { kind: "none" };

export interface HttpPlan {
  bind: Bind;
  auth: AuthMode;
  policy: OriginPolicy;
  maxBodyBytes: number;
  maxInflight: number;
  replica: string;
  /** `/metrics` takes this file's token instead of a caller's credential. */
  metricsTokenFile?: string;
}

export interface ServePlan {
  mode: FrontMode;
  /** The profile of stdio and `--no-auth` callers. */
  profile: string;
  graceMs: number;
  http?: HttpPlan;
}

const usage = (m: string) => new CodeagentError("USAGE", m);

function count(flag: string, v: string | undefined, dflt: number, min: number): number {
  if (v === undefined) return dflt;
  const n = Number(v);
  if (!Number.isInteger(n) || n < min)
    throw usage(`${flag} must be a whole number of at least ${min}, got "${v}"`);
  return n;
}

/** A replica name that is safe in a session id and an nginx map: letters, digits, `-`. */
export function replicaName(v: string | undefined, host: string = hostname()): string {
  if (v !== undefined) {
    if (!/^[A-Za-z0-9-]{1,40}$/.test(v)) throw usage(`--replica ${v}: use 1-40 letters, digits or -`);
    return v;
  }
  return host.replace(/[^A-Za-z0-9-]/g, "-").slice(0, 40) || "gateway";
}

export function servePlan(f: ServeFlags): ServePlan {
  const mode = f.tools ?? "tools";
  if (mode !== "tools" && mode !== "search" && mode !== "code")
    throw usage(`--tools must be tools, search or code, got "${mode}"`);
  const base = { mode, profile: f.profile ?? "all", graceMs: count("--grace", f.grace, 10_000, 0) } as const;
  const httpOnly = (
    [
      ["--token-file", f.tokenFile],
      ["--jwks-url", f.jwksUrl],
      ["--no-auth", f.auth === false ? true : undefined],
      ["--allow-host", f.allowHost],
      ["--allow-origin", f.allowOrigin],
      ["--replica", f.replica],
      ["--metrics-token-file", f.metricsTokenFile],
    ] as const
  ).filter(([, v]) => v !== undefined);
  if (f.http === undefined) {
    if (httpOnly.length > 0) throw usage(`${httpOnly[0]?.[0]} applies to --http only`);
    return base;
  }
  const bind = parseBind(f.http);
  const modes = [f.tokenFile !== undefined, f.jwksUrl !== undefined, f.auth === false].filter(Boolean).length;
  if (modes === 0)
    throw usage(
      "--http needs callers to authenticate: give --token-file FILE, or --jwks-url with --issuer and --audience (or --no-auth on a loopback address)",
    );
  if (modes > 1) throw usage("give one of --token-file, --jwks-url and --no-auth");
  let auth: AuthMode;
  if (f.tokenFile !== undefined) auth = { kind: "tokens", file: f.tokenFile };
  else if (f.jwksUrl !== undefined) {
    if (f.issuer === undefined || f.audience === undefined)
      throw usage("--jwks-url needs --issuer ISSUER and --audience AUDIENCE (the gateway's resource URL)");
    auth = {
      kind: "jwt",
      jwksUrl: f.jwksUrl,
      issuer: f.issuer,
      audience: f.audience,
      profileClaim: f.profileClaim ?? "profile",
      resource: f.publicUrl ?? f.audience,
    };
  } else {
    if (!isLoopback(bind.host))
      throw usage(
        `--no-auth serves anyone who can reach ${bind.host}; bind a loopback address (--http 127.0.0.1:${bind.port}) or give --token-file`,
      );
    auth = { kind: "none" };
  }
  return {
    ...base,
    http: {
      bind,
      auth,
      policy: originPolicy(bind, f.allowHost ?? [], f.allowOrigin ?? []),
      maxBodyBytes: count("--max-body", f.maxBody, 4 * 1024 * 1024, 1024),
      maxInflight: count("--max-inflight", f.maxInflight, 32, 1),
      replica: replicaName(f.replica),
      ...(f.metricsTokenFile !== undefined && { metricsTokenFile: f.metricsTokenFile }),
    },
  };
}
