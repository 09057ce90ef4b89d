// Runs one script in a QuickJS isolate of its own (engine.ts) under the limits of limits.ts, and drives its
// promises: the interpreter runs until the script awaits, the host waits for a tool call to settle (or the
// wall clock, or a cancel), then the interpreter runs the continuations — until the script's promise settles
// or a limit stops it. The isolate sees `tools`, `console` and the language; nothing of Node.
import type {
  QuickJSContext,
  QuickJSDeferredPromise,
  QuickJSHandle,
  QuickJSRuntime,
} from "quickjs-emscripten-core";
import { leaseEngine } from "./engine.js";
import type { CodeLimits } from "./limits.js";
import { PRELUDE, PRELUDE_FILE, SCRIPT_FILE, wrapScript } from "./prelude.js";
import { scriptFrames, stopMessage, type ScriptError, type ScriptStop } from "./script-errors.js";

export type { ScriptError, ScriptStop } from "./script-errors.js";

/** What a tool call answers the script: its value, or why it failed (the script sees a rejected promise). */
export type CallAnswer = { ok: true; value: unknown } | { ok: false; message: string; code: string };

export interface ScriptHost {
  /** The names bound as `tools.NAME`. */
  names: readonly string[];
  /** Makes one call; `signal` aborts when the script is stopped or cancelled. Never rejects. */
  call(name: string, args: unknown, signal: AbortSignal): Promise<CallAnswer>;
}

export interface ScriptOutcome {
  /** Console lines in order (`warn`/`error` lines prefixed), cut at the output limit. */
  logs: string[];
  logsCut: boolean;
  /** The return value as text (JSON unless a string); undefined when nothing was returned or it failed. */
  value?: string;
  error?: ScriptError;
  calls: number;
  cpuMs: number;
  wallMs: number;
  /** Time to a ready isolate (engine instance, runtime, bindings). */
  startMs: number;
}

/** Stack bytes QuickJS may use before "stack overflow" (the WebAssembly code runs on Node's own stack). */
const MAX_STACK = 256 * 1024;

export async function runScript(
  code: string,
  host: ScriptHost,
  limits: CodeLimits,
  o: { signal?: AbortSignal } = {},
): Promise<ScriptOutcome> {
  const began = performance.now();
  const lease = await leaseEngine(limits.memoryMb);
  const runtime = lease.engine.newRuntime();
  runtime.setMaxStackSize(MAX_STACK);
  const context = runtime.newContext();
  const run = new Run(runtime, context, host, limits, began);
  let outcome: ScriptOutcome | undefined;
  try {
    outcome = await run.start(code, o.signal);
    return outcome;
  } finally {
    const freed = run.dispose();
    lease.release(freed && outcome !== undefined && outcome.error?.stop !== "memory");
  }
}

class Run {
  private readonly logs: string[] = [];
  private logChars = 0;
  private logsCut = false;
  private calls = 0;
  private cpuMs = 0;
  private slice: number | undefined;
  private stop: ScriptStop | undefined;
  private alive = true;
  private inFlight = 0;
  private wake: () => void = () => undefined;
  /** Aborted when the script stops: its unfinished tool calls are cancelled with it. */
  private readonly calling = new AbortController();
  private format: QuickJSHandle | undefined;
  /** The promises of calls still out when the script stops: freed with the runtime, which cannot free them. */
  private readonly unanswered = new Set<QuickJSDeferredPromise>();

  constructor(
    private readonly rt: QuickJSRuntime,
    private readonly ctx: QuickJSContext,
    private readonly host: ScriptHost,
    private readonly limits: CodeLimits,
    private readonly began: number,
  ) {}

  async start(code: string, signal: AbortSignal | undefined): Promise<ScriptOutcome> {
    this.rt.setInterruptHandler(() => this.shouldInterrupt(signal));
    this.install();
    const startMs = performance.now() - this.began;
    const onAbort = () => this.halt("cancelled");
    signal?.addEventListener("abort", onAbort, { once: true });
    const wall = setTimeout(() => this.halt("wall"), Math.max(0, this.limits.wallMs - startMs));
    try {
      if (signal?.aborted === true) this.stop = "cancelled";
      const result = this.stop === undefined ? await this.drive(code) : { error: this.stopError() };
      return {
        logs: this.logs,
        logsCut: this.logsCut,
        ...result,
        calls: this.calls,
        cpuMs: Math.round(this.cpuMs),
        wallMs: Math.round(performance.now() - this.began),
        startMs,
      };
    } finally {
      clearTimeout(wall);
      signal?.removeEventListener("abort", onAbort);
      this.calling.abort();
    }
  }

  /** Frees the runtime; false when QuickJS could not (after running out of memory): drop the instance. */
  dispose(): boolean {
    this.alive = false;
    try {
      this.format?.dispose();
      for (const d of this.unanswered) d.dispose();
      this.unanswered.clear();
      this.ctx.dispose();
      this.rt.dispose();
      return true;
    } catch {
      return false;
    }
  }

  private async drive(code: string): Promise<{ value?: string; error?: ScriptError }> {
    const main = this.timed(() => this.ctx.evalCode(wrapScript(code), SCRIPT_FILE));
    if ("error" in main && main.error !== undefined) return { error: this.scriptError(main.error) };
    const promise = main.value;
    try {
      for (;;) {
        const jobs = this.timed(() => this.rt.executePendingJobs());
        if ("error" in jobs && jobs.error !== undefined) {
          const e = this.scriptError(jobs.error);
          if (e.stop !== undefined) return { error: e };
        }
        if (this.stop !== undefined) return { error: this.stopError() };
        const state = this.ctx.getPromiseState(promise);
        if (state.type === "fulfilled") {
          const value = this.text(state.value);
          state.value.dispose();
          return value === undefined ? {} : { value };
        }
        if (state.type === "rejected") return { error: this.scriptError(state.error) };
        if (this.inFlight === 0) {
          this.stop = "stuck";
          return { error: this.stopError() };
        }
        await new Promise<void>((resolve) => (this.wake = resolve));
      }
    } finally {
      promise.dispose();
    }
  }

  /** Interpreter time only: the clock runs while QuickJS runs, not while the script waits for tools. */
  private timed<T>(f: () => T): T {
    this.slice = performance.now();
    try {
      return f();
    } finally {
      this.cpuMs += performance.now() - this.slice;
      this.slice = undefined;
    }
  }

  private shouldInterrupt(signal: AbortSignal | undefined): boolean {
    if (this.stop !== undefined) return true;
    if (signal?.aborted === true) this.stop = "cancelled";
    else if (performance.now() - this.began > this.limits.wallMs) this.stop = "wall";
    else if (this.slice !== undefined && this.cpuMs + performance.now() - this.slice > this.limits.cpuMs)
      this.stop = "cpu";
    return this.stop !== undefined;
  }

  private halt(why: ScriptStop): void {
    this.stop ??= why;
    this.calling.abort();
    this.wake();
  }

  /** `tools` and `console` from the prelude, given the two host functions it closes over. */
  private install(): void {
    const { ctx } = this;
    const out = ctx.newFunction("out", (level, text) => {
      this.log(ctx.getString(level), ctx.getString(text));
    });
    const call = ctx.newFunction("call", (name, args) => this.call(ctx.getString(name), ctx.getString(args)));
    const names = ctx.newString(JSON.stringify(this.host.names));
    const prelude = ctx.unwrapResult(ctx.evalCode(PRELUDE, PRELUDE_FILE));
    this.format = ctx.unwrapResult(ctx.callFunction(prelude, ctx.undefined, call, out, names));
    for (const h of [prelude, names, call, out]) h.dispose();
  }

  private call(name: string, argsJson: string): QuickJSHandle {
    this.calls++;
    if (this.calls > this.limits.maxCalls) {
      this.halt("calls");
      return this.ctx.newError({ name: "InternalError", message: this.stopError().message });
    }
    const deferred = this.ctx.newPromise();
    this.unanswered.add(deferred);
    let args: unknown;
    try {
      args = JSON.parse(argsJson);
    } catch {
      args = {};
    }
    this.inFlight++;
    void this.host.call(name, args, this.calling.signal).then((answer) => {
      this.inFlight--;
      if (this.alive) {
        this.unanswered.delete(deferred);
        const json = JSON.stringify(
          answer.ok && answer.value === undefined ? { ok: true, value: null } : answer,
        );
        const h = this.ctx.newString(json);
        deferred.resolve(h);
        h.dispose();
        deferred.dispose();
      }
      this.wake();
    });
    return deferred.handle;
  }

  private log(level: string, text: string): void {
    if (this.logsCut) return;
    const line = level === "warn" || level === "error" ? `[${level}] ${text}` : text;
    const room = this.limits.maxOutputChars - this.logChars;
    if (line.length + 1 > room) {
      this.logsCut = true;
      if (room > 0) this.logs.push(line.slice(0, room));
      this.logChars = this.limits.maxOutputChars;
      return;
    }
    this.logs.push(line);
    this.logChars += line.length + 1;
  }

  private text(value: QuickJSHandle): string | undefined {
    const r = this.timed(() => this.ctx.callFunction(this.format!, this.ctx.undefined, value));
    if ("error" in r && r.error !== undefined) {
      r.error.dispose();
      return "[a value that cannot be shown]";
    }
    const h = r.value;
    const s = this.ctx.typeof(h) === "string" ? this.ctx.getString(h) : undefined;
    h.dispose();
    return s;
  }

  /** A thrown value as name, message and the script's frames; engine limits become stops. */
  private scriptError(handle: QuickJSHandle): ScriptError {
    let raw: unknown;
    try {
      raw = this.ctx.dump(handle);
    } catch {
      raw = undefined;
    }
    handle.dispose();
    if (this.stop !== undefined) return this.stopError();
    const e = (raw !== null && typeof raw === "object" ? raw : { message: String(raw) }) as Record<
      string,
      unknown
    >;
    const name = typeof e.name === "string" ? e.name : "Error";
    const message = typeof e.message === "string" ? e.message : (JSON.stringify(raw) ?? "undefined");
    // QuickJS reports running out of its heap only in these words; the limit is ours, so it is a stop.
    if (name === "InternalError" && message === "out of memory") {
      this.stop = "memory";
      return this.stopError();
    }
    return { name, message, stack: scriptFrames(typeof e.stack === "string" ? e.stack : "") };
  }

  private stopError(): ScriptError {
    const stop = this.stop ?? "cancelled";
    return { name: "ScriptStopped", message: stopMessage(stop, this.limits), stack: "", stop };
  }
}
