// The price table (§23): US dollars per million tokens, per model, and the lookup that turns a `--model` spec
// into a price. Pure: the user's `prices` from settings.json come in as a parameter and win over the table.
//
// Figures as of 2026-12, taken from the providers' pricing pages (platform.claude.com/docs/en/about-claude/pricing,
// developers.openai.com/api/docs/pricing, ai.google.dev/gemini-api/docs/pricing). They change: a user whose bill
// differs sets `"prices"` in settings.json, which this file never overrides. Anthropic's cache writes are the
// 5-minute rate (the ephemeral breakpoints codeagent sets); OpenAI and Google charge nothing extra to write.

export interface Price {
  input: number;
  output: number;
  /** Input tokens read from the provider's prompt cache; default the input price. */
  cacheRead?: number;
  /** Input tokens written to the prompt cache; default the input price. */
  cacheWrite?: number;
}

export type PriceTable = Readonly<Record<string, Price>>;

const claude = (input: number, output: number, cacheRead = input / 10): Price => ({
  input,
  output,
  cacheRead,
  cacheWrite: input * 1.25,
});
const openai = (input: number, output: number, cacheRead: number): Price => ({
  input,
  output,
  cacheRead,
  cacheWrite: input,
});

/** Keys are model ids without the provider; a dated id (`claude-sonnet-4-5-20250929`) finds its family's row. */
export const PRICES: PriceTable = {
  "claude-fable-5-1": claude(10, 50, 0.25),
  "claude-fable-5": claude(10, 50),
  "claude-opus-5": claude(5, 25),
  "claude-opus-4-8": claude(5, 25),
  "claude-opus-4-7": claude(5, 25),
  "claude-opus-4-6": claude(5, 25),
  "claude-opus-4-5": claude(5, 25),
  "claude-opus-4-1": claude(15, 75),
  "claude-opus-4": claude(15, 75),
  "claude-sonnet-5-5": claude(2, 10, 0.1),
  "claude-sonnet-5": claude(2, 10),
  "claude-sonnet-4-6": claude(3, 15),
  "claude-sonnet-4-5": claude(3, 15),
  "claude-sonnet-4": claude(3, 15),
  "claude-haiku-5-5": claude(0.1, 0.5, 0.01),
  "claude-haiku-4-5": claude(1, 5),
  "claude-3-5-haiku": claude(0.8, 4),
  "gpt-5.5": openai(5, 30, 0.5),
  "gpt-5.4": openai(2.5, 15, 0.25),
  "gpt-5.4-mini": openai(0.75, 4.5, 0.075),
  "gpt-5.4-nano": openai(0.2, 1.25, 0.02),
  "gpt-5.1": openai(1.25, 10, 0.125),
  "gpt-5": openai(1.25, 10, 0.125),
  "gpt-5-mini": openai(0.25, 2, 0.025),
  "gpt-5-nano": openai(0.05, 0.4, 0.005),
  "gpt-4.1": openai(2, 8, 0.5),
  "gpt-4.1-mini": openai(0.4, 1.6, 0.1),
  "gpt-4.1-nano": openai(0.1, 0.4, 0.025),
  "gpt-4o": openai(2.5, 10, 1.25),
  "gpt-4o-mini": openai(0.15, 0.6, 0.075),
  o3: openai(2, 8, 0.5),
  "o4-mini": openai(1.1, 4.4, 0.275),
  "gemini-2.5-pro": openai(1.25, 10, 0.125),
  "gemini-2.5-flash": openai(0.3, 2.5, 0.03),
  "gemini-2.5-flash-lite": openai(0.1, 0.4, 0.01),
};

export type PriceLookup = { price: Price; from: "settings" | "table" } | undefined;

/**
 * The price of `model` (`provider:id` as given to `--model`, or a bare id). The user's prices win: a key with
 * the provider first, then without it. Then the table: the id itself, then the longest row the id extends with
 * a `-` (a dated or suffixed release of that model; `gpt-5.4-mini` is its own row, never `gpt-5.4`'s).
 */
export function priceFor(model: string, user: PriceTable = {}, table: PriceTable = PRICES): PriceLookup {
  const colon = model.indexOf(":");
  const id = colon === -1 ? model : model.slice(colon + 1);
  for (const key of colon === -1 ? [id] : [model, id])
    if (Object.hasOwn(user, key)) return { price: user[key]!, from: "settings" };
  const row = familyRow(id, table);
  return row === undefined ? undefined : { price: row, from: "table" };
}

function familyRow(id: string, table: PriceTable): Price | undefined {
  const lower = id.toLowerCase();
  if (Object.hasOwn(table, lower)) return table[lower];
  let best: string | undefined;
  for (const key of Object.keys(table))
    if (lower.startsWith(`${key}-`) && (best === undefined || key.length > best.length)) best = key;
  return best === undefined ? undefined : table[best];
}
