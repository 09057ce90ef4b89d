// Workload identity federation (SEP-1933): a workload — a CI job, a pod, a cloud function — holds a JWT its
// platform issued (GitHub Actions, Kubernetes, a cloud metadata service) and presents it to the MCP server's
// authorization server as an RFC 7523 JWT bearer grant; no user, no redirect, no client secret.
// The assertion is read again for every token request, so a platform that rotates the file is followed.
import type { OAuthClientProvider } from "@modelcontextprotocol/client";
import type { OAuthClientInformation, OAuthClientMetadata, OAuthTokens } from "@modelcontextprotocol/client";
import { CodeagentError } from "../../errors.js";

export const JWT_BEARER = "urn:ietf:params:oauth:grant-type:jwt-bearer";

export interface WorkloadIdentityOptions {
  clientId: string;
  /** `oauth.issuer`: the only authorization server the assertion may go to. */
  issuer?: string;
  /** The workload's current JWT (the configured value, or the file's content now). */
  assertion: () => string;
}

export class WorkloadIdentityProvider implements OAuthClientProvider {
  private stored: OAuthTokens | undefined;
  /** The assertion last sent, and the one the server refused (invalid_grant, unauthorized_client…). */
  private sent: string | undefined;
  private refused: string | undefined;

  constructor(private readonly opts: WorkloadIdentityOptions) {}

  get redirectUrl(): undefined {
    return undefined;
  }

  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: "codeagent",
      redirect_uris: [],
      grant_types: [JWT_BEARER],
      token_endpoint_auth_method: "none",
    };
  }

  clientInformation(ctx?: { issuer: string }): OAuthClientInformation {
    refuseOtherIssuer(this.opts.issuer, ctx?.issuer);
    return { client_id: this.opts.clientId };
  }

  tokens(): OAuthTokens | undefined {
    return this.stored;
  }

  saveTokens(tokens: OAuthTokens): void {
    this.stored = tokens;
    this.refused = undefined;
  }

  redirectToAuthorization(): void {
    throw new Error("workload identity federation has no user redirect");
  }

  saveCodeVerifier(): void {}

  codeVerifier(): string {
    throw new Error("workload identity federation uses no PKCE verifier");
  }

  /** Called by the SDK when the server refused the grant, before it retries: remember what it refused. */
  invalidateCredentials(): void {
    this.stored = undefined;
    this.refused = this.sent;
  }

  /**
   * The SDK tries a refused grant once more; an assertion the server refused is refused again, so the
   * error surfaces instead (SEP-1933: no retry, no other grant) until the assertion changes.
   */
  prepareTokenRequest(scope?: string): URLSearchParams {
    const assertion = this.opts.assertion();
    if (assertion === this.refused)
      throw new CodeagentError(
        "NEEDS_AUTH",
        "the authorization server refused the workload identity assertion (check oauth.assertion or " +
          "oauth.assertionFile: its audience must be the authorization server, and it must not have expired)",
      );
    this.sent = assertion;
    const params = new URLSearchParams({ grant_type: JWT_BEARER, assertion });
    if (scope !== undefined && scope !== "") params.set("scope", scope);
    return params;
  }
}

/** The server named an authorization server other than the configured one: its credentials stay here. */
export function refuseOtherIssuer(configured: string | undefined, actual: string | undefined): void {
  if (configured === undefined || actual === undefined) return;
  if (configured.replace(/\/+$/, "") === actual.replace(/\/+$/, "")) return;
  throw new CodeagentError(
    "NEEDS_AUTH",
    `the server's authorization server is ${actual}, not oauth.issuer ${configured}; its credentials are not sent there`,
  );
}
