// MCP_CONFORMANCE_CONTEXT: the credentials a conformance scenario hands its client, and the grant each
// calls for — client credentials (secret or private-key JWT, from the SDK's auth-extensions) or SEP-990.
import type { OAuthClientProvider } from "@modelcontextprotocol/client";
import { ClientCredentialsProvider, PrivateKeyJwtProvider } from "@modelcontextprotocol/client";
import { z } from "zod";
import { CodeagentError } from "../../core/errors.js";
import { CrossAppAccessProvider } from "../../core/mcp/oauth/cross-app.js";

const ContextSchema = z.discriminatedUnion("name", [
  z.object({ name: z.literal("auth/pre-registration"), client_id: z.string(), client_secret: z.string() }),
  z.object({
    name: z.literal("auth/client-credentials-basic"),
    client_id: z.string(),
    client_secret: z.string(),
  }),
  z.object({
    name: z.literal("auth/client-credentials-jwt"),
    client_id: z.string(),
    private_key_pem: z.string(),
    signing_algorithm: z.string().optional(),
  }),
  z.object({
    name: z.literal("auth/cross-app-access-complete-flow"),
    client_id: z.string(),
    client_secret: z.string(),
    idp_client_id: z.string(),
    idp_id_token: z.string(),
    idp_issuer: z.string(),
    idp_token_endpoint: z.string(),
  }),
]);

export type ConformanceContext = z.infer<typeof ContextSchema>;

export function parseConformanceContext(raw: string | undefined): ConformanceContext | undefined {
  if (raw === undefined || raw.trim() === "") return undefined;
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw new CodeagentError("USAGE", "MCP_CONFORMANCE_CONTEXT is not JSON");
  }
  const r = ContextSchema.safeParse(json);
  // A context this client does not know is no reason to fail: the scenario may not need it.
  return r.success ? r.data : undefined;
}

export interface ContextToolCall {
  name: string;
  arguments: Record<string, unknown>;
}

/** The calls a scenario asks for by name (`toolCalls`, e.g. http-custom-headers), or undefined. */
export function contextToolCalls(raw: string | undefined): ContextToolCall[] | undefined {
  if (raw === undefined || raw.trim() === "") return undefined;
  const r = z
    .object({
      toolCalls: z.array(z.object({ name: z.string(), arguments: z.record(z.string(), z.unknown()) })),
    })
    .safeParse(
      (() => {
        try {
          return JSON.parse(raw) as unknown;
        } catch {
          return undefined;
        }
      })(),
    );
  return r.success ? r.data.toolCalls : undefined;
}

/** The provider for a non-interactive grant, or undefined for the authorization-code flow. */
export function contextGrant(ctx: ConformanceContext | undefined): OAuthClientProvider | undefined {
  switch (ctx?.name) {
    case "auth/client-credentials-basic":
      return new ClientCredentialsProvider({ clientId: ctx.client_id, clientSecret: ctx.client_secret });
    case "auth/client-credentials-jwt":
      return new PrivateKeyJwtProvider({
        clientId: ctx.client_id,
        privateKey: ctx.private_key_pem,
        algorithm: ctx.signing_algorithm ?? "ES256",
      });
    case "auth/cross-app-access-complete-flow":
      return new CrossAppAccessProvider({
        clientId: ctx.client_id,
        clientSecret: ctx.client_secret,
        idToken: ctx.idp_id_token,
        idpTokenEndpoint: ctx.idp_token_endpoint,
        idpClientId: ctx.idp_client_id,
      });
    default:
      return undefined;
  }
}
