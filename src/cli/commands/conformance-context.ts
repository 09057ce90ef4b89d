// MCP_CONFORMANCE_CONTEXT: the credentials a conformance scenario hands its client, turned into the `oauth`
// block a user would write for that grant (README, "OAuth"), so the scenario runs the product's config path:
// validation, grantProvider, remoteAuth.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import type { OAuthConfig } from "../../core/config/types.js";
import { CodeagentError } from "../../core/errors.js";

const Secret = z.object({ client_id: z.string(), client_secret: z.string() });
const CrossApp = Secret.extend({
  idp_client_id: z.string(),
  idp_id_token: z.string(),
  idp_issuer: z.string(),
  idp_token_endpoint: z.string(),
});

const ContextSchema = z.discriminatedUnion("name", [
  Secret.extend({ name: z.literal("auth/pre-registration") }),
  Secret.extend({ name: z.literal("auth/client-credentials-basic") }),
  z.object({
    name: z.literal("auth/client-credentials-jwt"),
    client_id: z.string(),
    private_key_pem: z.string(),
    signing_algorithm: z.string().optional(),
  }),
  CrossApp.extend({ name: z.literal("auth/cross-app-access-complete-flow") }),
  CrossApp.extend({ name: z.literal("auth/enterprise-managed-authorization") }),
  z.object({ name: z.literal("auth/wif-jwt-bearer"), client_id: z.string(), valid_jwt: z.string() }),
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

/**
 * The `oauth` keys for the scenario's credentials (empty for the authorization-code flow). A private key
 * is written to `dir` (0600), since the config names key files, not keys.
 */
export function contextOAuth(ctx: ConformanceContext | undefined, dir: string): OAuthConfig {
  switch (ctx?.name) {
    case undefined:
      return {};
    case "auth/pre-registration":
      return { clientId: ctx.client_id, clientSecret: ctx.client_secret };
    case "auth/client-credentials-basic":
      return { grant: "client_credentials", clientId: ctx.client_id, clientSecret: ctx.client_secret };
    case "auth/client-credentials-jwt": {
      const privateKeyFile = join(dir, "client-key.pem");
      writeFileSync(privateKeyFile, ctx.private_key_pem, { mode: 0o600 });
      return { grant: "client_credentials", clientId: ctx.client_id, privateKeyFile };
    }
    case "auth/cross-app-access-complete-flow":
    case "auth/enterprise-managed-authorization":
      return {
        grant: "enterprise",
        clientId: ctx.client_id,
        clientSecret: ctx.client_secret,
        idp: {
          tokenEndpoint: ctx.idp_token_endpoint,
          clientId: ctx.idp_client_id,
          idToken: ctx.idp_id_token,
        },
      };
    case "auth/wif-jwt-bearer":
      return { grant: "workload_identity", clientId: ctx.client_id, assertion: ctx.valid_jwt };
  }
}
