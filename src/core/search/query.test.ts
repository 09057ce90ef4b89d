import { describe, expect, it } from "vitest";
import { aliasesOf } from "./aliases.js";
import { expandPhrases } from "./phrasal.js";
import { stem } from "./stem.js";
import { compounds } from "./compounds.js";
import { readQuery } from "./query.js";
import { words } from "./tokenize.js";

describe("readQuery", () => {
  it.each([
    ["delete the staging branch", { main: "delete the staging branch", purpose: "", payload: "" }],
    [
      "put my half-done changes aside so I can switch branches",
      { main: "put my half-done changes aside", purpose: "so I can switch branches", payload: "" },
    ],
    [
      "rebuild it because the cache is stale",
      { main: "rebuild it", purpose: "because the cache is stale", payload: "" },
    ],
    // A request that starts with its reason keeps it all as the task.
    [
      "because it failed, rerun the job",
      { main: "because it failed, rerun the job", purpose: "", payload: "" },
    ],
    [
      "take jane@example.com off the newsletter",
      { main: "take email off the newsletter", purpose: "", payload: "" },
    ],
    ["is coolstartup.io still free?", { main: "is domain still free?", purpose: "", payload: "" }],
    ["open https://example.com/a?b=1 in a tab", { main: "open url in a tab", purpose: "", payload: "" }],
    // What the request hands the tool: quoted names, the text after a colon.
    [
      "move the 'fix login bug' card to Done",
      { main: "move the card to Done", purpose: "", payload: "fix login bug" },
    ],
    [
      "file a bug: login button does nothing on Safari",
      { main: "file a bug", purpose: "", payload: "login button does nothing on Safari" },
    ],
    [
      'post "we\'re live" to the channel: deploy done',
      { main: "post to the channel", purpose: "", payload: "we're live deploy done" },
    ],
    // What is remembered or told is content.
    [
      "remember that Kim prefers morning meetings",
      { main: "remember that", purpose: "", payload: "Kim prefers morning meetings" },
    ],
    [
      "let the team know that the deploy is done",
      { main: "let the team know that", purpose: "", payload: "the deploy is done" },
    ],
    [
      "delete the branch that was merged",
      { main: "delete the branch that was merged", purpose: "", payload: "" },
    ],
    // Apostrophes are no quotes; a colon after one or two words names a topic; a time's colon is a time.
    ["don't delete Sam's branch", { main: "don't delete Sam's branch", purpose: "", payload: "" }],
    [
      "nx: how do I configure caching?",
      { main: "nx: how do I configure caching?", purpose: "", payload: "" },
    ],
    ["push the standup to 10:30", { main: "push the standup to time", purpose: "", payload: "" }],
    // What happens around the task ("before I push it", "while we patch it") is no task.
    [
      "snapshot the db server before I upgrade it",
      { main: "snapshot the db server", purpose: "before I upgrade it", payload: "" },
    ],
    [
      "silence db-07 while we patch it",
      { main: "silence host", purpose: "while we patch it", payload: "db-07" },
    ],
    ["before I forget, tag v2", { main: "before I forget, tag version", purpose: "", payload: "" }],
    // A file's or a symbol's name is kept as payload; a tracker key is an issue.
    [
      "sanity check this .gitlab-ci.yml",
      { main: "sanity check this . file", purpose: "", payload: "gitlab-ci.yml" },
    ],
    [
      "rename fetchUser to loadUser everywhere",
      { main: "rename symbol to symbol everywhere", purpose: "", payload: "fetchUser loadUser" },
    ],
    ["move PAY-221 to In Review", { main: "move issue key to In Review", purpose: "", payload: "" }],
    // What a message says or asks is content.
    [
      "email jan@acme.io that the contract is signed",
      { main: "email email that", purpose: "", payload: "the contract is signed" },
    ],
    [
      "dm Tomás asking if he can review the doc",
      { main: "dm Tomás asking if", purpose: "", payload: "he can review the doc" },
    ],
    // What not to do is no action asked; a request that starts with it keeps it.
    [
      "read the README without cloning the repository",
      { main: "read the README the repository", purpose: "", payload: "" },
    ],
    [
      "write a reply to Tom, but don't send it yet",
      { main: "write a reply to Tom, but it yet", purpose: "", payload: "" },
    ],
    ["don't delete Sam's branch", { main: "don't delete Sam's branch", purpose: "", payload: "" }],
    [
      "leave a note on the PR saying the migration needs a rollback plan",
      { main: "leave a note on the PR saying", purpose: "", payload: "the migration needs a rollback plan" },
    ],
    // "let me know if" names the condition to watch: that is the task.
    [
      "let me know if the homepage ever goes down",
      { main: "let me know if the homepage ever goes down", purpose: "", payload: "" },
    ],
  ])("%s", (query, expected) => {
    expect(readQuery(query)).toEqual(expected);
  });
});

describe("compounds", () => {
  const known = new Set(["todo", "signin", "webhook", "setup"]);
  it.each([
    ["what's on my to do list", ["todo"]],
    ["the sign in page and the web hook", ["signin", "webhook"]],
    ["set up a mock", ["setup"]],
    // Only words the index holds, never across digits.
    ["make a new file", []],
    ["to do 2 day", ["todo"]],
  ])("%s", (query, expected) => {
    expect(compounds(words(query), (t) => known.has(t))).toEqual(expected);
  });
});

describe("expandPhrases", () => {
  it.each([
    // "tell me" asks; "tell the team" sends.
    ["tell me the build status", "tell me the build status get describe"],
    ["tell #deploys the release is out", "tell #deploys the release is out send message notify post"],
    ["what happened on the board", "what happened on the board activity events history"],
    ["what's been happening in the project", "what's been happening in the project activity events history"],
    ["who still has to sign off on it", "who still has to sign off on it approve approval"],
    ["let anna edit the doc", "let anna edit the doc share permission access"],
    [
      "tell me if the site goes down",
      "tell me if the site goes down get describe uptime monitor alert health",
    ],
    ["clean up old branches", "clean up old branches delete remove cleanup"],
    ["tick off buy milk", "tick off buy milk complete done close"],
    ["set up a webhook", "set up a webhook create configure setup"],
    ["who changed this line", "who changed this line blame history author audit"],
    ["how far is the drive to Geneva", "how far is the drive to Geneva directions distance route"],
    ["why did the deploy fail", "why did the deploy fail logs errors status"],
    ["the page is slow", "the page is slow performance latency profile"],
    ["is the name still available", "is the name still available availability check"],
    ["list the open issues", "list the open issues"],
    ["what's in the backups bucket", "what's in the backups bucket list contents"],
    ["where is the runbook", "where is the runbook find search locate"],
    [
      "put the doc back the way it was",
      "put the doc back the way it was restore revert revision version history",
    ],
    [
      "roll the sheet back to Monday's version",
      "roll the sheet back to Monday's version restore revert revision version history rollback",
    ],
    ["check out main in a separate folder", "check out main in a separate folder view get checkout worktree"],
    ["replay my branch on top of main", "replay my branch on top of main rebase merge update branch"],
    ["my PR is behind main", "my PR is behind main rebase merge update branch"],
    ["what did I get done this week", "what did I get done this week completed"],
  ])("%s", (query, expected) => {
    expect(expandPhrases(query)).toBe(expected);
  });
});

describe("attribute values", () => {
  it.each([
    ["landscape", ["orientation", "rotat"]],
    ["eur", ["currency"]],
    ["bold", ["format", "styl", "text"]],
    ["rain", ["forecast", "weather"]],
    ["orientation", []],
  ])("%s", (word, expected) => {
    const attribute = aliasesOf(stem(word))
      .filter((a) => a.weight === 0.5)
      .map((a) => a.term);
    expect(attribute).toEqual(expected);
  });
});

describe("kinds of product", () => {
  it.each([
    ["crm", ["contact", "deal", "hubspot", "pipedriv", "salesforc", "zoho"]],
    ["warehouse", ["bigquery", "dataset", "redshift", "snowflak", "sql"]],
    ["kql", ["analytic", "kusto", "log", "query"]],
    ["xlsx", ["excel", "export", "format", "spreadsheet"]],
    ["hubspot", []],
  ])("%s", (word, expected) => {
    expect(
      aliasesOf(stem(word))
        .filter((a) => a.weight === 0.5)
        .map((a) => a.term)
        .sort(),
    ).toEqual(expected);
  });
});

describe("aliases of what people say for money, working copies and images", () => {
  it.each([
    ["owed", ["invoic", "outstand", "receivabl", "unpaid"]],
    ["spent", ["bill", "cost", "invoic", "usag"]],
    ["untracked", ["clean", "status"]],
    ["uncommitted", ["diff", "status"]],
    ["bounce", ["reboot", "restart", "rollout"]],
    ["valid", ["lint", "validat", "verify"]],
  ])("%s", (word, expected) => {
    expect(
      aliasesOf(stem(word))
        .map((a) => a.term)
        .sort(),
    ).toEqual(expected);
  });

  it("counts an illustration as an image to generate", () => {
    expect(aliasesOf(stem("illustration")).filter((a) => ["imag", "generat"].includes(a.term))).toEqual([
      { term: "imag", weight: 0.6 },
      { term: "generat", weight: 0.5 },
    ]);
  });
});
