// Installed versions of the libraries under test, read from their package.json files.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";

const PACKAGES = [
  "@modelcontextprotocol/sdk",
  "@langchain/mcp-adapters",
  "@langchain/core",
  "@ai-sdk/mcp",
  "zod",
];

export function versions(root) {
  const out = {};
  for (const name of [".", ...PACKAGES]) {
    try {
      const file =
        name === "." ? join(root, "package.json") : join(root, "node_modules", name, "package.json");
      out[name === "." ? "codeagent" : name] = JSON.parse(readFileSync(file, "utf8")).version;
    } catch {
      out[name] = "not installed";
    }
  }
  return out;
}

/** The commit the measured build came from, with "+ local changes" when the checkout is dirty. */
export function commit(root) {
  try {
    const git = (...args) => execFileSync("git", args, { cwd: root, encoding: "utf8" }).trim();
    const head = git("rev-parse", "--short", "HEAD");
    return git("status", "--porcelain", "--untracked-files=no") === "" ? head : `${head} + local changes`;
  } catch {
    return "unknown";
  }
}
