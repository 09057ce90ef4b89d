// Opening the user's browser on the authorization URL, where there is one. Failures are ignored on purpose:
// the URL is always shown as well, so a missing opener costs nothing.
import { spawn } from "node:child_process";
import type { Env } from "../../paths.js";
import { checkUserUrl } from "../remote/user-url.js";

export interface BrowserCommand {
  command: string;
  args: string[];
}

/** The opener for this platform, or undefined when there is no graphical session to open a browser in. */
export function browserCommand(url: string, platform: NodeJS.Platform, env: Env): BrowserCommand | undefined {
  if (platform === "darwin") return { command: "open", args: [url] };
  // No shell (cmd /c start would interpret the URL): the URL protocol handler is called directly.
  if (platform === "win32") return { command: "rundll32.exe", args: ["url.dll,FileProtocolHandler", url] };
  const graphical = (env.DISPLAY ?? "") !== "" || (env.WAYLAND_DISPLAY ?? "") !== "";
  return graphical ? { command: "xdg-open", args: [url] } : undefined;
}

/** Starts the browser detached; true when an opener was started (not a promise that it worked). */
export function openBrowser(
  url: string,
  opts: { platform?: NodeJS.Platform; env?: Env; run?: typeof spawn } = {},
): boolean {
  // Defence in depth: whoever calls, only https: (or http: to loopback) reaches an opener.
  if (!checkUserUrl(url, "the URL").ok) return false;
  const cmd = browserCommand(url, opts.platform ?? process.platform, opts.env ?? process.env);
  if (cmd === undefined) return false;
  try {
    const child = (opts.run ?? spawn)(cmd.command, cmd.args, { detached: true, stdio: "ignore" });
    child.on("error", () => undefined);
    child.unref();
    return true;
  } catch {
    return false;
  }
}
