import { EventEmitter } from "node:events";
import type { spawn } from "node:child_process";
import { describe, expect, it } from "vitest";
import { browserCommand, openBrowser } from "./browser.js";

const URL_ = "https://as.example/authorize?a=1&b=2";

describe("browserCommand", () => {
  it.each([
    ["darwin", {}, { command: "open", args: [URL_] }],
    [
      "win32",
      {},
      {
        command: "rundll32.exe",
        args: ["url.dll,FileProtocolHandler", "https://as.example/authorize?a=1&b=2"],
      },
    ],
    ["linux", { DISPLAY: ":0" }, { command: "xdg-open", args: [URL_] }],
    ["linux", { WAYLAND_DISPLAY: "wayland-0" }, { command: "xdg-open", args: [URL_] }],
    // A server over SSH: no display, so the URL is printed instead.
    ["linux", { SSH_CONNECTION: "1.2.3.4 22" }, undefined],
  ] as const)("%s %j", (platform, env, expected) => {
    expect(browserCommand(URL_, platform, env)).toEqual(expected);
  });
});

describe("openBrowser", () => {
  it("starts the opener detached and ignores its failure", () => {
    const calls: unknown[][] = [];
    const run = ((...args: unknown[]) => {
      calls.push(args);
      const child = new EventEmitter() as EventEmitter & { unref(): void };
      child.unref = () => undefined;
      queueMicrotask(() => child.emit("error", new Error("ENOENT")));
      return child;
    }) as unknown as typeof spawn;
    expect(openBrowser(URL_, { platform: "linux", env: { DISPLAY: ":0" }, run })).toBe(true);
    expect(calls).toEqual([["xdg-open", [URL_], { detached: true, stdio: "ignore" }]]);
  });

  it("never hands a URL that is not https: (or http: to loopback) to an opener", () => {
    const calls: unknown[] = [];
    const run = ((...args: unknown[]) => calls.push(args)) as unknown as typeof spawn;
    expect(openBrowser("file:///etc/passwd", { platform: "linux", env: { DISPLAY: ":0" }, run })).toBe(false);
    expect(calls).toEqual([]);
  });

  it("does nothing without a display", () => {
    expect(openBrowser(URL_, { platform: "linux", env: {} })).toBe(false);
  });
});
