// Enterprise-managed authorization (SEP-990, "cross-app access"): the user's ID token from their identity
// provider is exchanged there for an ID-JAG (RFC 8693), which this client presents to the MCP server's
// authorization server as a JWT bearer grant (RFC 7523), authenticating with its own client secret.
import type { AddClientAuthentication, OAuthClientProvider } from "@modelcontextprotocol/client";
import type { OAuthClientInformation, OAuthClientMetadata, OAuthTokens } from "@modelcontextprotocol/client";
import type { FetchLike } from "@modelcontextprotocol/client";
import { refuseOtherIssuer } from "./workload-identity.js";

const JWT_BEARER = "urn:ietf:params:oauth:grant-type:jwt-bearer";
const TOKEN_EXCHANGE = "urn:ietf:params:oauth:grant-type:token-exchange";

export interface CrossAppAccessOptions {
  clientId: string;
  clientSecret: string;
  /** `oauth.issuer`: the only authorization server the ID-JAG and the client secret may go to. */
  issuer?: string;
  /** The user's ID token now (the configured value, or its file's content). */
  idToken: () => string;
  idpTokenEndpoint: string;
  idpClientId: string;
  /** For an IdP that authenticates this client (client_secret_post), else the exchange is public. */
  idpClientSecret?: string;
  fetch?: FetchLike;
}

export class CrossAppAccessProvider implements OAuthClientProvider {
  private stored: OAuthTokens | undefined;

  constructor(private readonly opts: CrossAppAccessOptions) {}

  get redirectUrl(): undefined {
    return undefined;
  }

  get clientMetadata(): OAuthClientMetadata {
    return { client_name: "codeagent", redirect_uris: [], grant_types: [JWT_BEARER] };
  }

  clientInformation(ctx?: { issuer: string }): OAuthClientInformation {
    refuseOtherIssuer(this.opts.issuer, ctx?.issuer);
    return { client_id: this.opts.clientId, client_secret: this.opts.clientSecret };
  }

  tokens(): OAuthTokens | undefined {
    return this.stored;
  }

  saveTokens(tokens: OAuthTokens): void {
    this.stored = tokens;
  }

  redirectToAuthorization(): void {
    throw new Error("cross-app access has no user redirect");
  }

  saveCodeVerifier(): void {}

  codeVerifier(): string {
    throw new Error("cross-app access uses no PKCE verifier");
  }

  prepareTokenRequest(): URLSearchParams {
    return new URLSearchParams({ grant_type: JWT_BEARER });
  }

  /** Runs at the token request, when the authorization server (audience) and resource are known. */
  addClientAuthentication: AddClientAuthentication = async (headers, params, url, metadata) => {
    const audience = metadata?.issuer ?? new URL(url).origin;
    params.set("assertion", await this.exchange(audience, params.get("resource") ?? undefined));
    const { clientId, clientSecret } = this.opts;
    const basic = Buffer.from(`${encodeURIComponent(clientId)}:${encodeURIComponent(clientSecret)}`);
    headers.set("Authorization", `Basic ${basic.toString("base64")}`);
  };

  private async exchange(audience: string, resource: string | undefined): Promise<string> {
    const body = new URLSearchParams({
      grant_type: TOKEN_EXCHANGE,
      requested_token_type: "urn:ietf:params:oauth:token-type:id-jag",
      subject_token: this.opts.idToken(),
      subject_token_type: "urn:ietf:params:oauth:token-type:id_token",
      audience,
      client_id: this.opts.idpClientId,
      ...(this.opts.idpClientSecret !== undefined && { client_secret: this.opts.idpClientSecret }),
      ...(resource !== undefined && { resource }),
    });
    const f = this.opts.fetch ?? fetch;
    const res = await f(this.opts.idpTokenEndpoint, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
      body,
    });
    const json = (await res.json().catch(() => ({}))) as { access_token?: unknown; error?: unknown };
    if (!res.ok || typeof json.access_token !== "string") {
      throw new Error(
        `the identity provider refused the token exchange (HTTP ${res.status} ${typeof json.error === "string" ? json.error : ""})`,
      );
    }
    return json.access_token;
  }
}
