// Which endpoint a model request goes to, as an error names it: the provider, the model, the base URL (with
// any secret in it masked) and the settings that change each — the key's variable, the base URL's flag and
// variable, where the model name came from.
import { maskUrl } from "../../mcp/servers/mask.js";

export interface Endpoint {
  /** `provider:model`. */
  id: string;
  provider: string;
  model: string;
  /** The base URL requests go to (the provider's default when none was set), secrets masked. */
  baseURL: string;
  /** Where the model name was chosen ("--model", "CODEAGENT_MODEL", settings). */
  modelFrom?: string;
  /** The variable holding the API key; undefined where none is used. */
  keyVar?: string;
  /** How to point it elsewhere: "--base-url or OPENAI_BASE_URL". */
  baseUrlSetting: string;
}

const DEFAULT_BASE: Record<string, string> = {
  openai: "https://api.openai.com/v1",
  anthropic: "https://api.anthropic.com/v1",
  google: "https://generativelanguage.googleapis.com/v1beta",
};

const KEY_VAR: Record<string, string> = {
  openai: "OPENAI_API_KEY",
  anthropic: "ANTHROPIC_API_KEY",
  google: "GEMINI_API_KEY",
  "openai-compatible": "CODEAGENT_API_KEY",
};

const BASE_VAR: Record<string, string> = {
  openai: "OPENAI_BASE_URL",
  anthropic: "ANTHROPIC_BASE_URL",
  google: "GOOGLE_GEMINI_BASE_URL",
  "openai-compatible": "CODEAGENT_BASE_URL",
  ollama: "OLLAMA_HOST",
};

export function endpointOf(c: {
  provider: string;
  modelId: string;
  id: string;
  baseURL?: string;
  modelFrom?: string;
}): Endpoint {
  const keyVar = KEY_VAR[c.provider];
  return {
    id: c.id,
    provider: c.provider,
    model: c.modelId,
    baseURL: maskUrl(c.baseURL ?? DEFAULT_BASE[c.provider] ?? ""),
    ...(c.modelFrom !== undefined && { modelFrom: c.modelFrom }),
    ...(keyVar !== undefined && { keyVar }),
    baseUrlSetting: `--base-url or ${BASE_VAR[c.provider] ?? "CODEAGENT_BASE_URL"}`,
  };
}
