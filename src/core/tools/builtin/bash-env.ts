// The environment of the `bash` tool (§8.4): the §8.3 minimum a program needs, plus the project's toolchain
// variables (JAVA_HOME, GOPATH, VIRTUAL_ENV, …), but never the agent's provider keys, cloud credentials or any
// variable named like a secret. The user's `bash.env` setting passes more on purpose.
import { childEnv } from "../../mcp/stdio/child-env.js";
import { isSecretName } from "../../mcp/servers/mask.js";
import type { Env } from "../../paths.js";

/** Prefixes of credentials and provider settings that a shell command has no business seeing. */
const WITHHELD_PREFIXES = [
  "OPENAI_",
  "ANTHROPIC_",
  "AZURE_",
  "AWS_",
  "GOOGLE_",
  "GEMINI_",
  "GCLOUD_",
  "MISTRAL_",
  "GROQ_",
  "COHERE_",
  "HF_",
  "HUGGING",
  "XAI_",
  "DEEPSEEK_",
  "OPENROUTER_",
  "OLLAMA_",
  "CODEAGENT_",
  "NPM_CONFIG__AUTH",
  "DOCKER_AUTH",
];
const WITHHELD_NAMES = new Set(["NODE_OPTIONS", "GITHUB_PAT", "GH_PAT", "DATABASE_URL"]);

/** What `bash.env` in the user's settings may hold: names to pass from the agent's environment, or values. */
export type BashEnvSetting = readonly string[] | Readonly<Record<string, string | true>>;

/** Pure: may this variable of the agent's environment reach a bash command by default? */
export function passesToBash(name: string): boolean {
  const upper = name.toUpperCase();
  if (isSecretName(upper) || WITHHELD_NAMES.has(upper)) return false;
  return !WITHHELD_PREFIXES.some((p) => upper.startsWith(p));
}

export function bashEnv(
  parent: Env,
  setting: BashEnvSetting = [],
  platform: NodeJS.Platform = process.platform,
): Record<string, string> {
  const out = childEnv(parent, {}, platform);
  for (const [name, value] of Object.entries(parent)) {
    if (value === undefined || value.startsWith("()") || name in out) continue;
    if (passesToBash(name)) out[name] = value;
  }
  const entries: [string, string | true][] = Array.isArray(setting)
    ? (setting as readonly string[]).map((n) => [n, true])
    : Object.entries(setting as Record<string, string | true>);
  for (const [name, v] of entries) {
    const value = v === true ? parent[name] : v;
    if (typeof value === "string") out[name] = value;
  }
  return out;
}
