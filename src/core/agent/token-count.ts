// Token counts of what the host sends (§15.5), with a real BPE tokenizer: o200k_base (GPT-4o, GPT-4.1,
// GPT-5). Other providers tokenize differently (Claude's counts run higher), so the figure is a close
// estimate there, not the bill; it is the same yardstick for every request, which is what a comparison of
// deferred and full tool lists needs. The ranks (a few MB) load on first use, not at start-up.

export type CountTokens = (text: string) => number;

let loading: Promise<CountTokens> | undefined;
let loaded: CountTokens | undefined;

/** The counter, loading the ranks once per process. */
export function loadTokenCounter(): Promise<CountTokens> {
  loading ??= import("gpt-tokenizer/encoding/o200k_base").then((m) => {
    // Text from servers may contain special-token strings such as <|endoftext|>; count them as text.
    // Only strings are counted: the library reads any other iterable as a chat transcript and throws.
    const count: CountTokens = (text) =>
      typeof text === "string" ? m.countTokens(text, { disallowedSpecial: new Set() }) : 0;
    loaded = count;
    return count;
  });
  return loading;
}

/** The counter if already loaded (synchronous callers fall back to an estimate until then). */
export function tokenCounterIfLoaded(): CountTokens | undefined {
  return loaded;
}

/** Roughly four characters per token, for the moments before the ranks are loaded. */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

export interface ToolDefinition {
  name: string;
  description: string;
  inputSchema: unknown;
}

/**
 * Tokens of one tool definition as a provider serialises it (name, description and schema as JSON).
 * Providers add a few framing tokens per tool that no public tokenizer shows; they are left out.
 */
export function definitionTokens(def: ToolDefinition, count: CountTokens): number {
  return count(JSON.stringify({ name: def.name, description: def.description, parameters: def.inputSchema }));
}
