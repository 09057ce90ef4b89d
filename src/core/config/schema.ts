// The zod schema of one server entry and of a config file: the single source of validation rules,
// of the normalised `ServerConfig`, and of the shipped JSON Schema.
import { z } from "zod";
import { DEFAULTS, isHttpUrl, toServerConfig } from "./server-config.js";
import type { ServerConfig } from "./types.js";
import { OAUTH_GRANTS, oauthGrantProblems } from "./oauth-grant.js";

export { DEFAULTS };

/** Letters, digits, `_` and `-`, and never `__` (it separates the parts of `mcp__server__tool`). */
export const SERVER_NAME_PATTERN = /^(?!.*__)[A-Za-z0-9_-]+$/;

export function serverNameProblem(name: string): string | undefined {
  if (SERVER_NAME_PATTERN.test(name)) return undefined;
  const why = name.includes("__") ? 'must not contain "__"' : "may contain only letters, digits, _ and -";
  return `invalid server name ${JSON.stringify(name)}: a name ${why}`;
}

const kind = (v: unknown): string =>
  v === null ? "null" : Array.isArray(v) ? "an array" : typeof v === "object" ? "an object" : typeof v;
const got = (iss: { input?: unknown }): string =>
  `, got ${typeof iss.input === "string" || typeof iss.input === "number" ? JSON.stringify(iss.input) : kind(iss.input)}`;

export const TRANSPORT_TYPES = ["stdio", "http", "sse", "streamable-http", "streamableHttp"] as const;

/** Every key of a server entry (the zod shape's keys; schema.test.ts holds them equal). */
export const KNOWN_ENTRY_KEYS: ReadonlySet<string> = new Set([
  "type",
  "command",
  "args",
  "env",
  "cwd",
  "url",
  "headers",
  "disabled",
  "enabled",
  "startupTimeoutMs",
  "startup",
  "idleTimeoutMs",
  "timeoutMs",
  "maxTotalTimeoutMs",
  "maxMessageBytes",
  "includeTools",
  "excludeTools",
  "trust",
  "alwaysLoad",
  "pinning",
  "roots",
  "oauth",
  "sandbox",
  "description",
]);
export const KNOWN_ROOT_KEYS: ReadonlySet<string> = new Set(["mcpServers", "servers", "$schema"]);

export type ConfigSchemas = ReturnType<typeof build>;
export type ServerEntry = z.infer<z.ZodObject<ConfigSchemas["serverEntryShape"]>>;

let built: ConfigSchemas | undefined;

/**
 * The zod schemas, built on first use: constructing them costs more than checking a whole config the plain way
 * (plain-entry.ts), which answers for the common entries; zod runs for the rest and for every error message.
 */
export function configSchemas(): ConfigSchemas {
  return (built ??= build());
}

function build() {
  const str = z.string({ error: (iss) => `expected a string${got(iss)}` });
  const nonEmpty = str.min(1, { error: "must not be empty" });
  const stringArray = z.array(str, { error: (iss) => `expected an array of strings${got(iss)}` });
  const stringMap = z.record(str, str, { error: (iss) => `expected an object of string values${got(iss)}` });
  const bool = z.boolean({ error: (iss) => `expected true or false${got(iss)}` });
  const positiveInt = (what: string) =>
    z
      .int({ error: (iss) => `expected a whole number of ${what}${got(iss)}` })
      .positive({ error: `must be a positive number of ${what}` });
  const ms = positiveInt("milliseconds");

  const SANDBOX_EXPECTED =
    'expected true, false, "required" or { "filesystem": { "allowWrite", "denyRead", "allowRead": [paths] }, "network": { "allow": [hosts] } }';
  /** `api.github.com`, `*.github.com`, `localhost:8080`, `[::1]:8080`. */
  const HOST_PATTERN = /^(?:(?:\*\.)?[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;
  const sandboxPaths = z
    .array(str.min(1), { error: (iss) => `expected an array of paths${got(iss)}` })
    .optional();
  const sandboxSchema = z.union(
    [
      bool,
      z.literal("required"),
      z.strictObject({
        filesystem: z
          .strictObject({ allowWrite: sandboxPaths, denyRead: sandboxPaths, allowRead: sandboxPaths })
          .optional(),
        network: z
          .strictObject({
            allow: z
              .array(
                str.regex(HOST_PATTERN, {
                  error: "expected a host name such as api.github.com, *.github.com or localhost:8080",
                }),
              )
              .optional(),
          })
          .optional(),
      }),
    ],
    { error: (iss) => `${SANDBOX_EXPECTED}${got(iss)}` },
  );

  const oauthShape = {
    clientId: str.optional(),
    clientSecret: str.optional(),
    scopes: stringArray.optional(),
    callbackPort: z
      .int({ error: (iss) => `expected a port number${got(iss)}` })
      .min(1, { error: "must be a port number (1-65535)" })
      .max(65535, { error: "must be a port number (1-65535)" })
      .optional(),
    clientMetadataUrl: str.optional(),
    dpop: bool
      .optional()
      .describe(
        "DPoP sender-constrained tokens (RFC 9449): true always, false never; default: when the authorization server offers them.",
      ),
    grant: z
      .enum(OAUTH_GRANTS, {
        error: (iss) =>
          `expected "authorization_code", "client_credentials", "workload_identity" or "enterprise"${got(iss)}`,
      })
      .optional()
      .describe(
        'How tokens are obtained: "authorization_code" (default, the user logs in), "client_credentials", "workload_identity" (RFC 7523 JWT bearer with the workload\'s JWT), "enterprise" (SEP-990: ID token exchanged at the IdP).',
      ),
    issuer: str
      .optional()
      .describe(
        "Grants without a user: the authorization server (issuer URL) their credentials may be sent to; another is refused.",
      ),
    privateKeyFile: str
      .optional()
      .describe("client_credentials: PEM private key for private_key_jwt, instead of clientSecret."),
    assertion: str.optional().describe("workload_identity: the workload's JWT. ${VAR} is expanded."),
    assertionFile: str
      .optional()
      .describe("workload_identity: file holding the workload's JWT, read for every token request."),
    idp: z
      .object(
        {
          tokenEndpoint: str.optional().describe("The IdP's token endpoint (RFC 8693 token exchange)."),
          clientId: str.optional().describe("This client's id at the IdP."),
          clientSecret: str.optional().describe("This client's secret at the IdP, if it has one."),
          idToken: str.optional().describe("The user's ID token from the IdP. ${VAR} is expanded."),
          idTokenFile: str.optional().describe("File holding the user's ID token, read for every exchange."),
        },
        { error: (iss) => `expected an object${got(iss)}` },
      )
      .optional()
      .describe("enterprise: the identity provider that issues ID-JAGs."),
  };

  const serverEntryShape = {
    type: z
      .enum(TRANSPORT_TYPES, {
        error: (iss) => `expected "stdio", "http" or "sse" (or "streamable-http")${got(iss)}`,
      })
      .optional()
      .describe(
        "Transport. Optional: `command` means stdio; `url` means Streamable HTTP with fallback to SSE.",
      ),
    command: nonEmpty.optional().describe("Program to start (stdio). ${VAR} is expanded."),
    args: stringArray.optional().describe("Arguments for `command`. ${VAR} is expanded."),
    env: stringMap
      .optional()
      .describe("Extra environment variables for the process. Values are ${VAR}-expanded."),
    cwd: str.optional().describe("Working directory; relative paths are resolved against the config file."),
    url: nonEmpty.optional().describe("Endpoint of a remote server (http/sse). ${VAR} is expanded."),
    headers: stringMap.optional().describe("HTTP headers for a remote server. Values are ${VAR}-expanded."),
    disabled: bool.optional().describe("Do not start this server."),
    enabled: bool.optional().describe("`false` is the same as `disabled: true`."),
    startupTimeoutMs: ms
      .optional()
      .describe(`Cap on the whole start-up (default ${DEFAULTS.startupTimeoutMs}).`),
    startup: z
      .enum(["lazy", "eager"], { error: (iss) => `expected "lazy" or "eager"${got(iss)}` })
      .optional()
      .describe(
        'When the server starts (§20.1): "lazy" registers its tools from the tool cache and starts it on the first call, resource read or prompt; "eager" starts it with the session. Default: "startup" in settings.json, else lazy in agent sessions once its tools are cached.',
      ),
    idleTimeoutMs: ms
      .optional()
      .describe("Stop the server after this long without a call (it starts again on the next one)."),
    timeoutMs: ms.optional().describe(`Per-call timeout, reset by progress (default ${DEFAULTS.timeoutMs}).`),
    maxTotalTimeoutMs: ms
      .optional()
      .describe(`Hard cap on one call, progress or not (default ${DEFAULTS.maxTotalTimeoutMs}).`),
    maxMessageBytes: positiveInt("bytes")
      .optional()
      .describe(`Largest message accepted from a stdio server (default ${DEFAULTS.maxMessageBytes}).`),
    includeTools: stringArray.optional().describe("Only register these tools."),
    excludeTools: stringArray.optional().describe("Never register these tools (wins over includeTools)."),
    trust: bool
      .optional()
      .describe("true: allow every tool without asking; false: never trust read-only hints."),
    alwaysLoad: bool
      .optional()
      .describe(
        "true: send this server's tool definitions with every model request, even when tool search defers the others.",
      ),
    pinning: z
      .enum(["on", "strict", "off"], { error: (iss) => `expected "on", "strict" or "off"${got(iss)}` })
      .optional()
      .describe(
        'Tool-definition pinning: "on" (default) withholds tools whose definition changed until `codeagent mcp accept`; "strict" withholds new tools too; "off" does not pin.',
      ),
    roots: z
      .union([bool, stringArray], {
        error: (iss) => `expected false, true or an array of directories${got(iss)}`,
      })
      .optional()
      .describe(
        "Roots offered to the server: false offers none (the server keeps the directories of its arguments); an array offers exactly these directories (${VAR} expanded, relative to the config file). Default: the project directory, each --add-dir, and the existing directories named in a stdio server's args.",
      ),
    oauth: z
      .object(oauthShape, { error: (iss) => `expected an object${got(iss)}` })
      .optional()
      .describe("OAuth client settings for a remote server."),
    sandbox: sandboxSchema
      .optional()
      .describe(
        'OS sandbox of a stdio server (§18): true (the default policy), false, "required" (refuse to start unconfined), or the default policy plus { filesystem: { allowWrite, denyRead, allowRead }, network: { allow: [hosts] } }. Default: on for project and user servers, off for --mcp-config files.',
      ),
    description: str.optional().describe("Free text for people; ignored."),
  };

  /** Validates one entry (unknown keys are stripped here; `validate-entry.ts` warns about them). */
  const serverEntrySchema = z
    .object(serverEntryShape, { error: (iss) => `expected an object${got(iss)}` })
    .superRefine((e, ctx) => {
      const has = (k: "command" | "url") => e[k] !== undefined;
      if (has("command") && has("url"))
        ctx.addIssue({ code: "custom", path: [], message: "has both command and url; keep one" });
      else if (!has("command") && !has("url"))
        ctx.addIssue({ code: "custom", path: [], message: "needs command (stdio) or url (http/sse)" });
      else if (e.type === "stdio" && has("url"))
        ctx.addIssue({ code: "custom", path: ["type"], message: '"stdio" needs command, not url' });
      else if (e.type !== undefined && e.type !== "stdio" && has("command"))
        ctx.addIssue({ code: "custom", path: ["type"], message: `"${e.type}" needs url, not command` });
      if (e.oauth !== undefined)
        for (const p of oauthGrantProblems(e.oauth))
          ctx.addIssue({ code: "custom", path: ["oauth", ...p.path], message: p.message });
      if (e.url !== undefined && !e.url.includes("$") && !isHttpUrl(e.url))
        ctx.addIssue({
          code: "custom",
          path: ["url"],
          message: `not an http(s) URL: ${JSON.stringify(e.url)}`,
        });
    })
    .transform((e): ServerConfig => toServerConfig(e));

  const nameKey = z
    .string()
    .regex(SERVER_NAME_PATTERN)
    .describe("Server name: letters, digits, _ and -; no __.");
  const serversMap = (description: string) =>
    z.record(nameKey, z.strictObject(serverEntryShape).describe("One MCP server.")).describe(description);

  /** The whole file, for the JSON Schema only: strict, so editors flag the keys the loader warns about. */
  const configFileSchema = z.strictObject({
    $schema: str.optional().describe("JSON Schema reference for editors; ignored."),
    mcpServers: serversMap("MCP servers by name.").optional(),
    servers: serversMap("VS Code spelling of mcpServers.").optional(),
  });
  return { oauthShape, serverEntryShape, serverEntrySchema, configFileSchema };
}
