// What the model is told about the deferred tools the next request carries (§15.2, §15.3): which tools a
// search found but the request cannot carry, and which tools it carried before and leaves out now to stay
// within the provider's tool count, each reported once. Pure; the wording is here so the search result
// and the note on other tool results say the same thing.
import type { ToolPlan } from "./tool-plan.js";

export interface LoadReport {
  /** Found tools the next request does not carry, each with why, in the order found. */
  notLoaded: { name: string; reason: string }[];
  /** Tools the model may take as loaded that the next request leaves out for the provider's count. */
  unloaded: string[];
  /** The provider's count, in words (`limitText`). */
  limit: string;
}

/**
 * `found`: the names a search just found (none for a step without one). `toldOut`: the tools the model was
 * already told are not loaded, and that still are not (they are not reported again). `limit`: the
 * provider's count, as `limitText` words it.
 */
export function reportLoad(
  found: readonly string[],
  plan: Pick<ToolPlan, "overLimit" | "leftOut">,
  toldOut: ReadonlySet<string>,
  limit: string,
): LoadReport {
  const over = new Set(plan.overLimit);
  const badName = new Map(plan.leftOut.map((l) => [l.name, l.reason]));
  const notLoaded: LoadReport["notLoaded"] = [];
  for (const name of found) {
    const reason = over.has(name) ? `${limit}; a call by exact name still works` : badName.get(name);
    if (reason !== undefined) notLoaded.push({ name, reason });
  }
  const searched = new Set(found);
  const unloaded = plan.overLimit.filter((n) => !toldOut.has(n) && !searched.has(n));
  return { notLoaded, unloaded, limit };
}

/** "limit 128 tools per request of provider openai" */
export function limitText(maxTools: number, provider: string): string {
  return `limit ${maxTools} tools per request of provider ${provider}`;
}

/** The line that names tools unloaded to make room; undefined when there are none. */
export function unloadedLine(unloaded: readonly string[], limit: string): string | undefined {
  if (unloaded.length === 0) return undefined;
  return `Unloaded to stay under the ${limit} (a call by exact name still works): ${unloaded.join(", ")}`;
}
