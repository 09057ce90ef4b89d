#!/usr/bin/env node
// Captures real MCP servers' `tools/list` into test/fixtures/catalogue/<server>.json, the corpus that the
// tool-search quality test and `npm run bench -- --only tools` run on.
//
//   node scripts/capture-catalogue.mjs [--dir DIR] [--install] [--only a,b]
//
// --install runs `npm install --ignore-scripts` of each package below into its own folder DIR/<server>
// (default DIR a temp folder; nothing is added to this project's dependencies; one folder per server keeps
// their dependency trees apart). Each server starts with dummy credentials and upstream
// URLs on loopback: listing tools needs no account, and nothing leaves the machine.
import { mkdirSync, readFileSync, writeFileSync, existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { createRequire } from "node:module";

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, "..");
const outDir = join(root, "test/fixtures/catalogue");
const require = createRequire(join(root, "package.json"));
const { Client } = await import(require.resolve("@modelcontextprotocol/sdk/client/index.js"));
const { StdioClientTransport } = await import(require.resolve("@modelcontextprotocol/sdk/client/stdio.js"));

const DEAD = "http://127.0.0.1:9";
const DUMMY = "dummy-token-for-listing-tools";

/** name → package, bin (when it has several), args and env. Order is the README's. */
const SERVERS = {
  everything: { pkg: "@modelcontextprotocol/server-everything", args: ["stdio"] },
  filesystem: { pkg: "@modelcontextprotocol/server-filesystem", args: ["{tmp}"] },
  memory: { pkg: "@modelcontextprotocol/server-memory", env: { MEMORY_FILE_PATH: "{tmp}/memory.json" } },
  github: { pkg: "@modelcontextprotocol/server-github", env: { GITHUB_PERSONAL_ACCESS_TOKEN: DUMMY } },
  gitlab: {
    pkg: "@zereight/mcp-gitlab",
    env: { GITLAB_PERSONAL_ACCESS_TOKEN: DUMMY, GITLAB_API_URL: `${DEAD}/api/v4` },
  },
  playwright: { pkg: "@playwright/mcp", args: ["--headless"] },
  notion: { pkg: "@notionhq/notion-mcp-server", env: { NOTION_TOKEN: DUMMY } },
  "azure-devops": { pkg: "@azure-devops/mcp", args: ["dummy-org"] },
  postgres: { pkg: "@modelcontextprotocol/server-postgres", args: ["postgresql://127.0.0.1:9/none"] },
  redis: { pkg: "@modelcontextprotocol/server-redis", args: ["redis://127.0.0.1:9"] },
  context7: { pkg: "@upstash/context7-mcp" },
  kubernetes: { pkg: "mcp-server-kubernetes", env: { KUBECONFIG: "{tmp}/kubeconfig" } },
  sentry: { pkg: "@sentry/mcp-server", args: [`--access-token=${DUMMY}`] },
  firecrawl: { pkg: "firecrawl-mcp", env: { FIRECRAWL_API_KEY: DUMMY, FIRECRAWL_API_URL: DEAD } },
  "brave-search": { pkg: "@brave/brave-search-mcp-server", env: { BRAVE_API_KEY: DUMMY } },
  supabase: { pkg: "@supabase/mcp-server-supabase", args: [`--access-token=${DUMMY}`] },
  stripe: { pkg: "@stripe/mcp", args: ["--tools=all", "--api-key=sk_test_dummy"] },
  "sequential-thinking": { pkg: "@modelcontextprotocol/server-sequential-thinking" },
  slack: {
    pkg: "@modelcontextprotocol/server-slack",
    env: { SLACK_BOT_TOKEN: "xoxb-dummy", SLACK_TEAM_ID: "T000" },
  },
  puppeteer: { pkg: "@modelcontextprotocol/server-puppeteer" },
  "google-maps": { pkg: "@modelcontextprotocol/server-google-maps", env: { GOOGLE_MAPS_API_KEY: DUMMY } },
  "brave-search-legacy": {
    pkg: "@modelcontextprotocol/server-brave-search",
    env: { BRAVE_API_KEY: DUMMY },
  },
  "desktop-commander": { pkg: "@wonderwhy-er/desktop-commander" },
  tavily: { pkg: "tavily-mcp", env: { TAVILY_API_KEY: DUMMY } },
  exa: { pkg: "exa-mcp-server", env: { EXA_API_KEY: DUMMY } },
  mongodb: { pkg: "mongodb-mcp-server", env: { MDB_MCP_CONNECTION_STRING: "mongodb://127.0.0.1:9" } },
  heroku: { pkg: "@heroku/mcp-server", env: { HEROKU_API_KEY: DUMMY } },
  circleci: { pkg: "@circleci/mcp-server-circleci", env: { CIRCLECI_TOKEN: DUMMY } },
  figma: { pkg: "figma-developer-mcp", args: ["--stdio", `--figma-api-key=${DUMMY}`] },
  "playwright-ea": { pkg: "@executeautomation/playwright-mcp-server" },
  cloudflare: { pkg: "@cloudflare/mcp-server-cloudflare", args: ["run", "dummy-account"] },
  hubspot: { pkg: "@hubspot/mcp-server", env: { PRIVATE_APP_ACCESS_TOKEN: DUMMY } },
  elasticsearch: { pkg: "@elastic/mcp-server-elasticsearch", env: { ES_URL: DEAD, ES_API_KEY: DUMMY } },
  linear: { pkg: "mcp-server-linear", env: { LINEAR_ACCESS_TOKEN: DUMMY } },
  launchdarkly: { pkg: "@launchdarkly/mcp-server", args: ["start", "--api-key", DUMMY] },
  mysql: {
    pkg: "@benborla29/mcp-server-mysql",
    env: { MYSQL_HOST: "127.0.0.1", MYSQL_PORT: "9", MYSQL_USER: "none", MYSQL_DB: "none" },
  },
  "browser-tools": { pkg: "@agentdeskai/browser-tools-mcp" },
  "aws-kb": {
    pkg: "@modelcontextprotocol/server-aws-kb-retrieval",
    env: { AWS_ACCESS_KEY_ID: "AKIADUMMY", AWS_SECRET_ACCESS_KEY: DUMMY, AWS_REGION: "us-east-1" },
  },
  everart: { pkg: "@modelcontextprotocol/server-everart", env: { EVERART_API_KEY: DUMMY } },
  apify: { pkg: "@apify/actors-mcp-server", env: { APIFY_TOKEN: DUMMY } },
  neon: { pkg: "@neondatabase/mcp-server-neon", args: ["start", DUMMY] },
  atlassian: {
    pkg: "mcp-atlassian",
    env: { ATLASSIAN_BASE_URL: DEAD, ATLASSIAN_EMAIL: "none@example.com", ATLASSIAN_API_TOKEN: DUMMY },
  },
};

function parseArgs(argv) {
  const o = { dir: undefined, install: false, only: undefined };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === "--dir") o.dir = argv[++i];
    else if (argv[i] === "--install") o.install = true;
    else if (argv[i] === "--only") o.only = argv[++i].split(",");
    else throw new Error(`unknown argument ${argv[i]} (use --dir DIR, --install, --only a,b)`);
  }
  return o;
}

function binOf(dir, pkg) {
  const base = join(dir, "node_modules", pkg);
  const pj = JSON.parse(readFileSync(join(base, "package.json"), "utf8"));
  const bin = typeof pj.bin === "string" ? pj.bin : Object.values(pj.bin ?? {})[0];
  if (bin === undefined) throw new Error(`${pkg} has no bin`);
  return { path: join(base, bin), version: pj.version };
}

async function capture(name, spec, dir, tmp) {
  const { path, version } = binOf(join(dir, name), spec.pkg);
  const fill = (s) => s.replaceAll("{tmp}", tmp);
  const env = { PATH: process.env.PATH ?? "", HOME: tmp, NO_PROXY: "*" };
  for (const [k, v] of Object.entries(spec.env ?? {})) env[k] = fill(v);
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [path, ...(spec.args ?? []).map(fill)],
    env,
    cwd: tmp,
    stderr: "pipe",
  });
  let stderr = "";
  transport.stderr?.on("data", (b) => {
    stderr = (stderr + b.toString()).slice(-2000);
  });
  const client = new Client({ name: "codeagent-catalogue", version: "1" });
  const timeout = globalThis.AbortSignal.timeout(60_000);
  try {
    await client.connect(transport, { signal: timeout }).catch((e) => {
      const tail = stderr.trim().split("\n").slice(-3).join(" | ");
      throw new Error(
        `${e instanceof Error ? e.message : String(e)}${tail === "" ? "" : ` — stderr: ${tail}`}`,
      );
    });
    const tools = [];
    let cursor;
    for (let page = 0; page < 50; page++) {
      const r = await client.listTools(cursor === undefined ? {} : { cursor }, { signal: timeout });
      tools.push(...r.tools);
      if (r.nextCursor === undefined || r.nextCursor === cursor) break;
      cursor = r.nextCursor;
    }
    const info = client.getServerVersion();
    return {
      server: name,
      package: spec.pkg,
      version,
      serverInfo: info === undefined ? null : { name: info.name, version: info.version },
      command: ["node", `<${spec.pkg}>`, ...(spec.args ?? [])].join(" "),
      tools,
    };
  } finally {
    await client.close().catch(() => undefined);
  }
}

const opts = parseArgs(process.argv.slice(2));
const dir = resolve(opts.dir ?? mkdtempSync(join(tmpdir(), "codeagent-catalogue-")));
const names = opts.only ?? Object.keys(SERVERS);
if (opts.install) {
  for (const n of names) {
    const pkg = SERVERS[n]?.pkg;
    if (pkg === undefined) throw new Error(`unknown server ${n}`);
    const at = join(dir, n);
    mkdirSync(at, { recursive: true });
    if (!existsSync(join(at, "package.json"))) writeFileSync(join(at, "package.json"), "{}\n");
    const r = spawnSync("npm", ["install", "--no-audit", "--no-fund", "--ignore-scripts", pkg], {
      cwd: at,
      stdio: "inherit",
      env: { ...process.env, PUPPETEER_SKIP_DOWNLOAD: "1", PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: "1" },
    });
    if (r.status !== 0) console.error(`install of ${pkg} failed; it is skipped`);
  }
}
mkdirSync(outDir, { recursive: true });
const tmp = mkdtempSync(join(tmpdir(), "codeagent-catalogue-run-"));
// A cluster on a dead loopback port: the server needs an active context to start, never a live one.
writeFileSync(
  join(tmp, "kubeconfig"),
  [
    "apiVersion: v1",
    "kind: Config",
    "clusters: [{name: dummy, cluster: {server: 'https://127.0.0.1:9'}}]",
    "users: [{name: dummy, user: {token: dummy}}]",
    "contexts: [{name: dummy, context: {cluster: dummy, user: dummy}}]",
    "current-context: dummy",
    "",
  ].join("\n"),
);
let total = 0;
let ok = 0;
for (const n of names) {
  const spec = SERVERS[n];
  if (spec === undefined) throw new Error(`unknown server ${n}`);
  try {
    const doc = await capture(n, spec, dir, tmp);
    doc.capturedAt = new Date().toISOString().slice(0, 10);
    writeFileSync(join(outDir, `${n}.json`), `${JSON.stringify(doc, null, 2)}\n`);
    total += doc.tools.length;
    ok++;
    console.error(`${n}: ${doc.tools.length} tools (${spec.pkg}@${doc.version})`);
  } catch (e) {
    console.error(`${n}: not captured: ${e instanceof Error ? e.message : String(e)}`);
  }
}
console.error(`${ok} servers, ${total} tools → ${outDir}`);
