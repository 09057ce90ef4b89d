// A session's (or a run's) cost as it goes: each model request's usage priced at the model that answered it
// (`/model` may switch mid-session). Models without a price are remembered, never guessed.
import { costOf, type Usage } from "./cost.js";
import { priceFor, type PriceTable } from "./prices.js";

export class CostMeter {
  readonly usage: Required<Usage> = {
    inputTokens: 0,
    outputTokens: 0,
    cacheReadTokens: 0,
    cacheWriteTokens: 0,
  };
  /** US dollars of the requests whose model has a price. */
  dollars = 0;
  /** Models that answered without a known price (their tokens are counted, not priced). */
  readonly unpriced = new Set<string>();

  constructor(private readonly prices: PriceTable = {}) {}

  add(u: Usage, model: string | undefined): void {
    this.usage.inputTokens += u.inputTokens;
    this.usage.outputTokens += u.outputTokens;
    this.usage.cacheReadTokens += u.cacheReadTokens ?? 0;
    this.usage.cacheWriteTokens += u.cacheWriteTokens ?? 0;
    const price = model === undefined ? undefined : priceFor(model, this.prices);
    if (price === undefined) {
      if (u.inputTokens + u.outputTokens > 0) this.unpriced.add(model ?? "the model");
      return;
    }
    this.dollars += costOf(u, price.price);
  }

  /** The total when every request was priced; undefined when some were not (a partial sum would mislead). */
  get total(): number | undefined {
    return this.unpriced.size === 0 ? this.dollars : undefined;
  }
}
