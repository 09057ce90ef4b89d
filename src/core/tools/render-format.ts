// Small formatting helpers shared by the result renderers; none of them throws.

/** JSON text of any value; falls back to String() for what JSON cannot hold (BigInt, cycles). */
export function safeJson(value: unknown, space?: number): string {
  try {
    const s = JSON.stringify(value, null, space) as string | undefined;
    if (s !== undefined) return s;
  } catch {
    // fall through
  }
  try {
    return String(value);
  } catch {
    return Object.prototype.toString.call(value);
  }
}

/** `512 B`, `12.3 KB`, `2.1 MB` (binary multiples, one decimal). */
export function formatBytes(n: number): string {
  if (!Number.isFinite(n) || n < 1024) return `${Math.max(0, Math.round(n) || 0)} B`;
  const units = ["KB", "MB", "GB", "TB"];
  let v = n / 1024;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return `${v.toFixed(1)} ${units[i] ?? "TB"}`;
}
