// A script's outcome as the model reads it (pure): console output, then the return value, or the error
// with the script's own frames — cut to the output limit with a notice that says how to get less.
import type { ScriptOutcome } from "./isolate.js";

export function outcomeText(r: ScriptOutcome, maxChars: number): { text: string; truncated: boolean } {
  const parts: string[] = [];
  if (r.error !== undefined) {
    const head = r.error.stop !== undefined ? "The script was stopped" : "The script failed";
    const frames = r.error.stack === "" ? "" : `\n${indent(r.error.stack)}`;
    parts.push(`${head}: ${r.error.name}: ${r.error.message}${frames}`);
    if (r.calls > 0) parts.push(`(${calls(r.calls)} made before it ended)`);
    if (r.logs.length > 0) parts.push(`Console output before it ended:\n${r.logs.join("\n")}`);
  } else {
    if (r.logs.length > 0) parts.push(r.logs.join("\n"));
    if (r.value !== undefined) parts.push(r.logs.length > 0 ? `Returned:\n${r.value}` : r.value);
    if (parts.length === 0) parts.push(`(the script printed and returned nothing; ${calls(r.calls)})`);
  }
  if (r.logsCut) parts.push(`[console output cut at ${maxChars} characters]`);
  const text = parts.join("\n");
  if (text.length <= maxChars) return { text, truncated: r.logsCut };
  return {
    text:
      `${text.slice(0, maxChars)}\n[output cut at ${maxChars} characters of ${text.length}; return or print ` +
      "only what you need — filter and summarise inside the script]",
    truncated: true,
  };
}

function calls(n: number): string {
  return `${n} tool call${n === 1 ? "" : "s"}`;
}

function indent(s: string): string {
  return s
    .split("\n")
    .map((l) => `    ${l}`)
    .join("\n");
}
