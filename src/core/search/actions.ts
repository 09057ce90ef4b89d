// The actions of tool requests (§15.1). Tool names are mostly a verb and an object (`create_issue`,
// `pods_list`, `browser_navigate`), and a request usually says the action it wants ("merge my MR", "share the
// sheet"). The verb carries little BM25 weight (every server has a `list_` and a `get_`), so a tool whose
// name does another thing to the right object can outscore the one that does the asked thing; the ranking
// compares the two actions instead. Words that are as often the object as the action in tool names (`log`,
// `comment`, `label`, `release`, `build`, `report`, `request`) are left out.
import { stem } from "./stem.js";

const VERBS =
  "get list create update delete remove add set search find query read write edit modify run execute start " +
  "stop cancel send post upload download move rename copy clone fork merge close open reopen approve reject " +
  "assign unassign share publish unpublish archive unarchive restore import export sync deploy install " +
  "uninstall enable disable toggle click type fill navigate scroll hover drag press select wait take capture " +
  "fetch retrieve view show describe check validate verify generate render convert translate summarize " +
  "analyze compare diff count subscribe unsubscribe invite join leave login logout upsert insert append " +
  "replace patch save store mark pin unpin lock unlock reply react submit trigger rerun retry restart reset " +
  "revert rollback scale apply evaluate inspect monitor watch track link unlink attach detach mute unmute " +
  "follow unfollow star unstar make new erase destroy drop purge trash discard forget browse enumerate " +
  "lookup locate display obtain load grab alter amend relocate duplicate exec invoke launch perform " +
  "synchronize reconcile undo begin halt abort terminate kill end persist put deliver push pull " +
  "resolve finish complete goto visit go tap enter input activate deactivate sleep pause accept decline " +
  "deny allocate scrape crawl extract harvest inspect examine diagnose summarize schedule remember " +
  "transfer transition block unblock ban unban protect unprotect test preview print parse format clear " +
  "refresh reload resize rotate crop upgrade downgrade";

const ACTIONS = new Set(VERBS.split(" ").map(stem));

/** The term (stemmed) names an action a tool performs. */
export function isAction(term: string): boolean {
  return ACTIONS.has(term);
}

/** Reading verbs: every read tool is one of them, and people use them loosely ("show", "check"). */
const WEAK = new Set(
  "get list show view read describe check find search fetch retrieve display obtain load browse lookup look see query enumerate inspect examine monitor watch track open"
    .split(" ")
    .map(stem),
);

/** An action that tells tools apart: not a reading verb. */
export function isStrongAction(term: string): boolean {
  return ACTIONS.has(term) && !WEAK.has(term);
}
