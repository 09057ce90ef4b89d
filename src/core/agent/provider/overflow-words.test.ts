import { describe, expect, it } from "vitest";
import { isContextOverflow, overflowFigures } from "./overflow-words.js";

// Each provider's "too long" answer as it sends it (error bodies), and answers that are not about length.
const TOO_LONG: [string, string, { requested: number; limit: number } | undefined][] = [
  [
    "OpenAI chat completions",
    `{"error":{"message":"This model's maximum context length is 128000 tokens. However, your messages resulted in 130532 tokens. Please reduce the length of the messages.","type":"invalid_request_error","param":"messages","code":"context_length_exceeded"}}`,
    { limit: 128000, requested: 130532 },
  ],
  [
    "OpenAI Responses",
    `{"error":{"message":"Your input exceeds the context window of this model. Please adjust your input and try again.","type":"invalid_request_error","param":"input","code":"context_length_exceeded"}}`,
    undefined,
  ],
  [
    "Anthropic",
    `{"type":"error","error":{"type":"invalid_request_error","message":"prompt is too long: 208310 tokens > 200000 maximum"}}`,
    { requested: 208310, limit: 200000 },
  ],
  [
    "Anthropic 413",
    `{"type":"error","error":{"type":"request_too_large","message":"Request exceeds the maximum allowed number of bytes."}}`,
    undefined,
  ],
  [
    "Gemini",
    `{"error":{"code":400,"message":"The input token count (1200000) exceeds the maximum number of tokens allowed (1048576).","status":"INVALID_ARGUMENT"}}`,
    { requested: 1200000, limit: 1048576 },
  ],
  [
    "vLLM",
    `{"object":"error","message":"This model's maximum context length is 4096 tokens. However, you requested 5120 tokens (4096 in the messages, 1024 in the completion). Please reduce the length of the messages or completion.","type":"BadRequestError","param":null,"code":400}`,
    { limit: 4096, requested: 5120 },
  ],
  [
    "vLLM (v1 engine)",
    `{"object":"error","message":"The decoder prompt (length 9000) is longer than the maximum model length of 8192. Make sure that \`max_model_len\` is no smaller than the number of text tokens.","type":"BadRequestError","code":400}`,
    { requested: 9000, limit: 8192 },
  ],
  [
    "llama.cpp",
    `{"error":{"code":400,"message":"the request exceeds the available context size, try increasing it","type":"exceed_context_size_error","n_prompt_tokens":9000,"n_ctx":4096}}`,
    { requested: 9000, limit: 4096 },
  ],
  ["Ollama", `{"error":"prompt too long; exceeded max context length by 2345 tokens"}`, undefined],
];

const OTHER = [
  `{"error":{"message":"Incorrect API key provided","type":"invalid_request_error","code":"invalid_api_key"}}`,
  `{"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}`,
  `{"error":{"message":"The model 'gpt-9' does not exist","code":"model_not_found"}}`,
  `{"error":{"message":"max_tokens: 100000 > 64000, which is the maximum allowed number of output tokens"}}`,
];

describe("isContextOverflow", () => {
  it.each(TOO_LONG)("recognises %s", (_name, body, figures) => {
    expect({ overflow: isContextOverflow(body), figures: overflowFigures(body) }).toEqual({
      overflow: true,
      figures,
    });
  });
  it.each(OTHER)("is not fooled by %s", (body) => {
    expect(isContextOverflow(body)).toBe(false);
  });
});
