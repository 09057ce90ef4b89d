// Small formatting helpers shared by the result renderers; none of them throws. Sizes: text/bytes.ts.

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
