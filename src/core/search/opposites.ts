// Actions and their opposites (§15.1). A request that says what to do ("remember that Alice works at Acme",
// "unlock the door") must not be answered first with the tool that does the opposite to the same object
// (`delete_observations`, `lock_door`), which shares every other word with the right one. Pure.
import { stem } from "./stem.js";

/** Pairs of groups: every word of one side is the opposite of every word of the other. */
const PAIRS: readonly (readonly [string, string])[] = [
  [
    "add create insert new make remember memorize memorise store save record append persist put upsert",
    "delete remove erase destroy drop purge trash discard forget",
  ],
  ["enable activate", "disable deactivate"],
  ["lock", "unlock"],
  ["pin", "unpin"],
  ["star", "unstar"],
  ["follow", "unfollow"],
  ["subscribe", "unsubscribe"],
  ["mute", "unmute"],
  ["block", "unblock"],
  ["ban", "unban"],
  ["archive", "unarchive"],
  ["publish", "unpublish"],
  ["assign", "unassign"],
  ["link attach", "unlink detach"],
  ["install", "uninstall"],
  ["protect", "unprotect"],
  ["open reopen", "close"],
  ["start launch resume", "stop halt terminate"],
  ["approve accept", "reject decline deny"],
  ["upgrade", "downgrade"],
  ["join", "leave"],
  ["login", "logout"],
  ["upload", "download"],
  ["push", "pull"],
];

const OPPOSITES = new Map<string, Set<string>>();
for (const [a, b] of PAIRS) {
  const left = a.split(" ").map(stem);
  const right = b.split(" ").map(stem);
  for (const [from, to] of [
    [left, right],
    [right, left],
  ] as const) {
    for (const w of from) {
      const set = OPPOSITES.get(w) ?? new Set<string>();
      for (const o of to) set.add(o);
      OPPOSITES.set(w, set);
    }
  }
}

/** The stemmed actions opposite to a stemmed query term (none for a word that is not such an action). */
export function oppositesOf(term: string): ReadonlySet<string> {
  return OPPOSITES.get(term) ?? EMPTY;
}
const EMPTY: ReadonlySet<string> = new Set();

/** What a tool named with an action opposite to the request's keeps of its score. */
export const OPPOSITE = 0.5;

/**
 * `actions`: the action terms of the tool's name; `opposed`: the opposites of the actions the request says;
 * `asked`: those actions with their aliases. A name that does the opposite, and not also the asked thing,
 * fits worse.
 */
export function oppositeFit(
  actions: readonly string[],
  opposed: ReadonlySet<string>,
  asked: ReadonlySet<string>,
): number {
  if (opposed.size === 0 || actions.some((a) => asked.has(a))) return 1;
  return actions.some((a) => opposed.has(a)) ? OPPOSITE : 1;
}
