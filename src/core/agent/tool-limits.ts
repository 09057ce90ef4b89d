// What each provider accepts in one request's tool list (§15.3). Sending more is an HTTP 400 from the
// provider, after the user has waited for the servers; the host keeps every request inside these.
import type { ProviderName } from "./providers.js";

export interface ProviderLimits {
  /** Most tool definitions in one request. */
  maxTools: number;
  /** Tool names the provider accepts. */
  namePattern: RegExp;
  /** Said in errors: the rule `namePattern` checks. */
  nameRule: string;
  /** Longest tool description the provider accepts; longer ones are cut to it. */
  maxDescription?: number;
}

const OPENAI_NAME = /^[A-Za-z0-9_-]{1,64}$/;
const OPENAI_RULE = "1-64 characters of A-Z a-z 0-9 _ -";
// "Invalid 'tools[13].function.description': string too long. Expected a string with maximum length 1024"
// (string_above_max_length; getsentry/sentry-mcp#106). MCP descriptions are cut shorter at registration,
// but ext_ tools and the host's own are not.
const OPENAI_DESCRIPTION = 1024;

const OPENAI: ProviderLimits = {
  maxTools: 128,
  namePattern: OPENAI_NAME,
  nameRule: OPENAI_RULE,
  maxDescription: OPENAI_DESCRIPTION,
};

export const PROVIDER_LIMITS: Readonly<Record<ProviderName, ProviderLimits>> = {
  // "Invalid 'tools': array too long … maximum length 128" (array_above_max_length); chat-completions
  // servers (vLLM, LM Studio, Groq, Copilot) copy the limit, Ollama's OpenAI endpoint included.
  openai: OPENAI,
  "openai-compatible": OPENAI,
  ollama: OPENAI,
  // "At most 512 function declarations can be specified" (INVALID_ARGUMENT); names start with a letter or
  // an underscore, then [a-zA-Z0-9_.:-], at most 64 in all.
  google: {
    maxTools: 512,
    namePattern: /^[A-Za-z_][A-Za-z0-9_.:-]{0,63}$/,
    nameRule: "1-64 characters of A-Z a-z 0-9 _ . : -, starting with a letter or _",
  },
  // The Messages API documents no count for plain tools; 10 000 is its tool-search catalogue maximum, the
  // largest list it documents. Names: `tools.N.custom.name` at most 128 characters of [a-zA-Z0-9_-].
  anthropic: {
    maxTools: 10_000,
    namePattern: /^[A-Za-z0-9_-]{1,128}$/,
    nameRule: "1-128 characters of A-Z a-z 0-9 _ -",
  },
};

/** A description the provider accepts: cut to its limit, the cut marked. */
export function fitDescription(text: string, limits: ProviderLimits): string {
  const max = limits.maxDescription;
  return max === undefined || text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}
