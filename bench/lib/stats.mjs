// Small statistics helpers: median, percentiles (nearest rank), min–max, and how figures are printed.

export function quantile(values, q) {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[i];
}

export function median(values) {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** { median, min, max, n } of the defined values, or undefined when there are none. */
export function summary(values) {
  const v = values.filter((x) => typeof x === "number" && Number.isFinite(x));
  if (v.length === 0) return undefined;
  return { median: median(v), min: Math.min(...v), max: Math.max(...v), n: v.length };
}

/** 1234.5 → "1,235"; 12.34 → "12.3"; 1.234 → "1.23". */
export function fmt(x) {
  if (x === undefined || x === null || !Number.isFinite(x)) return "–";
  const abs = Math.abs(x);
  const digits = abs >= 100 ? 0 : abs >= 10 ? 1 : 2;
  return x.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

/** "median (min–max)". */
export function fmtSummary(s, scale = 1) {
  if (s === undefined) return "–";
  if (s.n === 1) return fmt(s.median * scale);
  return `${fmt(s.median * scale)} (${fmt(s.min * scale)}–${fmt(s.max * scale)})`;
}

export function ratio(s, base) {
  if (s === undefined || base === undefined || base.median === 0) return undefined;
  return s.median / base.median;
}

export function fmtRatio(r) {
  return r === undefined ? "–" : `${r.toFixed(2)}×`;
}
