import { describe, expect, it } from "vitest";
import { replaceValues } from "./values.js";
import { words } from "./tokenize.js";

describe("replaceValues", () => {
  it.each([
    ["take jane@example.com off the newsletter", "take email off the newsletter"],
    ["is coolstartup.io still free?", "is domain still free"],
    ["open https://example.com/a?b=1 in a tab", "open url in a tab"],
    ["block 203.0.113.7 at the firewall", "block ip address at the firewall"],
    ["allow 10.0.0.0/8", "allow ip address"],
    ["copy /etc/nginx/nginx.conf to my laptop", "copy file path to my laptop"],
    ["read ~/.ssh/config", "read file path"],
    ["save this text as notes/todo.md", "save this text as notes file"],
    ["upload chart.png to the drive", "upload file to the drive"],
    // A branch is no path, and a framework is no file.
    ["merge feature/login-rate-limit into develop", "merge feature login rate limit into develop"],
    ["my next.js dev server", "my next js dev server"],
    ["push the standup to 10:30", "push the standup to time"],
    ["call at 3pm", "call at time"],
    // A day in a date is a date; the word alone may be the monday server.
    ["move it to next Monday", "move it to date"],
    ["the Friday morning sync", "the date sync"],
    ["add an item on the monday board", "add an item on the monday board"],
    ["show unread mail from this morning", "show unread mail from date"],
    ["which errors spiked after yesterday's release", "which errors spiked after date release"],
    ["alerts during tonight's window", "alerts during date window"],
    ["what is r/selfhosted saying", "what is subreddit reddit saying"],
    ["tell #deploys and @sam", "tell channel and user"],
    ["close #123", "close 123"],
    ["log two hours against the ticket", "log duration against the ticket"],
    ["a 30 minute call", "a duration call"],
    ["p95 latency of checkout", "metric percentile latency of checkout"],
    ["revert 4f9c2e1a", "revert commit sha"],
    // Hex words without a digit are words; short ids are no commits.
    ["the facade", "the facade"],
    ["ticket abc123", "ticket abc 123"],
    // Tracker keys are issues, an INV- key an invoice; camelCase is a code symbol, not a brand.
    ["bump ENG-412 to urgent", "bump issue key to urgent"],
    ["Acme paid INV-0042", "acme paid invoice number"],
    ["where is parseConfig defined?", "where is symbol defined"],
    ["what calls validateToken()", "what calls symbol"],
    ["an iPhone-sized screen", "an i phone sized screen"],
    ["find arXiv papers", "find ar xiv papers"],
    // A dotfile is a file, an upper snake name a variable, a SQL statement a query, a call expression code.
    ["find every .env.example here", "find every file here"],
    ["rotate STRIPE_KEY now", "rotate environment variable now"],
    ["why is SELECT * FROM orders WHERE x=1 slow?", "why is sql query"],
    ["run print(sum(range(10))) please", "run code expression please"],
    ["google ERR_OSSL_EVP_UNSUPPORTED", "google"],
    ["tag this as v2.4.0", "tag this as version"],
    ["silence db-07 and web-2", "silence host and host"],
    ["the logs-2026 index", "the logs 2026 index"],
    ["open localhost:3000", "open localhost port"],
    ["taking 8 seconds", "taking duration"],
  ])("%s", (query, expected) => {
    expect(words(replaceValues(query)).join(" ")).toBe(expected);
  });

  it.each([
    ["sanity check .gitlab-ci.yml and package.json", ["gitlab-ci.yml", "package.json"]],
    ["rename fetchUser to loadUser", ["fetchUser", "loadUser"]],
    ["read /etc/nginx/nginx.conf", []],
    ["find .gitignore", [" .gitignore"]],
    ["set DATABASE_URL", ["DATABASE_URL"]],
    ["take jane@example.com off the list", []],
  ])("keeps the names of %s", (query, expected) => {
    const kept: string[] = [];
    replaceValues(query, kept);
    expect(kept).toEqual(expected);
  });
});
