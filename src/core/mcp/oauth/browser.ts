// Opening the user's browser on the authorization URL, where there is one. Failures are ignored on purpose:
// the URL is always shown as well, so a missing opener costs nothing.
import { spawn } from "node:child_process";
import type { Env } from "../../paths.js";

export interface BrowserCommand {
  command: string;
  args: string[];
}

/** The opener for this platform, or undefined when there is no graphical session to open a browser in. */
export function browserCommand(url: string, platform: NodeJS.Platform, env: Env): BrowserCommand | undefined {
  if (platform === "darwin") return { command: "open", args: [url] };
  // `start` is a cmd built-in; the empty argument is the window title.
  if (platform === "win32") return { command: "cmd", args: ["/c", "start", "", url.replace(/&/g, "^&")] };
  const graphical = (env.DISPLAY ?? "") !== "" || (env.WAYLAND_DISPLAY ?? "") !== "";
  return graphical ? { command: "xdg-open", args: [url] } : undefined;
}

/** Starts the browser detached; true when an opener was started (not a promise that it worked). */
export function openBrowser(
  url: string,
  opts: { platform?: NodeJS.Platform; env?: Env; run?: typeof spawn } = {},
): boolean {
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
