// What a client declared, as the pins remember it (§16). Some servers list tools only to clients that declare a
// capability (server-everything lists `trigger-url-elicitation` only when URL elicitation is declared, which the
// interactive session does and `-p` does not). A pin keeps the profile its tool was seen with, so a tool missing
// under a profile that lacks one of those capabilities is not "no longer listed", and tools that appear the first
// time a server is listed with a capability none of its pins was seen with are trusted as on first sight.
import type { ClientCapabilities } from "@modelcontextprotocol/client";

/** Declared capabilities as sorted dotted keys, two levels deep: `elicitation`, `elicitation.url`, `roots`. */
export function capabilityProfile(c: ClientCapabilities): string[] {
  const out: string[] = [];
  for (const [k, v] of Object.entries(c)) {
    if (v === undefined) continue;
    out.push(k);
    if (typeof v === "object" && v !== null && !Array.isArray(v))
      for (const [k2, v2] of Object.entries(v))
        if (v2 !== undefined && k2 !== "listChanged") out.push(`${k}.${k2}`);
  }
  return out.sort();
}

/** True when every key of `seen` is declared in `now`. */
export function declaresAll(now: readonly string[], seen: readonly string[]): boolean {
  return seen.every((k) => now.includes(k));
}
