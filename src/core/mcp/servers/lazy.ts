// Lazy start and idle stop (§20.1), as pure decisions plus one small timer: whether a start may stop at the
// tool cache (the server stays `idle` until its first use), and when a server nobody uses is stopped.
import type { Clock } from "./clock.js";
import { cachedToolsServable } from "./cache-hints.js";
import type { ServerLists } from "./state.js";

export type StartupMode = "lazy" | "eager";
export const STARTUP_MODES: readonly StartupMode[] = ["lazy", "eager"];

/** The entry's own `startup` wins over the session's default; a command that checks servers forces eager. */
export function startupModeOf(
  entry: StartupMode | undefined,
  sessionDefault: StartupMode | undefined,
  forceEager = false,
): StartupMode {
  if (forceEager) return "eager";
  return entry ?? sessionDefault ?? "eager";
}

export interface CacheFacts {
  mode: StartupMode;
  /** The lists on disk from an earlier session, if any. */
  cached: Pick<ServerLists, "hints"> | undefined;
  /** Something asked for the server itself (a call, a read, a refresh): the cache cannot answer that. */
  wanted: boolean;
  now: number;
}

/**
 * Whether this start ends at the cache, leaving the server `idle` with its cached tools registered: only a
 * lazy server, with lists cached, fresh by their cache hints (none: fresh), and nobody waiting for it.
 */
export function staysIdle(f: CacheFacts): boolean {
  if (f.mode !== "lazy" || f.wanted || f.cached === undefined) return false;
  return cachedToolsServable(f.cached.hints, f.now);
}

/**
 * Counts the uses in progress and calls `onIdle` once the server went `ms` without one. `arm()` after a start;
 * `hold()` around each use (its release re-arms); `cancel()` when the server stops for any other reason.
 */
export class IdleWatch {
  private inUse = 0;
  private cancelTimer: (() => void) | undefined;

  constructor(
    private readonly clock: Clock,
    private readonly ms: number | undefined,
    private readonly onIdle: () => void,
  ) {}

  arm(): void {
    this.cancel();
    const ms = this.ms;
    if (ms === undefined || this.inUse > 0) return;
    this.cancelTimer = this.clock.setTimeout(
      () => {
        this.cancelTimer = undefined;
        if (this.inUse === 0) this.onIdle();
      },
      ms,
      { unref: true },
    );
  }

  hold(): () => void {
    this.inUse++;
    this.cancel();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.inUse--;
      this.arm();
    };
  }

  cancel(): void {
    this.cancelTimer?.();
    this.cancelTimer = undefined;
  }
}

/**
 * `startup` in settings.json, for the servers of an agent session whose entry sets none: lazy when unset. A
 * value that is neither mode is an error naming the file.
 */
export function resolveStartup(
  setting: { value: unknown; from: string } | undefined,
): { ok: true; mode: StartupMode } | { ok: false; message: string } {
  if (setting === undefined) return { ok: true, mode: "lazy" };
  const v = setting.value;
  if (v === "lazy" || v === "eager") return { ok: true, mode: v };
  return {
    ok: false,
    message: `"startup" in ${setting.from} must be "lazy" or "eager", got ${JSON.stringify(v)}`,
  };
}
