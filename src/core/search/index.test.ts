import { describe, expect, it } from "vitest";
import { askedQuery, buildToolIndex, selectedNames, type SearchableTool } from "./index.js";

const mcp = (
  server: string,
  tool: string,
  description: string,
  parameters?: SearchableTool["parameters"],
): SearchableTool => ({
  name: `mcp__${server}__${tool}`,
  server,
  tool,
  description,
  ...(parameters !== undefined && { parameters }),
});

const TOOLS: SearchableTool[] = [
  { name: "read_file", description: "Read a file from the workspace.", parameters: [{ name: "path" }] },
  {
    name: "bash",
    description: "Run a shell command in the workspace.",
    parameters: [{ name: "command", description: "The command line to execute" }],
  },
  mcp("github", "create_issue", "Create a new issue in a GitHub repository", [
    { name: "owner" },
    { name: "repo" },
    { name: "title" },
    { name: "body" },
  ]),
  mcp("github", "create_pull_request", "Create a new pull request in a GitHub repository", [
    { name: "head", description: "The name of the branch where your changes are implemented" },
    { name: "base", description: "The name of the branch you want the changes pulled into" },
  ]),
  mcp("github", "delete_file", "Delete a file from a GitHub repository", [{ name: "path" }]),
  mcp("github", "search_code", "Search for code across GitHub repositories", [{ name: "q" }]),
  mcp("gitlab", "create_merge_request", "Create a new merge request in a GitLab project", [
    { name: "source_branch" },
    { name: "target_branch" },
  ]),
  mcp("gitlab", "list_merge_requests", "List merge requests in a GitLab project"),
  mcp("playwright", "browser_navigate", "Navigate to a URL", [{ name: "url" }]),
  mcp("playwright", "browser_take_screenshot", "Take a screenshot of the current page."),
  mcp("playwright", "browser_click", "Perform click on a web page", [
    { name: "element", description: "Human-readable element description" },
  ]),
  mcp("memory", "delete_entities", "Delete multiple entities and their relations from the knowledge graph"),
];

const index = buildToolIndex(TOOLS);
const names = (query: string, limit = 5) => index.search(query, { limit }).map((h) => h.name);

describe("buildToolIndex ranking", () => {
  it.each([
    // Both are right for "PR"; GitLab's names its two branch parameters, which outweighs "pull" here.
    ["open a PR from my branch", ["mcp__gitlab__create_merge_request", "mcp__github__create_pull_request"]],
    ["open a pull request", ["mcp__github__create_pull_request"]],
    [
      "open a merge request",
      [
        "mcp__gitlab__create_merge_request",
        "mcp__github__create_pull_request",
        "mcp__gitlab__list_merge_requests",
      ],
    ],
    ["take a screenshot of the page", ["mcp__playwright__browser_take_screenshot"]],
    ["remove a file from the repo", ["mcp__github__delete_file"]],
    ["report a bug", ["mcp__github__create_issue"]],
    ["go to a website", ["mcp__playwright__browser_navigate"]],
    ["press the submit button", ["mcp__playwright__browser_click"]],
    ["run a shell command", ["bash"]],
    ["look up code on github", ["mcp__github__search_code"]],
  ])("%s", (query, expectedTop) => {
    expect(names(query).slice(0, expectedTop.length)).toEqual(expectedTop);
  });

  it("ranks the whole list, best first, ties in name order", () => {
    expect(names("delete", 10)).toEqual(["mcp__github__delete_file", "mcp__memory__delete_entities"]);
    // A shorter name that the query covers more of comes first; then the shorter description.
    expect(names("create", 10)).toEqual([
      "mcp__github__create_issue",
      "mcp__github__create_pull_request",
      "mcp__gitlab__create_merge_request",
    ]);
  });

  it("puts an exact registered or original name first", () => {
    expect(names("mcp__github__delete_file", 1)).toEqual(["mcp__github__delete_file"]);
    expect(names("browser_click", 1)).toEqual(["mcp__playwright__browser_click"]);
    expect(names("READ_FILE", 1)).toEqual(["read_file"]);
  });

  it("a select: query returns the named tools in the order named, and nothing else", () => {
    expect(names("select:mcp__gitlab__list_merge_requests, create_issue,nope", 10)).toEqual([
      "mcp__gitlab__list_merge_requests",
      "mcp__github__create_issue",
    ]);
    expect(names("SELECT:Read_File", 10)).toEqual(["read_file"]);
    expect(names("select:nope", 10)).toEqual([]);
  });

  it.each([
    ["select:a,b", ["a", "b"]],
    ["Select: A , ,b ", ["a", "b"]],
    ["select:", undefined],
    ["select: , ", undefined],
    ["please select: a", undefined],
    ["selection of tools", undefined],
  ])("selectedNames(%j)", (q, expected) => {
    expect(selectedNames(q)).toEqual(expected);
  });

  it("a registered-name prefix lists that server's tools", () => {
    expect(names("mcp__gitlab__", 10)).toEqual([
      "mcp__gitlab__create_merge_request",
      "mcp__gitlab__list_merge_requests",
    ]);
  });

  it("matches words that a longer query word only begins", () => {
    expect(names("screensh", 1)).toEqual(["mcp__playwright__browser_take_screenshot"]);
  });

  it("returns whole hits with rounded scores", () => {
    const [hit] = index.search("screenshot", { limit: 1 });
    expect(hit).toEqual({
      name: "mcp__playwright__browser_take_screenshot",
      server: "playwright",
      tool: "browser_take_screenshot",
      description: "Take a screenshot of the current page.",
      score: hit!.score,
    });
    expect(Math.round(hit!.score * 1000) / 1000).toBe(hit!.score);
    expect(hit!.score).toBeGreaterThan(0);
  });

  it("built-ins have no server or tool in their hits", () => {
    expect(index.search("bash", { limit: 1 })).toEqual([
      { name: "bash", description: "Run a shell command in the workspace.", score: expect.any(Number) },
    ]);
  });

  it("finds nothing for empty, stop-word-only or unknown queries, or limit 0", () => {
    expect(names("")).toEqual([]);
    expect(names("   ")).toEqual([]);
    expect(names("the of and")).toEqual([]);
    expect(names("zzqqxx")).toEqual([]);
    expect(names("delete", 0)).toEqual([]);
  });

  it("limits to 10 by default and reports its size", () => {
    const many = Array.from({ length: 30 }, (_, i) => ({ name: `tool_${i}`, description: "Fetch a thing" }));
    const ix = buildToolIndex(many);
    expect(ix.size).toBe(30);
    expect(ix.search("fetch").length).toBe(10);
    // Equal scores fall back to name order (code units, not locale).
    expect(ix.search("fetch", { limit: 3 }).map((h) => h.name)).toEqual(["tool_0", "tool_1", "tool_10"]);
  });

  it("is deterministic across builds and input order", () => {
    const reversed = buildToolIndex([...TOOLS].reverse());
    for (const q of ["create", "file", "branch", "page"]) {
      expect(reversed.search(q, { limit: 20 })).toEqual(index.search(q, { limit: 20 }));
    }
  });

  it("indexes parameter names and descriptions", () => {
    expect(names("source branch target branch", 1)).toEqual(["mcp__gitlab__create_merge_request"]);
    expect(names("human-readable element description", 1)).toEqual(["mcp__playwright__browser_click"]);
  });

  it("an empty index answers nothing", () => {
    expect(buildToolIndex([]).search("anything")).toEqual([]);
  });

  it.each([
    // Phrases whose words mean little alone, and the verbs of shell commands.
    ["mkdir", "mcp__fs__create_directory"],
    ["how many rows are in the orders table", "mcp__db__count"],
    ["turn on the checkout flag", "mcp__flags__update_flag"],
    ["file a bug about the login page", "mcp__tracker__create_ticket"],
    ["the modal asks me to confirm, accept it", "mcp__browser__handle_dialog"],
    ["kick off the nightly job", "mcp__ci__trigger_job"],
  ])("reads %j as a tool request", (query, expected) => {
    const ix = buildToolIndex([
      mcp("fs", "create_directory", "Create a new directory"),
      mcp("fs", "list_directory", "List a directory"),
      mcp("db", "count", "Count the documents or rows of a table"),
      mcp("db", "find", "Find rows in a table"),
      mcp("flags", "update_flag", "Update a feature flag: enable or disable it in an environment"),
      mcp("flags", "get_flag", "Get a feature flag"),
      mcp("tracker", "create_ticket", "Create a new ticket"),
      mcp("tracker", "attach_file", "Attach a file to a ticket"),
      mcp("browser", "handle_dialog", "Handle a dialog"),
      mcp("browser", "click", "Click an element of the page"),
      mcp("ci", "trigger_job", "Trigger a job"),
      mcp("ci", "list_jobs", "List nightly jobs"),
    ]);
    expect(ix.search(query, { limit: 1 }).map((h) => h.name)).toEqual([expected]);
  });

  it("lets copies of one tool on other servers fall behind the other candidates", () => {
    const copies = ["gh", "gh-work", "gh-fork", "gh-old"].map((server) =>
      mcp(server, "create_pull_request", "Create a new pull request to merge a branch"),
    );
    const other = mcp("gitlab", "merge_merge_request", "Merge a merge request");
    const ix = buildToolIndex([...copies, other]);
    // Each further copy scores half the one before it (the first in name order keeps its score).
    expect(ix.search("merge").map((h) => [h.name, h.score])).toEqual([
      ["mcp__gh-fork__create_pull_request", 0.169],
      ["mcp__gitlab__merge_merge_request", 0.141],
      ["mcp__gh-old__create_pull_request", 0.085],
      ["mcp__gh-work__create_pull_request", 0.042],
      ["mcp__gh__create_pull_request", 0.021],
    ]);
  });

  it("splits a camelCase tool name written in the query", () => {
    const ix = buildToolIndex([
      mcp("google-drive", "createFolder", "Create a new folder in Google Drive"),
      mcp("google-drive", "listSharedDrives", "List the shared drives"),
      mcp("ms-365", "get-drive-item", "Get a drive item"),
      mcp("ms-365", "list-drives", "List drives"),
    ]);
    expect(ix.search("createFolder drive", { limit: 1 }).map((h) => h.name)).toEqual([
      "mcp__google-drive__createFolder",
    ]);
  });

  it("prefers the tool whose name says the asked action over another action on the same object", () => {
    const ix = buildToolIndex([
      mcp(
        "gitlab",
        "update_merge_request",
        "Update a merge request: title, description, merge status, labels",
      ),
      mcp("gitlab", "merge_merge_request", "Accept a merge request"),
    ]);
    expect(ix.search("merge my MR").map((h) => h.name)).toEqual([
      "mcp__gitlab__merge_merge_request",
      "mcp__gitlab__update_merge_request",
    ]);
  });

  it("an explicit verb outranks its opposite on the same object (server-memory's tools)", () => {
    const ix = buildToolIndex([
      mcp("memory", "create_entities", "Create multiple new entities in the knowledge graph"),
      mcp("memory", "add_observations", "Add new observations to existing entities in the knowledge graph"),
      mcp(
        "memory",
        "delete_observations",
        "Delete specific observations from entities in the knowledge graph",
      ),
      mcp(
        "memory",
        "delete_entities",
        "Delete multiple entities and their associated relations from the knowledge graph",
      ),
      mcp("memory", "search_nodes", "Search for nodes in the knowledge graph based on a query"),
      mcp("home", "lock_door", "Lock a door of the house"),
      mcp("home", "unlock_door", "Unlock a door of the house"),
    ]);
    const top = (q: string) => ix.search(q, { limit: 1 })[0]?.name;
    expect(top("remember that Alice works at Acme")).toBe("mcp__memory__add_observations");
    expect(top("forget the observation that Alice works at Acme")).toBe("mcp__memory__delete_observations");
    expect(top("unlock the front door")).toBe("mcp__home__unlock_door");
    expect(top("lock the front door")).toBe("mcp__home__lock_door");
  });

  it("a query naming a server prefers that server's tools; one naming none is not biased", () => {
    const ix = buildToolIndex([
      mcp("gitlab", "list_issues", "List issues in a project"),
      mcp("gitlab", "get_project", "Get a project"),
      mcp("gitlab", "list_projects", "List projects"),
      mcp("jira", "search_issues", "Search open issues with JQL, e.g. the issues synced from GitLab"),
    ]);
    expect(ix.search("open issues in gitlab", { limit: 2 }).map((h) => h.name)).toEqual([
      "mcp__gitlab__list_issues",
      "mcp__jira__search_issues",
    ]);
    expect(ix.search("open issues", { limit: 1 }).map((h) => h.name)).toEqual(["mcp__jira__search_issues"]);
  });

  it("a tool shares a little of its server's score for a word its own text lacks", () => {
    const ix = buildToolIndex([
      mcp("ms-365", "create-onedrive-folder", "Create a folder in OneDrive"),
      mcp("ms-365", "delete-onedrive-file", "Delete a file from OneDrive"),
      mcp("ms-365", "upload-file-content", "Upload the content of a file"),
      mcp("browser", "upload_file", "Upload a file through a file input"),
    ]);
    const order = ix.search("onedrive upload").map((h) => h.name);
    expect(
      order.indexOf("mcp__ms-365__upload-file-content") < order.indexOf("mcp__browser__upload_file"),
    ).toBe(true);
  });
});

describe("a query read ahead (askedQuery)", () => {
  it.each([
    "create a github issue",
    "run a shell command",
    "select:read_file",
    "read the file so I can fix it",
  ])("%j ranks exactly as the same query as text", (query) => {
    const index = buildToolIndex(TOOLS);
    expect(index.search(askedQuery(query), { limit: 5 })).toEqual(index.search(query, { limit: 5 }));
  });
});
