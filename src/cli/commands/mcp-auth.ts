// `codeagent mcp login NAME [--no-browser]` and `codeagent mcp logout NAME`: run the OAuth flow of a remote
// server through a real connection (so the server's own 401 challenge drives discovery and scope), and
// forget what was stored. Tokens land in $CODEAGENT_HOME/oauth/ (0600); the background sessions pick them up.
import { readdirSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { createInterface } from "node:readline";
import { expandServerConfig } from "../../core/config/expand.js";
import { lookupForScope } from "../../core/config/dotenv-boundary.js";
import type { RemoteServerConfig } from "../../core/config/types.js";
import { CodeagentError, isCodeagentError } from "../../core/errors.js";
import {
  CodeagentOAuthProvider,
  FileOAuthStore,
  forgetPrivateLists,
  headlessAuthorizer,
  oauthDir,
  openBrowser,
  signIn,
  startCallbackServer,
  userAuthorizer,
  type CallbackServer,
} from "../../core/host/oauth.js";
import { createContext, type CliContext, type GlobalOptions } from "../context.js";
import { printJson, warn, writeOut } from "../output.js";

/** Long enough for a person to sign in, short enough that a forgotten login ends. */
const LOGIN_TIMEOUT_MS = 5 * 60_000;

export interface LoginFlags {
  /** false with --no-browser. */
  browser?: boolean;
  headless?: boolean;
}

export async function mcpLogin(name: string, f: LoginFlags, g: GlobalOptions): Promise<number> {
  const ctx = createContext(g);
  const config = remoteConfig(ctx, name);
  // Without a terminal no one can finish a browser login here (§8.5): say so at once instead of waiting.
  if (f.headless !== true && f.browser !== false && process.stdin.isTTY !== true)
    throw new CodeagentError(
      "USAGE",
      `mcp login needs a terminal to open a browser and wait for you. Run \`codeagent mcp login ${name}\` in a terminal, ` +
        `or pass --no-browser to print the URL and paste the redirect URL on stdin.`,
    );
  const store = FileOAuthStore.for(oauthDir(ctx.env), name, config.url);
  const abort = new AbortController();
  const onSignal = () => abort.abort(new CodeagentError("CANCELLED", "the login was cancelled"));
  process.once("SIGINT", onSignal);
  const callback = await startCallbackServer(
    config.oauth?.callbackPort !== undefined ? { port: config.oauth.callbackPort } : {},
  );
  const stopPaste =
    f.headless === true
      ? undefined
      : listenForPastedRedirect(callback, () =>
          // stdin closed and not a terminal: nothing can paste the redirect, so waiting would only time out.
          abort.abort(
            new CodeagentError(
              "NEEDS_AUTH",
              `stdin was closed, so the redirect URL cannot be pasted and the login cannot finish; run \`codeagent mcp login ${name} --no-browser\` with stdin open (a terminal), and paste the URL the browser ends on`,
            ),
          ),
        );
  const authorizer =
    f.headless === true
      ? headlessAuthorizer(callback, { signal: abort.signal })
      : userAuthorizer(callback, {
          open: (url) => f.browser !== false && openBrowser(url.href, { env: ctx.env }),
          show: (url, opened) => warn(loginPrompt(name, url, opened, callback.redirectUrl)),
          signal: abort.signal,
        });
  const provider = new CodeagentOAuthProvider({
    server: name,
    ...(config.oauth !== undefined && { oauth: config.oauth }),
    store,
    authorizer,
    freshLogin: true,
  });
  let tools = 0;
  let authorized = false;
  try {
    ({ tools, authorized } = await signIn({
      name,
      config,
      provider,
      env: ctx.env,
      signal: abort.signal,
      timeoutMs: LOGIN_TIMEOUT_MS,
    }));
  } catch (e) {
    // Stopped on purpose (Ctrl-C, stdin closed): that reason, not whatever the connection made of the abort.
    if (abort.signal.aborted && abort.signal.reason instanceof CodeagentError) throw abort.signal.reason;
    if (isCodeagentError(e, "CALL_TIMEOUT"))
      throw new CodeagentError(
        "NEEDS_AUTH",
        `the login was not completed within ${LOGIN_TIMEOUT_MS / 60_000} minutes; run codeagent mcp login ${name} again`,
      );
    throw e;
  } finally {
    process.off("SIGINT", onSignal);
    stopPaste?.();
    await callback.close();
  }
  const result = { server: name, authorized, tokenFile: authorized ? store.location : null, tools };
  if (g.json === true) await printJson(result);
  else
    await writeOut(
      authorized
        ? `Authorized "${name}" (${tools} tools). Tokens saved to ${store.location}`
        : `"${name}" did not ask for authorization; nothing was stored.`,
    );
  return 0;
}

export async function mcpLogout(name: string, g: GlobalOptions): Promise<number> {
  const ctx = createContext(g);
  const dir = oauthDir(ctx.env);
  // A name that is neither configured nor has stored tokens is a typo, not "nothing to forget" (exit 2).
  const configured = ctx.config.servers.some((s) => s.name === name);
  // Every URL the server ever had: the file name is `<name>-<hash of url>.json`.
  const pattern = new RegExp(`^${name.replace(/[^A-Za-z0-9_-]/g, "")}-[0-9a-f]{12}\\.json$`);
  let names: string[] = [];
  try {
    names = readdirSync(dir).filter((n) => pattern.test(n));
  } catch {
    // No oauth directory: nothing to forget.
  }
  if (!configured && names.length === 0)
    throw new CodeagentError(
      "UNKNOWN_SERVER",
      `no MCP server named "${name}" is configured, and no OAuth credentials are stored for it`,
    );
  const removed = names.map((n) => join(dir, n));
  for (const file of removed) rmSync(file, { force: true });
  forgetPrivateLists(name, ctx.env);
  if (g.json === true) await printJson({ server: name, removed });
  else
    await writeOut(
      removed.length > 0
        ? `Logged out of "${name}" (removed ${removed.join(", ")})`
        : `No stored OAuth credentials for "${name}".`,
    );
  return 0;
}

/** The server's config after ${VAR} expansion; only remote servers have OAuth. */
function remoteConfig(ctx: CliContext, name: string): RemoteServerConfig {
  const def = ctx.config.servers.find((s) => s.name === name);
  if (def === undefined)
    throw new CodeagentError("UNKNOWN_SERVER", `no MCP server named "${name}" is configured`);
  if (def.config === undefined)
    throw new CodeagentError("CONFIG_INVALID", def.error ?? `"${name}" is invalid`);
  if (def.config.transport === "stdio") {
    throw new CodeagentError(
      "USAGE",
      `"${name}" is a stdio server; OAuth login applies to http and sse servers`,
    );
  }
  const expanded = expandServerConfig(def.config, lookupForScope(def.scope, ctx.variables), {
    baseDir: def.baseDir ?? dirname(def.source),
  });
  if (!expanded.ok) throw expanded.error;
  return expanded.config as RemoteServerConfig;
}

function loginPrompt(name: string, url: URL, opened: boolean, redirectUrl: string): string {
  const head = opened
    ? `Opening a browser to authorize "${name}". If it does not open, visit:`
    : `To authorize "${name}", open this URL in a browser:`;
  return `${head}\n\n  ${url.href}\n\nWaiting for the redirect to ${redirectUrl} — or paste the full URL the browser ends on here and press Enter.`;
}

/** Lines on stdin are redirect URLs pasted by a user whose browser cannot reach our loopback port. */
function listenForPastedRedirect(callback: CallbackServer, onClosed: () => void): () => void {
  const rl = createInterface({ input: process.stdin, terminal: false });
  let stopped = false;
  rl.on("close", () => {
    if (!stopped && process.stdin.isTTY !== true) onClosed();
  });
  rl.on("line", (line) => {
    if (line.trim() === "") return;
    const r = callback.deliver(line);
    if (!r.ok) warn(`codeagent: ${r.message}`);
  });
  return () => {
    stopped = true;
    rl.close();
    process.stdin.pause();
  };
}
