// Model providers (§10): `provider:model` specs resolved against flags, environment and settings into an
// AI SDK model. The decision is pure (`resolveProviderConfig`); only `resolveModel` builds a client.
import { createAnthropic } from "@ai-sdk/anthropic";
import { createGoogleGenerativeAI } from "@ai-sdk/google";
import { createOpenAI } from "@ai-sdk/openai";
import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import type { LanguageModel } from "ai";
import { paths, type Env } from "../paths.js";
import { endpointOf, type Endpoint } from "./provider/endpoint.js";
import { DEFAULT_REQUEST, type ModelRequestSettings } from "./provider/request-settings.js";
import { timedFetch, type FetchFunction } from "./provider/timed-fetch.js";

export const PROVIDERS = ["openai", "anthropic", "google", "openai-compatible", "ollama"] as const;
export type ProviderName = (typeof PROVIDERS)[number];

export interface ResolveOptions {
  env: Env;
  /** `model` from settings.json. */
  settingsModel?: string;
  /** `--base-url`. */
  baseUrl?: string;
  /** Timeouts of the model's requests (settings.json); default DEFAULT_REQUEST. */
  request?: ModelRequestSettings;
}

export interface ProviderConfig {
  provider: ProviderName;
  modelId: string;
  /** `provider:model`, as shown to the user. */
  id: string;
  baseURL?: string;
  apiKey?: string;
  /** Where the model spec came from ("--model", "CODEAGENT_MODEL", settings), for error messages. */
  from?: string;
}

export type ProviderResolution = { ok: true; config: ProviderConfig } | { ok: false; message: string };

export type ModelResolution =
  | { ok: true; model: LanguageModel; id: string; provider: string; endpoint: Endpoint }
  | { ok: false; message: string };

/**
 * Whether the model takes image parts (§23); others get a note in an image's place. OpenAI, Anthropic and Gemini
 * models do; for other endpoints (vLLM, LM Studio, Ollama) `CODEAGENT_IMAGES=1` says the model does, `0` not.
 */
export function takesImages(
  provider: string,
  env: Readonly<Record<string, string | undefined>> = {},
): boolean {
  if (env.CODEAGENT_IMAGES === "1") return true;
  if (env.CODEAGENT_IMAGES === "0") return false;
  return provider === "openai" || provider === "anthropic" || provider === "google";
}

export const OLLAMA_DEFAULT_HOST = "http://127.0.0.1:11434";

/** Where the model spec comes from: `--model`, then CODEAGENT_MODEL, then settings.json. */
export function chooseModelSpec(
  flag: string | undefined,
  opts: ResolveOptions,
): { spec: string; from: string } | undefined {
  if (flag !== undefined && flag.trim() !== "") return { spec: flag.trim(), from: "--model" };
  const env = opts.env.CODEAGENT_MODEL;
  if (env !== undefined && env.trim() !== "") return { spec: env.trim(), from: "CODEAGENT_MODEL" };
  const s = opts.settingsModel;
  if (s !== undefined && s.trim() !== "")
    return { spec: s.trim(), from: `"model" in ${paths.settings(opts.env)}` };
  return undefined;
}

export function resolveProviderConfig(flag: string | undefined, opts: ResolveOptions): ProviderResolution {
  const chosen = chooseModelSpec(flag, opts);
  if (chosen === undefined)
    return { ok: false, message: `No model provider is configured.\n\n${providerHelp(opts.env)}` };
  const { spec, from } = chosen;
  const colon = spec.indexOf(":");
  const provider = colon === -1 ? "" : spec.slice(0, colon).toLowerCase();
  const modelId = colon === -1 ? "" : spec.slice(colon + 1).trim();
  if (!isProvider(provider) || modelId === "") {
    const why =
      colon === -1 || modelId === ""
        ? `it must look like provider:model`
        : `unknown provider "${provider}" (known: ${PROVIDERS.join(", ")})`;
    return {
      ok: false,
      message: `The model ${JSON.stringify(spec)} from ${from} is not usable: ${why}.\n\n${providerHelp(opts.env)}`,
    };
  }
  const id = `${provider}:${modelId}`;
  const r = configFor(provider, modelId, id, from, opts);
  return r.ok ? { ok: true, config: { ...r.config, from } } : r;
}

function configFor(
  provider: ProviderName,
  modelId: string,
  id: string,
  from: string,
  opts: ResolveOptions,
): ProviderResolution {
  const env = opts.env;
  const missing = (what: string) => ({
    ok: false as const,
    message: `The model ${id} (from ${from}) needs ${what}.\n\n${providerHelp(env)}`,
  });
  switch (provider) {
    case "openai": {
      const apiKey = nonEmpty(env.OPENAI_API_KEY);
      if (apiKey === undefined)
        return missing("OPENAI_API_KEY, which is not set (export OPENAI_API_KEY=sk-…)");
      return {
        ok: true,
        config: {
          provider,
          modelId,
          id,
          apiKey,
          ...opt("baseURL", nonEmpty(opts.baseUrl) ?? nonEmpty(env.OPENAI_BASE_URL)),
        },
      };
    }
    case "anthropic": {
      const apiKey = nonEmpty(env.ANTHROPIC_API_KEY);
      if (apiKey === undefined)
        return missing("ANTHROPIC_API_KEY, which is not set (export ANTHROPIC_API_KEY=sk-ant-…)");
      const base = nonEmpty(opts.baseUrl) ?? nonEmpty(env.ANTHROPIC_BASE_URL);
      return {
        ok: true,
        config: { provider, modelId, id, apiKey, ...opt("baseURL", base && anthropicBaseUrl(base)) },
      };
    }
    case "google": {
      // GOOGLE_GENERATIVE_AI_API_KEY is the AI SDK's name; GEMINI_API_KEY is Google's own tools'.
      const apiKey = nonEmpty(env.GOOGLE_GENERATIVE_AI_API_KEY) ?? nonEmpty(env.GEMINI_API_KEY);
      if (apiKey === undefined)
        return missing("GEMINI_API_KEY (or GOOGLE_GENERATIVE_AI_API_KEY), which is not set");
      const base = nonEmpty(opts.baseUrl) ?? nonEmpty(env.GOOGLE_GEMINI_BASE_URL);
      return {
        ok: true,
        config: { provider, modelId, id, apiKey, ...opt("baseURL", base && googleBaseUrl(base)) },
      };
    }
    case "openai-compatible": {
      const baseURL = nonEmpty(opts.baseUrl) ?? nonEmpty(env.CODEAGENT_BASE_URL);
      if (baseURL === undefined) {
        return missing("an endpoint: pass --base-url http://HOST:PORT/v1 or set CODEAGENT_BASE_URL");
      }
      return { ok: true, config: { provider, modelId, id, baseURL, apiKey: env.CODEAGENT_API_KEY ?? "" } };
    }
    case "ollama": {
      const baseURL = nonEmpty(opts.baseUrl) ?? `${ollamaHost(env.OLLAMA_HOST)}/v1`;
      return { ok: true, config: { provider, modelId, id, baseURL, apiKey: "" } };
    }
  }
}

export function resolveModel(flag: string | undefined, opts: ResolveOptions): ModelResolution {
  const r = resolveProviderConfig(flag, opts);
  if (!r.ok) return r;
  const fetch = timedFetch((opts.request ?? DEFAULT_REQUEST).timeouts);
  return {
    ok: true,
    model: createModel(r.config, fetch),
    id: r.config.id,
    provider: r.config.provider,
    endpoint: endpointOf({ ...r.config, ...(r.config.from !== undefined && { modelFrom: r.config.from }) }),
  };
}

/**
 * Builds the AI SDK model. `openai:` uses the Responses API; chat-completions servers use openai-compatible.
 * `fetch`: the bounded fetch of `timedFetch` (without it, Node's, which waits five minutes for a silent server).
 */
export function createModel(c: ProviderConfig, fetch?: FetchFunction): LanguageModel {
  const f = opt("fetch", fetch);
  switch (c.provider) {
    case "openai":
      return createOpenAI({ ...opt("apiKey", c.apiKey), ...opt("baseURL", c.baseURL), ...f })(c.modelId);
    case "anthropic":
      return createAnthropic({ ...opt("apiKey", c.apiKey), ...opt("baseURL", c.baseURL), ...f })(c.modelId);
    case "google":
      return createGoogleGenerativeAI({ ...opt("apiKey", c.apiKey), ...opt("baseURL", c.baseURL), ...f })(
        c.modelId,
      );
    case "openai-compatible":
    case "ollama":
      return createOpenAICompatible({
        name: c.provider,
        baseURL: c.baseURL ?? "",
        ...(c.apiKey !== undefined && c.apiKey !== "" && { apiKey: c.apiKey }),
        includeUsage: true,
        ...f,
      })(c.modelId);
  }
}

/** The configuration help shown whenever no usable model is configured. */
export function providerHelp(env: Env): string {
  return [
    "Choose a model as provider:model in one of three ways:",
    "  1. a flag:            codeagent --model anthropic:claude-sonnet-4-5",
    "  2. the environment:   export CODEAGENT_MODEL=openai:gpt-4.1",
    `  3. settings:          {"model": "ollama:qwen2.5-coder"} in ${paths.settings(env)}`,
    "",
    "Providers and what they need:",
    "  openai:MODEL             OPENAI_API_KEY (OPENAI_BASE_URL for another endpoint)",
    "  anthropic:MODEL          ANTHROPIC_API_KEY (ANTHROPIC_BASE_URL for another endpoint)",
    "  google:MODEL             GEMINI_API_KEY or GOOGLE_GENERATIVE_AI_API_KEY (GOOGLE_GEMINI_BASE_URL for another endpoint)",
    "  openai-compatible:MODEL  any chat-completions server (vLLM, LM Studio, DeepSeek, Qwen…):",
    "                           --base-url http://HOST:PORT/v1 or CODEAGENT_BASE_URL; key in CODEAGENT_API_KEY (may be empty)",
    `  ollama:MODEL             a local Ollama at ${OLLAMA_DEFAULT_HOST} (OLLAMA_HOST for another address)`,
  ].join("\n");
}

/** OLLAMA_HOST as Ollama reads it: `host`, `host:port` or a URL; default port 11434. */
export function ollamaHost(raw: string | undefined): string {
  const v = nonEmpty(raw);
  if (v === undefined) return OLLAMA_DEFAULT_HOST;
  const withScheme = /^[a-z]+:\/\//i.test(v) ? v : `http://${v}`;
  try {
    const u = new URL(withScheme);
    if (u.hostname === "0.0.0.0") u.hostname = "127.0.0.1";
    if (u.port === "" && !/:\d+(\/|$)/.test(withScheme.replace(/^[a-z]+:\/\//i, ""))) u.port = "11434";
    return `${u.protocol}//${u.host}${u.pathname.replace(/\/+$/, "")}`;
  } catch {
    return OLLAMA_DEFAULT_HOST;
  }
}

/**
 * ANTHROPIC_BASE_URL as Anthropic's own tools read it (the host, without `/v1`), while the AI SDK wants
 * the versioned URL: `/v1` is appended unless the URL already ends with it.
 */
export function anthropicBaseUrl(raw: string): string {
  const trimmed = raw.replace(/\/+$/, "");
  return /\/v1$/.test(trimmed) ? trimmed : `${trimmed}/v1`;
}

/** GOOGLE_GEMINI_BASE_URL as Google's tools read it (the host); the AI SDK wants the `/v1beta` URL. */
export function googleBaseUrl(raw: string): string {
  const trimmed = raw.replace(/\/+$/, "");
  return /\/v1(beta)?$/.test(trimmed) ? trimmed : `${trimmed}/v1beta`;
}

function isProvider(p: string): p is ProviderName {
  return (PROVIDERS as readonly string[]).includes(p);
}

function nonEmpty(v: string | undefined): string | undefined {
  return v !== undefined && v.trim() !== "" ? v.trim() : undefined;
}

function opt<K extends string, V>(key: K, value: V | undefined): { [P in K]?: V } {
  return (value === undefined ? {} : { [key]: value }) as { [P in K]?: V };
}
