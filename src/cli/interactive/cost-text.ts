// What /cost and the status line say of the session's spending (§23). Pure: the session's usage and the price
// table in, text out. The whole session is priced at the current model (after /model, the earlier model's
// requests are priced at the new model's rates: /cost says so by naming the model it priced at).
import type { Usage } from "../../core/agent/events.js";
import { costOf, formatUsd, tokenKinds, unknownPriceText } from "../../core/cost/cost.js";
import { priceFor, type Price, type PriceTable } from "../../core/cost/prices.js";

/** "$0.42" for the status line, or undefined when the model has no price or nothing was sent yet. */
export function statusCost(
  u: Usage | undefined,
  model: string | undefined,
  prices: PriceTable = {},
): string | undefined {
  if (u === undefined || model === undefined || u.inputTokens + u.outputTokens === 0) return undefined;
  const p = priceFor(model, prices);
  return p === undefined ? undefined : formatUsd(costOf(u, p.price));
}

/** /cost: tokens by kind and their dollars, or the tokens and how to give the model a price. */
export function costReport(u: Usage, model: string | undefined, prices: PriceTable = {}): string {
  const k = tokenKinds(u);
  const found = model === undefined ? undefined : priceFor(model, prices);
  const rows: [string, number, number | undefined][] = [
    ["input", k.input, found?.price.input],
    ["cache read", k.cacheRead, found?.price.cacheRead ?? found?.price.input],
    ["cache write", k.cacheWrite, found?.price.cacheWrite ?? found?.price.input],
    ["output", k.output, found?.price.output],
  ];
  const width = Math.max(...rows.map(([, n]) => n.toLocaleString("en-US").length));
  const lines = rows.map(([kind, n, rate]) => {
    const tokens = `${kind.padEnd(12)}${n.toLocaleString("en-US").padStart(width)} tokens`;
    return rate === undefined ? `  ${tokens}` : `  ${tokens}  ${formatUsd((n * rate) / 1_000_000)}`;
  });
  if (found === undefined) return [unknownPriceText(model ?? "the model"), ...lines].join("\n");
  return [
    `Session cost: ${formatUsd(costOf(u, found.price))} at ${model}'s prices (${rateText(found.price)}${found.from === "settings" ? ", from settings.json" : ""})`,
    ...lines,
  ].join("\n");
}

function rateText(p: Price): string {
  const d = (n: number) => `$${n}`;
  return `${d(p.input)} in, ${d(p.output)} out, ${d(p.cacheRead ?? p.input)} cache read, ${d(p.cacheWrite ?? p.input)} cache write per million tokens`;
}
