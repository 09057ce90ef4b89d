// The limits of one execute_code script (§20.2), each a setting (`codeMode` in settings.json) with a default.
// Pure: a settings value in, limits or a message naming the key to change out.

export interface CodeLimits {
  /**
   * Interpreter time the script may use (its own work; waiting for tools does not count). It also bounds how
   * long a script that computes without awaiting holds the thread: a cancel reaches it at its next await.
   */
  cpuMs: number;
  /** The isolate's whole heap: the WebAssembly memory it cannot grow past. */
  memoryMb: number;
  /** Time from start to result, waiting for tools included. */
  wallMs: number;
  /** Tool calls one script may make. */
  maxCalls: number;
  /** Characters of console output plus return value the model gets back. */
  maxOutputChars: number;
}

export const DEFAULT_CODE_LIMITS: CodeLimits = {
  cpuMs: 5_000,
  memoryMb: 64,
  wallMs: 300_000,
  maxCalls: 1_000,
  maxOutputChars: 40_000,
};

/** Lowest and highest accepted value of each limit (the isolate's WebAssembly memory starts at 16 MB). */
export const CODE_LIMIT_RANGE: Record<keyof CodeLimits, [number, number]> = {
  cpuMs: [10, 600_000],
  memoryMb: [32, 2048],
  wallMs: [10, 3_600_000],
  maxCalls: [1, 1_000_000],
  maxOutputChars: [100, 10_000_000],
};

export type LimitsResult = { ok: true; limits: CodeLimits } | { ok: false; message: string };

/** `codeMode` from settings (undefined: the defaults); `from` names the file for the message. */
export function parseCodeLimits(value: unknown, from: string): LimitsResult {
  if (value === undefined) return { ok: true, limits: { ...DEFAULT_CODE_LIMITS } };
  if (value === null || typeof value !== "object" || Array.isArray(value))
    return { ok: false, message: `"codeMode" in ${from} must be an object of limits, e.g. {"cpuMs": 5000}` };
  const limits = { ...DEFAULT_CODE_LIMITS };
  for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
    if (!(key in CODE_LIMIT_RANGE)) {
      const known = Object.keys(CODE_LIMIT_RANGE).join(", ");
      return { ok: false, message: `"codeMode.${key}" in ${from} is not a limit; the limits are ${known}` };
    }
    const [lo, hi] = CODE_LIMIT_RANGE[key as keyof CodeLimits];
    if (typeof v !== "number" || !Number.isInteger(v) || v < lo || v > hi)
      return {
        ok: false,
        message: `"codeMode.${key}" in ${from} must be a whole number from ${lo} to ${hi}, got ${JSON.stringify(v)}`,
      };
    limits[key as keyof CodeLimits] = v;
  }
  return { ok: true, limits };
}
