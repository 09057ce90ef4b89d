import { describe, expect, it } from "vitest";
import {
  anthropicBaseUrl,
  googleBaseUrl,
  ollamaHost,
  resolveModel,
  resolveProviderConfig,
  type ResolveOptions,
} from "./providers.js";

const HOME = { HOME: "/home/u", CODEAGENT_HOME: "/home/u/.codeagent" };

describe("resolveProviderConfig", () => {
  const cases: {
    name: string;
    flag?: string;
    opts: Partial<ResolveOptions>;
    env?: Record<string, string>;
    want: unknown;
  }[] = [
    {
      name: "openai with key",
      flag: "openai:gpt-4.1",
      env: { OPENAI_API_KEY: "sk-1" },
      opts: {},
      want: { provider: "openai", modelId: "gpt-4.1", id: "openai:gpt-4.1", apiKey: "sk-1" },
    },
    {
      name: "openai with OPENAI_BASE_URL",
      flag: "openai:gpt-4.1",
      env: { OPENAI_API_KEY: "sk-1", OPENAI_BASE_URL: "https://proxy/v1" },
      opts: {},
      want: {
        provider: "openai",
        modelId: "gpt-4.1",
        id: "openai:gpt-4.1",
        apiKey: "sk-1",
        baseURL: "https://proxy/v1",
      },
    },
    {
      name: "anthropic base URL gets /v1",
      flag: "anthropic:claude-x",
      env: { ANTHROPIC_API_KEY: "k", ANTHROPIC_BASE_URL: "http://127.0.0.1:9/" },
      opts: {},
      want: {
        provider: "anthropic",
        modelId: "claude-x",
        id: "anthropic:claude-x",
        apiKey: "k",
        baseURL: "http://127.0.0.1:9/v1",
      },
    },
    {
      name: "google with GEMINI_API_KEY and GOOGLE_GEMINI_BASE_URL (gets /v1beta)",
      flag: "google:gemini-2.5-pro",
      env: { GEMINI_API_KEY: "g", GOOGLE_GEMINI_BASE_URL: "http://127.0.0.1:9" },
      opts: {},
      want: {
        provider: "google",
        modelId: "gemini-2.5-pro",
        id: "google:gemini-2.5-pro",
        apiKey: "g",
        baseURL: "http://127.0.0.1:9/v1beta",
      },
    },
    {
      name: "google with the AI SDK's key name",
      flag: "google:gemini-2.5-pro",
      env: { GOOGLE_GENERATIVE_AI_API_KEY: "g2" },
      opts: {},
      want: { provider: "google", modelId: "gemini-2.5-pro", id: "google:gemini-2.5-pro", apiKey: "g2" },
    },
    {
      name: "openai-compatible from --base-url, empty key",
      flag: "openai-compatible:qwen",
      env: {},
      opts: { baseUrl: "http://127.0.0.1:8000/v1" },
      want: {
        provider: "openai-compatible",
        modelId: "qwen",
        id: "openai-compatible:qwen",
        baseURL: "http://127.0.0.1:8000/v1",
        apiKey: "",
      },
    },
    {
      name: "openai-compatible from CODEAGENT_BASE_URL with key",
      flag: "openai-compatible:ds",
      env: { CODEAGENT_BASE_URL: "https://api.ds/v1", CODEAGENT_API_KEY: "k2" },
      opts: {},
      want: {
        provider: "openai-compatible",
        modelId: "ds",
        id: "openai-compatible:ds",
        baseURL: "https://api.ds/v1",
        apiKey: "k2",
      },
    },
    {
      name: "ollama default host",
      flag: "ollama:llama3:8b",
      env: {},
      opts: {},
      want: {
        provider: "ollama",
        modelId: "llama3:8b",
        id: "ollama:llama3:8b",
        baseURL: "http://127.0.0.1:11434/v1",
        apiKey: "",
      },
    },
    {
      name: "CODEAGENT_MODEL when no flag",
      env: { CODEAGENT_MODEL: "ollama:m", OLLAMA_HOST: "10.0.0.2" },
      opts: { settingsModel: "openai:ignored" },
      want: {
        provider: "ollama",
        modelId: "m",
        id: "ollama:m",
        baseURL: "http://10.0.0.2:11434/v1",
        apiKey: "",
      },
    },
    {
      name: "settings model last",
      env: {},
      opts: { settingsModel: "ollama:s" },
      want: {
        provider: "ollama",
        modelId: "s",
        id: "ollama:s",
        baseURL: "http://127.0.0.1:11434/v1",
        apiKey: "",
      },
    },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const r = resolveProviderConfig(c.flag, { ...c.opts, env: { ...HOME, ...c.env } });
      expect(r).toEqual({ ok: true, config: { ...(c.want as object), from: expect.any(String) } });
    });
  }

  const failures: { name: string; flag?: string; env?: Record<string, string>; says: string[] }[] = [
    {
      name: "nothing configured",
      says: [
        "No model provider is configured",
        "--model",
        "CODEAGENT_MODEL",
        "/home/u/.codeagent/settings.json",
      ],
    },
    { name: "missing openai key", flag: "openai:gpt", says: ["OPENAI_API_KEY, which is not set"] },
    { name: "missing anthropic key", flag: "anthropic:c", says: ["ANTHROPIC_API_KEY, which is not set"] },
    {
      name: "missing gemini key",
      flag: "google:gemini-2.5-pro",
      says: ["GEMINI_API_KEY (or GOOGLE_GENERATIVE_AI_API_KEY)"],
    },
    {
      name: "compatible without endpoint",
      flag: "openai-compatible:q",
      says: ["--base-url", "CODEAGENT_BASE_URL"],
    },
    { name: "no colon", flag: "gpt-4", says: ['"gpt-4" from --model', "provider:model"] },
    {
      name: "unknown provider",
      env: { CODEAGENT_MODEL: "bogus:x" },
      says: ["from CODEAGENT_MODEL", 'unknown provider "bogus"'],
    },
    { name: "empty model", flag: "ollama:", says: ["provider:model"] },
  ];
  for (const f of failures) {
    it(`explains: ${f.name}`, () => {
      const r = resolveProviderConfig(f.flag, { env: { ...HOME, ...f.env } });
      expect(r.ok).toBe(false);
      const message = r.ok ? "" : r.message;
      for (const s of f.says) expect(message).toContain(s);
      // Every failure ends with the full configuration help.
      expect(message).toContain("Providers and what they need:");
    });
  }
});

describe("ollamaHost", () => {
  it.each([
    [undefined, "http://127.0.0.1:11434"],
    ["", "http://127.0.0.1:11434"],
    ["0.0.0.0", "http://127.0.0.1:11434"],
    ["gpu-box:9999", "http://gpu-box:9999"],
    ["https://ollama.example.com", "https://ollama.example.com:11434"],
    ["http://h:80/", "http://h"],
  ])("%s → %s", (raw, want) => {
    expect(ollamaHost(raw)).toBe(want);
  });
});

describe("anthropicBaseUrl", () => {
  it.each([
    ["https://api.anthropic.com", "https://api.anthropic.com/v1"],
    ["https://proxy/v1/", "https://proxy/v1"],
  ])("%s → %s", (raw, want) => expect(anthropicBaseUrl(raw)).toBe(want));
});

describe("googleBaseUrl", () => {
  it.each([
    ["https://generativelanguage.googleapis.com", "https://generativelanguage.googleapis.com/v1beta"],
    ["https://proxy/v1beta/", "https://proxy/v1beta"],
    ["https://proxy/v1", "https://proxy/v1"],
  ])("%s → %s", (raw, want) => expect(googleBaseUrl(raw)).toBe(want));
});

describe("resolveModel", () => {
  it("builds a model for each provider", () => {
    const env = {
      ...HOME,
      OPENAI_API_KEY: "a",
      ANTHROPIC_API_KEY: "b",
      GEMINI_API_KEY: "c",
      CODEAGENT_BASE_URL: "http://x/v1",
    };
    const ids = ["openai:m", "anthropic:m", "google:m", "openai-compatible:m", "ollama:m"].map((spec) => {
      const r = resolveModel(spec, { env });
      return r.ok ? [r.id, r.provider, typeof r.model] : r.message;
    });
    expect(ids).toEqual([
      ["openai:m", "openai", "object"],
      ["anthropic:m", "anthropic", "object"],
      ["google:m", "google", "object"],
      ["openai-compatible:m", "openai-compatible", "object"],
      ["ollama:m", "ollama", "object"],
    ]);
  });
});
