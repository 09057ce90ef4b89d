// How providers say "the request is longer than the context window". There is no common code: OpenAI and
// the servers that copy it send `context_length_exceeded`, llama.cpp `exceed_context_size_error`, the rest
// only words. Matched against the provider's error body (its text, not ours).

const PATTERNS: readonly RegExp[] = [
  // OpenAI (chat completions and Responses), Azure, Groq, DeepSeek, OpenRouter, vLLM's OpenAI server
  /context_length_exceeded/i,
  /maximum context length is/i,
  /exceeds? the context window/i,
  /reduce the length of the messages/i,
  // Anthropic: 400 "prompt is too long: 208310 tokens > 200000 maximum", 413 request_too_large
  /prompt is too long/i,
  /request_too_large/i,
  // Gemini: "The input token count (1200000) exceeds the maximum number of tokens allowed (1048576)."
  /input token count.*exceeds the maximum/i,
  /exceeds the maximum number of tokens/i,
  // vLLM: "The decoder prompt (length 5000) is longer than the maximum model length of 4096."
  /longer than the maximum model length/i,
  // llama.cpp server: exceed_context_size_error, "the request exceeds the available context size"
  /exceed_context_size_error/i,
  /exceeds the available context size/i,
  // Ollama: "prompt too long; exceeded max context length by 100 tokens"
  /exceeded max context length/i,
  /prompt too long/i,
  // Mistral ("… too large for model with 32768 maximum context length"), Bedrock ("Input is too long")
  /too large for model with \d+ maximum context length/i,
  /input is too long/i,
];

export function isContextOverflow(providerText: string): boolean {
  return PATTERNS.some((p) => p.test(providerText));
}

/**
 * The token figures a "too long" message gives, when it gives them: how many the request had and how
 * many the model takes. Lets the cut aim at the real window rather than the host's estimate.
 */
export function overflowFigures(providerText: string): { requested: number; limit: number } | undefined {
  const n = (s: string | undefined) => Number((s ?? "").replace(/,/g, ""));
  const forms: [RegExp, (m: RegExpExecArray) => { requested: number; limit: number }][] = [
    [/(\d[\d,]*) tokens > (\d[\d,]*) maximum/i, (m) => ({ requested: n(m[1]), limit: n(m[2]) })],
    [
      /maximum context length is (\d[\d,]*) tokens.*?(?:resulted in|requested) (\d[\d,]*) tokens/is,
      (m) => ({ limit: n(m[1]), requested: n(m[2]) }),
    ],
    [
      /input token count \((\d+)\) exceeds the maximum number of tokens allowed \((\d+)\)/i,
      (m) => ({ requested: n(m[1]), limit: n(m[2]) }),
    ],
    [
      /prompt \(length (\d+)\) is longer than the maximum model length of (\d+)/i,
      (m) => ({ requested: n(m[1]), limit: n(m[2]) }),
    ],
    [/"n_prompt_tokens":\s*(\d+).*?"n_ctx":\s*(\d+)/is, (m) => ({ requested: n(m[1]), limit: n(m[2]) })],
  ];
  for (const [re, read] of forms) {
    const m = re.exec(providerText);
    if (m === null) continue;
    const f = read(m);
    if (f.requested > 0 && f.limit > 0) return f;
  }
  return undefined;
}
