// Bounds what the model reads: text over the cap is cut (at a line end when one is near) and the whole
// text is kept in a file the notice points to, so nothing is lost and the agent can read on.
import { randomBytes } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { errorMessage } from "../errors.js";
import { formatBytes } from "../text/bytes.js";

/** ≈ 25 000 tokens. */
export const DEFAULT_MAX_CHARS = 100_000;

export interface CapOptions {
  maxChars?: number;
  saveDir: string;
  now?: () => Date;
  /** Goes into the saved file's name (e.g. the tool name); sanitized. */
  label?: string;
}

export interface CapResult {
  text: string;
  truncated: boolean;
  savedTo?: string;
}

export function capOutput(text: string, opts: CapOptions): CapResult {
  const max = validMax(opts.maxChars);
  if (text.length <= max) return { text, truncated: false };
  const cut = cutPoint(text, max);
  const total = formatBytes(Buffer.byteLength(text, "utf8"));
  const shown = `${total} total, showing the first ${cut} characters`;
  let savedTo: string | undefined;
  let saved: string;
  try {
    savedTo = saveFullOutput(text, opts);
    saved = `full output saved to ${savedTo}`;
  } catch (e) {
    saved = `the full output could not be saved (${errorMessage(e)})`;
  }
  const result: CapResult = {
    text: `${text.slice(0, cut)}\n\n[output truncated: ${shown}; ${saved}]`,
    truncated: true,
  };
  if (savedTo !== undefined) result.savedTo = savedTo;
  return result;
}

/** Where to cut: a line end within the last fifth (at most 2 000 characters) before `max`, else `max`. */
export function cutPoint(text: string, max: number): number {
  const nl = text.lastIndexOf("\n", max);
  if (nl !== -1 && nl >= max - Math.min(2_000, Math.floor(max / 5))) return nl;
  // Never split a surrogate pair.
  return max > 0 && /[\ud800-\udbff]/.test(text.charAt(max - 1)) ? max - 1 : max;
}

/** `{label-}2024-05-01T10-20-30-123Z-a1b2c3.txt` — sortable, unique, safe on every filesystem. */
export function outputFileName(now: Date, label?: string): string {
  const stamp = (Number.isNaN(now.getTime()) ? new Date(0) : now).toISOString().replace(/[:.]/g, "-");
  const safe = label === undefined ? "" : label.replace(/[^A-Za-z0-9_-]/g, "_").slice(0, 64);
  return `${safe === "" ? "" : `${safe}-`}${stamp}-${randomBytes(3).toString("hex")}.txt`;
}

function saveFullOutput(text: string, opts: CapOptions): string {
  mkdirSync(opts.saveDir, { recursive: true, mode: 0o700 });
  const file = join(opts.saveDir, outputFileName((opts.now ?? (() => new Date()))(), opts.label));
  writeFileSync(file, text, { mode: 0o600, flag: "wx" });
  return file;
}

function validMax(n: number | undefined): number {
  return n !== undefined && Number.isFinite(n) && n >= 0 ? Math.floor(n) : DEFAULT_MAX_CHARS;
}
