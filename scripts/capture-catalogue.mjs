#!/usr/bin/env node
// Captures real MCP servers' `tools/list` into test/fixtures/catalogue/<server>.json, the corpus that the
// tool-search quality test and `npm run bench -- --only tools` run on.
//
//   node scripts/capture-catalogue.mjs [--set main|heldout|fresh|unseen] [--dir DIR] [--install] [--only a,b]
//
// --set heldout captures a second list of servers into test/fixtures/catalogue-heldout/: a catalogue that
// the ranking was never tuned on, for measuring how search does on tool lists it has not seen.
// --set fresh captures a third list into test/fixtures/catalogue-fresh/, chosen and queried by someone who
// never saw the ranking, its tests or its results (an evaluation nobody tuned on).
// --set unseen captures a fourth list into test/fixtures/catalogue-unseen/: servers in none of the three
// catalogues above, chosen and queried, like the fresh set, by someone who never saw the ranking.
//
// --install runs `npm install --ignore-scripts` of each package below into its own folder DIR/<server>
// (default DIR a temp folder; nothing is added to this project's dependencies; one folder per server keeps
// their dependency trees apart). Each server starts with dummy credentials and upstream
// URLs on loopback: listing tools needs no account, and nothing leaves the machine.
import { mkdirSync, readFileSync, writeFileSync, existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { spawnSync } from "node:child_process";
import { generateKeyPairSync } from "node:crypto";
import { fileURLToPath } from "node:url";
import { createRequire } from "node:module";

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, "..");
const outDirs = {
  main: join(root, "test/fixtures/catalogue"),
  heldout: join(root, "test/fixtures/catalogue-heldout"),
  fresh: join(root, "test/fixtures/catalogue-fresh"),
  unseen: join(root, "test/fixtures/catalogue-unseen"),
};
const require = createRequire(join(root, "package.json"));
const { Client } = await import(require.resolve("@modelcontextprotocol/sdk/client/index.js"));
const { z } = await import(require.resolve("zod"));
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

// @azure-devops/mcp loads keytar (a native credential store) at start, and --ignore-scripts leaves it
// unbuilt. Listing tools reads no credential: in the capture folder only, keytar becomes an empty store.
const KEYTAR_STUB = [
  "// Written by codeagent's scripts/capture-catalogue.mjs: an empty credential store, for listing tools.",
  "module.exports = { getPassword: async () => null, setPassword: async () => {}, deletePassword: async () => false, findCredentials: async () => [], findPassword: async () => null };",
  "",
].join("\n");

/** Servers never used while tuning the ranking (the held-out catalogue). */
const HELDOUT = {
  "azure-devops": {
    pkg: "@azure-devops/mcp",
    stub: { "node_modules/keytar/lib/keytar.js": KEYTAR_STUB },
    args: ["dummy-org", "--authentication", "envvar"],
    env: { ADO_MCP_AUTH_TOKEN: DUMMY },
  },
  "azure-devops-community": {
    pkg: "@tiberriver256/mcp-server-azure-devops",
    env: { AZURE_DEVOPS_ORG_URL: DEAD, AZURE_DEVOPS_AUTH_METHOD: "pat", AZURE_DEVOPS_PAT: DUMMY },
  },
  "gitlab-official": {
    pkg: "@modelcontextprotocol/server-gitlab",
    env: { GITLAB_PERSONAL_ACCESS_TOKEN: DUMMY, GITLAB_API_URL: `${DEAD}/api/v4` },
  },
  jira: {
    pkg: "@aashari/mcp-server-atlassian-jira",
    env: {
      ATLASSIAN_SITE_NAME: "dummy",
      ATLASSIAN_USER_EMAIL: "none@example.com",
      ATLASSIAN_API_TOKEN: DUMMY,
    },
  },
  bitbucket: {
    pkg: "@aashari/mcp-server-atlassian-bitbucket",
    env: { ATLASSIAN_BITBUCKET_USERNAME: "none", ATLASSIAN_BITBUCKET_APP_PASSWORD: DUMMY },
  },
  "jira-dc": { pkg: "@atlassian-dc-mcp/jira", env: { JIRA_HOST: "127.0.0.1:9", JIRA_API_TOKEN: DUMMY } },
  "confluence-dc": {
    pkg: "@atlassian-dc-mcp/confluence",
    env: { CONFLUENCE_HOST: "127.0.0.1:9", CONFLUENCE_API_TOKEN: DUMMY },
  },
  "bitbucket-dc": {
    pkg: "@atlassian-dc-mcp/bitbucket",
    env: { BITBUCKET_HOST: "127.0.0.1:9", BITBUCKET_API_TOKEN: DUMMY },
  },
  "chrome-devtools": { pkg: "chrome-devtools-mcp" },
  "kubernetes-go": { pkg: "kubernetes-mcp-server", env: { KUBECONFIG: "{tmp}/kubeconfig" } },
  datadog: { pkg: "@winor30/mcp-server-datadog", env: { DATADOG_API_KEY: DUMMY, DATADOG_APP_KEY: DUMMY } },
  shortcut: { pkg: "@shortcut/mcp", env: { SHORTCUT_API_TOKEN: DUMMY } },
  asana: { pkg: "@roychri/mcp-server-asana", env: { ASANA_ACCESS_TOKEN: DUMMY } },
  airtable: { pkg: "airtable-mcp-server", env: { AIRTABLE_API_KEY: DUMMY } },
  argocd: { pkg: "argocd-mcp", args: ["stdio"], env: { ARGOCD_BASE_URL: DEAD, ARGOCD_API_TOKEN: DUMMY } },
  monday: { pkg: "@mondaydotcomorg/monday-api-mcp", args: ["-t", DUMMY] },
  "ms-365": { pkg: "@softeria/ms-365-mcp-server" },
  postman: { pkg: "@postman/postman-mcp-server", args: ["--full"], env: { POSTMAN_API_KEY: DUMMY } },
  netlify: { pkg: "@netlify/mcp" },
  pinecone: { pkg: "@pinecone-database/mcp", env: { PINECONE_API_KEY: DUMMY } },
  git: { pkg: "@cyanheads/git-mcp-server", env: { MCP_TRANSPORT_TYPE: "stdio", GIT_BASE_DIR: "{tmp}" } },
  "code-runner": { pkg: "mcp-server-code-runner" },
  fetch: { pkg: "@kazuph/mcp-fetch" },
  mobile: { pkg: "@mobilenext/mobile-mcp" },
  perplexity: { pkg: "@perplexity-ai/mcp-server", env: { PERPLEXITY_API_KEY: DUMMY } },
  grafana: { pkg: "@leval/mcp-grafana", env: { GRAFANA_URL: DEAD, GRAFANA_API_KEY: DUMMY } },
  docker: { pkg: "@0xshariq/docker-mcp-server" },
  heroku: { pkg: "@heroku/mcp-server", env: { HEROKU_API_KEY: DUMMY } },
  atlassian: {
    pkg: "mcp-atlassian",
    env: { ATLASSIAN_BASE_URL: DEAD, ATLASSIAN_EMAIL: "none@example.com", ATLASSIAN_API_TOKEN: DUMMY },
  },
  backlog: { pkg: "backlog-mcp-server", env: { BACKLOG_DOMAIN: "127.0.0.1:9", BACKLOG_API_KEY: DUMMY } },
  todoist: { pkg: "@doist/todoist-ai", env: { TODOIST_API_KEY: DUMMY } },
  teams: { pkg: "@floriscornel/teams-mcp" },
  plane: {
    pkg: "@makeplane/plane-mcp-server",
    env: { PLANE_API_KEY: DUMMY, PLANE_WORKSPACE_SLUG: "dummy", PLANE_API_HOST_URL: DEAD },
  },
  dbhub: { pkg: "@bytebase/dbhub", args: ["--transport", "stdio", "--demo"] },
  "postgres-full": {
    pkg: "@henkey/postgres-mcp-server",
    args: ["--connection-string", "postgresql://127.0.0.1:9/none"],
  },
  nx: { pkg: "nx-mcp", args: ["{tmp}"] },
  "next-devtools": { pkg: "next-devtools-mcp" },
  lsp: { pkg: "cclsp", env: { CCLSP_CONFIG_PATH: "{tmp}/cclsp.json" } },
  searxng: { pkg: "mcp-searxng", env: { SEARXNG_URL: DEAD } },
  deepwiki: { pkg: "mcp-deepwiki" },
  mermaid: { pkg: "mcp-mermaid" },
  upstash: { pkg: "@upstash/mcp-server", args: ["run", "none@example.com", DUMMY] },
  "google-calendar": {
    pkg: "@cocal/google-calendar-mcp",
    env: { GOOGLE_OAUTH_CREDENTIALS: "{tmp}/gcp-oauth.keys.json" },
  },
  "google-drive": {
    pkg: "@piotr-agier/google-drive-mcp",
    env: { GOOGLE_DRIVE_OAUTH_CREDENTIALS: "{tmp}/gcp-oauth.keys.json" },
  },
  excel: { pkg: "@negokaz/excel-mcp-server" },
};

/** Servers in neither list above, for the blind evaluation (the fresh catalogue). Order is the README's. */
const FRESH = {
  gmail: {
    pkg: "@gongrzhe/server-gmail-autoauth-mcp",
    env: { GMAIL_OAUTH_PATH: "{tmp}/gcp-oauth.keys.json", GMAIL_CREDENTIALS_PATH: "{tmp}/google-token.json" },
  },
  "google-docs": {
    pkg: "@a-bonus/google-docs-mcp",
    env: {
      GOOGLE_CLIENT_ID: "dummy",
      GOOGLE_CLIENT_SECRET: "dummy",
      GOOGLE_OAUTH_CREDENTIALS: "{tmp}/gcp-oauth.keys.json",
    },
  },
  mapbox: {
    pkg: "@mapbox/mcp-server",
    env: { MAPBOX_ACCESS_TOKEN: "pk.eyJ1IjoiZHVtbXkiLCJhIjoiZHVtbXkifQ.dummy" },
  },
  "google-maps-cablate": {
    pkg: "@cablate/mcp-google-map",
    args: ["--stdio"],
    env: { GOOGLE_MAPS_API_KEY: DUMMY },
  },
  "cloud-run": { pkg: "@google-cloud/cloud-run-mcp", env: { GOOGLE_CLOUD_PROJECT: "dummy" } },
  "gcp-observability": { pkg: "@google-cloud/observability-mcp", env: { GOOGLE_CLOUD_PROJECT: "dummy" } },
  "gcp-storage": { pkg: "@google-cloud/storage-mcp", env: { GOOGLE_CLOUD_PROJECT: "dummy" } },
  brightdata: { pkg: "@brightdata/mcp", env: { API_TOKEN: DUMMY, PRO_MODE: "true" } },
  digitalocean: {
    pkg: "@digitalocean/mcp",
    args: ["--services", "apps,droplets,databases,networking,spaces,doks,accounts,insights,marketplace"],
    env: { DIGITALOCEAN_API_TOKEN: DUMMY },
  },
  azure: { pkg: "@azure/mcp", args: ["server", "start"], env: { AZURE_MCP_COLLECT_TELEMETRY: "false" } },
  salesforce: {
    pkg: "@salesforce/mcp",
    args: ["--orgs", "DEFAULT_TARGET_ORG", "--toolsets", "all", "--no-telemetry"],
  },
  lark: { pkg: "@larksuiteoapi/lark-mcp", args: ["mcp", "-a", "dummy", "-s", DUMMY] },
  "shopify-dev": { pkg: "@shopify/dev-mcp" },
  shopify: { pkg: "shopify-mcp", args: ["--accessToken", DUMMY, "--domain", "dummy.myshopify.com"] },
  "slack-workspace": {
    pkg: "slack-mcp-server",
    args: ["--transport", "stdio"],
    env: { SLACK_MCP_XOXP_TOKEN: "xoxp-dummy" },
  },
  trello: {
    pkg: "@delorenj/mcp-server-trello",
    env: { TRELLO_API_KEY: DUMMY, TRELLO_TOKEN: DUMMY, TRELLO_BOARD_ID: "dummy" },
  },
  todoist: { pkg: "@doist/todoist-mcp", env: { TODOIST_API_KEY: DUMMY } },
  "todoist-community": { pkg: "todoist-mcp", env: { API_KEY: DUMMY } },
  discord: { pkg: "mcp-discord", env: { DISCORD_TOKEN: DUMMY } },
  line: { pkg: "@line/line-bot-mcp-server", env: { CHANNEL_ACCESS_TOKEN: DUMMY, DESTINATION_USER_ID: "U0" } },
  telegram: { pkg: "@chaindead/telegram-mcp_linux_amd64", env: { TG_APP_ID: "1", TG_API_HASH: DUMMY } },
  confluence: {
    pkg: "@answerai/confluence-mcp",
    env: { CONFLUENCE_BASE_URL: DEAD, CONFLUENCE_EMAIL: "none@example.com", CONFLUENCE_API_TOKEN: DUMMY },
  },
  "jira-cloud": {
    pkg: "@aaronsb/jira-cloud-mcp",
    env: { JIRA_API_TOKEN: DUMMY, JIRA_EMAIL: "none@example.com", JIRA_HOST: DEAD },
  },
  "bitbucket-nexus": {
    pkg: "@nexus2520/bitbucket-mcp-server",
    env: { BITBUCKET_USERNAME: "none", BITBUCKET_APP_PASSWORD: DUMMY, BITBUCKET_BASE_URL: DEAD },
  },
  xero: { pkg: "@xeroapi/xero-mcp-server", env: { XERO_CLIENT_ID: "dummy", XERO_CLIENT_SECRET: DUMMY } },
  rollbar: { pkg: "@rollbar/mcp-server", env: { ROLLBAR_ACCESS_TOKEN: DUMMY } },
  auth0: {
    pkg: "@auth0/auth0-mcp-server",
    stub: { "node_modules/@github/keytar/lib/keytar.js": KEYTAR_STUB },
    args: ["run"],
  },
  doppler: { pkg: "@dopplerhq/mcp-server", env: { DOPPLER_TOKEN: DUMMY } },
  discourse: { pkg: "@discourse/mcp", args: ["--site", DEAD] },
  resend: { pkg: "resend-mcp", env: { RESEND_API_KEY: "re_dummy" } },
  "email-imap": {
    pkg: "@codefuturist/email-mcp",
    args: ["stdio"],
    env: {
      EMAIL_IMAP_HOST: "127.0.0.1",
      EMAIL_SMTP_HOST: "127.0.0.1",
      EMAIL_USER: "none",
      EMAIL_PASSWORD: DUMMY,
    },
  },
  browserbase: {
    pkg: "@browserbasehq/mcp-server-browserbase",
    env: { BROWSERBASE_API_KEY: DUMMY, BROWSERBASE_PROJECT_ID: "dummy", GEMINI_API_KEY: DUMMY },
  },
  hyperbrowser: { pkg: "hyperbrowser-mcp", env: { HYPERBROWSER_API_KEY: DUMMY } },
  browserstack: {
    pkg: "@browserstack/mcp-server",
    env: { BROWSERSTACK_USERNAME: "none", BROWSERSTACK_ACCESS_KEY: DUMMY },
  },
  metabase: { pkg: "@easecloudio/mcp-metabase-server", env: { METABASE_URL: DEAD, METABASE_API_KEY: DUMMY } },
  "mongo-community": { pkg: "mcp-mongo-server", args: ["mongodb://127.0.0.1:9/none"] },
  mysql: {
    pkg: "@berthojoris/mcp-mysql-server",
    args: ["mysql://none:none@127.0.0.1:9/none", "list,read,create,update,delete,execute,ddl,utility"],
  },
  mssql: {
    pkg: "@connorbritain/mssql-mcp-server",
    env: { SERVER_NAME: "127.0.0.1", DATABASE_NAME: "none", SQL_USERNAME: "none", SQL_PASSWORD: DUMMY },
  },
  bigquery: { pkg: "@ergut/mcp-bigquery-server", args: ["--project-id", "dummy"] },
  firebase: {
    pkg: "@gannonh/firebase-mcp",
    env: { SERVICE_ACCOUNT_KEY_PATH: "{tmp}/service-account.json", FIREBASE_STORAGE_BUCKET: "dummy" },
  },
  coolify: { pkg: "@masonator/coolify-mcp", env: { COOLIFY_ACCESS_TOKEN: DUMMY, COOLIFY_BASE_URL: DEAD } },
  dokploy: { pkg: "@ahdev/dokploy-mcp", env: { DOKPLOY_URL: `${DEAD}/api`, DOKPLOY_API_KEY: DUMMY } },
  hostinger: { pkg: "hostinger-api-mcp", env: { API_TOKEN: DUMMY } },
  terraform: { pkg: "terraform-mcp-server" },
  vercel: { pkg: "@mistertk/vercel-mcp", env: { VERCEL_API_KEY: DUMMY } },
  obsidian: {
    pkg: "obsidian-mcp-server",
    env: { OBSIDIAN_API_KEY: DUMMY, OBSIDIAN_BASE_URL: DEAD, MCP_TRANSPORT_TYPE: "stdio" },
  },
  "google-workspace": { pkg: "google-workspace-mcp" },
  sonarqube: { pkg: "sonarqube-mcp-server", env: { SONARQUBE_TOKEN: DUMMY, SONARQUBE_URL: DEAD } },
  smartbear: {
    pkg: "@smartbear/mcp",
    env: {
      BUGSNAG_AUTH_TOKEN: DUMMY,
      REFLECT_API_TOKEN: DUMMY,
      API_HUB_API_KEY: DUMMY,
      PACT_BROKER_BASE_URL: DEAD,
      PACT_BROKER_TOKEN: DUMMY,
    },
  },
  n8n: {
    pkg: "n8n-mcp",
    env: { MCP_MODE: "stdio", N8N_API_URL: DEAD, N8N_API_KEY: DUMMY, LOG_LEVEL: "error" },
  },
  drawio: { pkg: "@drawio/mcp" },
  chart: { pkg: "@antv/mcp-server-chart" },
  airbnb: { pkg: "@openbnb/mcp-server-airbnb", args: ["--ignore-robots-txt"] },
  youtube: { pkg: "youtube-data-mcp-server", env: { YOUTUBE_API_KEY: DUMMY } },
  reddit: { pkg: "reddit-mcp-buddy" },
  wordpress: {
    pkg: "mcp-wordpress",
    env: {
      WORDPRESS_SITE_URL: DEAD,
      WORDPRESS_USERNAME: "none",
      WORDPRESS_APP_PASSWORD: DUMMY,
      ALLOW_INSECURE_HTTP: "true",
      ALLOW_PRIVATE_URLS: "true",
    },
  },
  ssh: {
    pkg: "ssh-mcp",
    args: ["--host=127.0.0.1", "--port=9", "--user=none"],
    env: { SSH_MCP_PASSWORD: DUMMY },
  },
  prometheus: { pkg: "prometheus-mcp", args: ["stdio"], env: { PROMETHEUS_URL: DEAD } },
  eslint: { pkg: "@eslint/mcp" },
  attio: { pkg: "attio-mcp-server", env: { ATTIO_API_KEY: DUMMY } },
  iterable: { pkg: "@iterable/mcp", env: { ITERABLE_API_KEY: DUMMY } },
  clarity: { pkg: "@microsoft/clarity-mcp-server", args: [`--clarity_api_token=${DUMMY}`] },
  twilio: { pkg: "@twilio-alpha/mcp", args: ["ACdummy/SKdummy:dummy", "--services", "twilio_api_v2010"] },
  coingecko: { pkg: "@coingecko/coingecko-mcp", env: { COINGECKO_DEMO_API_KEY: DUMMY } },
  "docker-exec": { pkg: "mcp-server-docker" },
};

/** Servers in none of the three lists above, for a second blind evaluation (the unseen catalogue). */
const UNSEEN = {
  creem: { pkg: "creem", args: ["start", "--api-key", DUMMY, "--server-url", DEAD] },
  whop: { pkg: "@whop/mcp", env: { WHOP_API_KEY: DUMMY, WHOP_BASE_URL: DEAD } },
  paddle: { pkg: "@paddle/paddle-mcp", args: [`--api-key=${DUMMY}`, "--environment=sandbox", "--tools=all"] },
  contentful: {
    pkg: "@ivotoby/contentful-management-mcp-server",
    env: { CONTENTFUL_MANAGEMENT_ACCESS_TOKEN: DUMMY, CONTENTFUL_HOST: "127.0.0.1:9" },
  },
  strapi: { pkg: "strapi-mcp", env: { STRAPI_URL: DEAD, STRAPI_API_TOKEN: DUMMY } },
  webflow: { pkg: "webflow-mcp-server", env: { WEBFLOW_TOKEN: DUMMY } },
  cloudinary: {
    pkg: "@cloudinary/asset-management-mcp",
    args: ["start", "--api-key", DUMMY, "--api-secret", DUMMY, "--cloud-name", "dummy", "--server-url", DEAD],
  },
  bitwarden: { pkg: "@bitwarden/mcp-server", env: { BW_SESSION: DUMMY } },
  railway: { pkg: "@jasontanswe/railway-mcp", env: { RAILWAY_API_TOKEN: DUMMY } },
  render: { pkg: "@niyogi/render-mcp", args: ["start"], env: { RENDER_API_KEY: DUMMY } },
  telnyx: { pkg: "telnyx-mcp", env: { TELNYX_API_KEY: DUMMY, TELNYX_BASE_URL: DEAD } },
  chatwork: { pkg: "@chatwork/mcp-server", env: { CHATWORK_API_TOKEN: DUMMY } },
  sqlite: { pkg: "mcp-sqlite", args: ["{tmp}/none.db"] },
  "ea-database": { pkg: "@executeautomation/database-server", args: ["{tmp}/none.db"] },
  postgrest: { pkg: "@supabase/mcp-server-postgrest", args: ["--apiUrl", DEAD, "--schema", "public"] },
  redis: { pkg: "@gongrzhe/server-redis-mcp", args: ["redis://127.0.0.1:9"] },
  graphql: { pkg: "mcp-graphql", env: { ENDPOINT: `${DEAD}/graphql`, ALLOW_MUTATIONS: "true" } },
  taskmanager: { pkg: "@kazuph/mcp-taskmanager" },
  shrimp: { pkg: "mcp-shrimp-task-manager", env: { DATA_DIR: "{tmp}/shrimp" } },
  jenkins: {
    pkg: "@ashwinighuge/jenkins-mcp-server",
    env: { JENKINS_URL: DEAD, JENKINS_USER: "none", JENKINS_API_TOKEN: DUMMY },
  },
  lara: { pkg: "@translated/lara-mcp", env: { LARA_ACCESS_KEY_ID: DUMMY, LARA_ACCESS_KEY_SECRET: DUMMY } },
  huggingface: { pkg: "@llmindset/hf-mcp-server", env: { HF_TOKEN: "hf_dummy" } },
  replicate: { pkg: "replicate-mcp", env: { REPLICATE_API_TOKEN: DUMMY, REPLICATE_BASE_URL: DEAD } },
  pdf: { pkg: "@modelcontextprotocol/server-pdf", args: ["--stdio"] },
  "apple-docs": { pkg: "@kimsungwhee/apple-docs-mcp" },
  lighthouse: { pkg: "@danielsogl/lighthouse-mcp" },
  selenium: { pkg: "@angiejones/mcp-selenium" },
  "search-console": {
    pkg: "mcp-server-gsc",
    env: { GOOGLE_APPLICATION_CREDENTIALS: "{tmp}/service-account.json" },
  },
  karakeep: { pkg: "@karakeep/mcp", env: { KARAKEEP_API_ADDR: DEAD, KARAKEEP_API_KEY: DUMMY } },
  codacy: { pkg: "@codacy/codacy-mcp", env: { CODACY_ACCOUNT_TOKEN: DUMMY } },
  transloadit: {
    pkg: "@transloadit/mcp-server",
    args: ["stdio"],
    env: { TRANSLOADIT_KEY: DUMMY, TRANSLOADIT_SECRET: DUMMY },
  },
  browsermcp: { pkg: "@browsermcp/mcp" },
  miro: { pkg: "@llmindset/mcp-miro", args: ["--token", DUMMY] },
  dynatrace: {
    pkg: "@dynatrace-oss/dynatrace-mcp-server",
    env: { DT_ENVIRONMENT: DEAD, DT_PLATFORM_TOKEN: DUMMY },
  },
  instantdb: { pkg: "@instantdb/mcp", args: ["--token", DUMMY] },
  obsidian: { pkg: "mcp-obsidian", args: ["{tmp}"] },
  glean: {
    pkg: "@gleanwork/local-mcp-server",
    env: { GLEAN_INSTANCE: "dummy", GLEAN_API_TOKEN: DUMMY, GLEAN_URL: DEAD },
  },
  sendgrid: { pkg: "sendgrid-mcp", env: { SENDGRID_API_KEY: "SG.dummy" } },
  vitest: { pkg: "@djankies/vitest-mcp" },
  currents: { pkg: "@currents/mcp", env: { CURRENTS_API_KEY: DUMMY } },
  cloudbase: {
    pkg: "@cloudbase/cloudbase-mcp",
    env: { CLOUDBASE_ENV_ID: "dummy", TENCENTCLOUD_SECRETID: "dummy", TENCENTCLOUD_SECRETKEY: DUMMY },
  },
  insforge: { pkg: "@insforge/mcp", env: { API_KEY: DUMMY, API_BASE_URL: DEAD } },
  onepassword: { pkg: "@takescake/1password-mcp", env: { OP_SERVICE_ACCOUNT_TOKEN: "ops_dummy" } },
  mail: {
    pkg: "mcp-mail-server",
    env: {
      IMAP_HOST: "127.0.0.1",
      IMAP_PORT: "9",
      IMAP_SECURE: "false",
      SMTP_HOST: "127.0.0.1",
      SMTP_PORT: "9",
      SMTP_SECURE: "false",
      EMAIL_USER: "none",
      EMAIL_PASS: DUMMY,
    },
  },
  debugger: { pkg: "@debugmcp/mcp-debugger", args: ["stdio"] },
};

function parseArgs(argv) {
  const o = { dir: undefined, install: false, only: undefined, set: "main" };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === "--dir") o.dir = argv[++i];
    else if (argv[i] === "--set") o.set = argv[++i];
    else if (argv[i] === "--install") o.install = true;
    else if (argv[i] === "--only") o.only = argv[++i].split(",");
    else
      throw new Error(
        `unknown argument ${argv[i]} (use --set main|heldout|fresh|unseen, --dir DIR, --install, --only a,b)`,
      );
  }
  if (!(o.set in outDirs)) throw new Error(`--set must be main, heldout, fresh or unseen, got ${o.set}`);
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
  for (const [file, text] of Object.entries(spec.stub ?? {})) writeFileSync(join(dir, name, file), text);
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
      // Raw, as the server sent it: the SDK's listTools refuses a list with one odd schema, the host does not.
      const r = await client.request(
        { method: "tools/list", params: cursor === undefined ? {} : { cursor } },
        z.object({ tools: z.array(z.record(z.string(), z.unknown())), nextCursor: z.string().optional() }),
        { signal: timeout },
      );
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
const table = { main: SERVERS, heldout: HELDOUT, fresh: FRESH, unseen: UNSEEN }[opts.set];
const outDir = outDirs[opts.set];
const dir = resolve(opts.dir ?? mkdtempSync(join(tmpdir(), "codeagent-catalogue-")));
const names = opts.only ?? Object.keys(table);
if (opts.install) {
  for (const n of names) {
    const pkg = table[n]?.pkg;
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
writeFileSync(join(tmp, "cclsp.json"), '{ "servers": [] }\n');
// Google servers read an OAuth client file at start; a dummy one lets them list their tools.
writeFileSync(
  join(tmp, "gcp-oauth.keys.json"),
  `${JSON.stringify({ installed: { client_id: "dummy", client_secret: "dummy", redirect_uris: ["http://127.0.0.1:9"] } })}\n`,
);
// Gmail reads a saved token, and Firebase a service account (whose key must parse), at start: dummy ones,
// with a key made here and thrown away, let them list their tools.
writeFileSync(
  join(tmp, "google-token.json"),
  `${JSON.stringify({ access_token: "dummy", refresh_token: "dummy", token_type: "Bearer", expiry_date: 1 })}\n`,
);
const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
writeFileSync(
  join(tmp, "service-account.json"),
  `${JSON.stringify({
    type: "service_account",
    project_id: "dummy",
    private_key_id: "dummy",
    private_key: privateKey.export({ type: "pkcs8", format: "pem" }),
    client_email: "dummy@dummy.iam.gserviceaccount.com",
    client_id: "0",
    token_uri: "http://127.0.0.1:9/token",
  })}\n`,
);
let total = 0;
let ok = 0;
for (const n of names) {
  const spec = table[n];
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
