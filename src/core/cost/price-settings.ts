// `"prices"` in settings.json (§23): {"MODEL": {"input": 3, "output": 15, "cacheRead": 0.3, "cacheWrite": 3.75}},
// US dollars per million tokens. A wrong entry is reported with the file and key and left out; the others stay.
import type { Price, PriceTable } from "./prices.js";

const FIELDS = ["input", "output", "cacheRead", "cacheWrite"] as const;
const REQUIRED = ["input", "output"] as const;

export function readPrices(v: unknown, file: string, problems: string[]): PriceTable | undefined {
  if (v === undefined) return undefined;
  if (v === null || typeof v !== "object" || Array.isArray(v)) {
    problems.push(
      `${file}: "prices" must be an object of model names to {"input", "output", "cacheRead", "cacheWrite"} in US dollars per million tokens; ignored`,
    );
    return undefined;
  }
  const out: Record<string, Price> = {};
  for (const [model, entry] of Object.entries(v)) {
    const p = readPrice(entry, `${file}: prices.${JSON.stringify(model)}`, problems);
    if (p !== undefined) out[model] = p;
  }
  return out;
}

function readPrice(entry: unknown, where: string, problems: string[]): Price | undefined {
  if (entry === null || typeof entry !== "object" || Array.isArray(entry)) {
    problems.push(`${where} must be an object like {"input": 3, "output": 15}; ignored`);
    return undefined;
  }
  const e = entry as Record<string, unknown>;
  const unknown = Object.keys(e).filter((k) => !(FIELDS as readonly string[]).includes(k));
  if (unknown.length > 0) {
    problems.push(
      `${where}: unknown key ${unknown.map((k) => `"${k}"`).join(", ")} (known: ${FIELDS.join(", ")}); ignored`,
    );
    return undefined;
  }
  for (const k of REQUIRED)
    if (e[k] === undefined) {
      problems.push(`${where}: "${k}" is missing (US dollars per million tokens); ignored`);
      return undefined;
    }
  for (const k of FIELDS) {
    const n = e[k];
    if (n !== undefined && (typeof n !== "number" || !Number.isFinite(n) || n < 0)) {
      problems.push(`${where}.${k} must be a number of US dollars per million tokens (0 or more); ignored`);
      return undefined;
    }
  }
  return e as unknown as Price;
}
