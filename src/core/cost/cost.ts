// What a session's tokens cost (§23): the sum over kinds of tokens times their price. Pure; the caller
// holds the usage and the price (prices.ts).
import type { Price } from "./prices.js";

/** The agent's Usage (agent/events.ts) as far as cost reads it. */
export interface Usage {
  inputTokens: number;
  outputTokens: number;
  cacheReadTokens?: number;
  cacheWriteTokens?: number;
}

/** Tokens by the kind they are billed as. `input` excludes the cache reads and writes it contains. */
export interface TokenKinds {
  input: number;
  output: number;
  cacheRead: number;
  cacheWrite: number;
}

/** `usage.inputTokens` counts every prompt token (the AI SDK's total); the cached ones are billed apart. */
export function tokenKinds(u: Usage): TokenKinds {
  const cacheRead = u.cacheReadTokens ?? 0;
  const cacheWrite = u.cacheWriteTokens ?? 0;
  return {
    input: Math.max(0, u.inputTokens - cacheRead - cacheWrite),
    output: u.outputTokens,
    cacheRead,
    cacheWrite,
  };
}

/** US dollars. */
export function costOf(u: Usage, p: Price): number {
  const k = tokenKinds(u);
  const dollars =
    k.input * p.input +
    k.output * p.output +
    k.cacheRead * (p.cacheRead ?? p.input) +
    k.cacheWrite * (p.cacheWrite ?? p.input);
  return dollars / 1_000_000;
}

/** "$0.0042", "$0.12", "$12.30": cents for sums a user reads at a glance, more digits below a cent. */
export function formatUsd(dollars: number): string {
  if (dollars === 0) return "$0.00";
  if (dollars < 0.01) return `$${dollars.toFixed(4)}`;
  return `$${dollars.toFixed(2)}`;
}

/** The words shown where a price is missing (/cost, the status line says "$?"). */
export function unknownPriceText(model: string): string {
  return `unknown price for ${model}: set prices in settings.json`;
}
