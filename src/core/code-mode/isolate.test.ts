// The isolate itself (§20.2): what a script can reach, how each limit stops it, and what it reads back from
// tool calls. The host side here is a plain function; code-mode.test.ts runs real servers through it.
import { describe, expect, it, vi } from "vitest";
import { runScript, type CallAnswer, type ScriptHost } from "./isolate.js";
import { DEFAULT_CODE_LIMITS, type CodeLimits } from "./limits.js";

// Set before the first engine exists: Emscripten binds console.error when an instance is made, and prints its
// aborts there.
const printed = vi.spyOn(console, "error");

const LIMITS: CodeLimits = { ...DEFAULT_CODE_LIMITS, cpuMs: 200, wallMs: 5_000, maxCalls: 20 };

function host(calls: string[] = []): ScriptHost {
  return {
    names: ["add", "refuse", "odd-name"],
    call: (name, args): Promise<CallAnswer> => {
      calls.push(`${name} ${JSON.stringify(args)}`);
      const a = args as { a?: number; b?: number };
      if (name === "add") return Promise.resolve({ ok: true, value: { sum: (a.a ?? 0) + (a.b ?? 0) } });
      if (name === "odd-name") return Promise.resolve({ ok: true, value: "plain text" });
      return Promise.resolve({ ok: false, code: "PERMISSION_DENIED", message: "permission denied: no" });
    },
  };
}

const run = (code: string, limits: Partial<CodeLimits> = {}, o: { signal?: AbortSignal } = {}) =>
  runScript(code, host(), { ...LIMITS, ...limits }, o);

describe("runScript", () => {
  it("awaits tool calls, prints, and returns a value as JSON", async () => {
    const calls: string[] = [];
    const r = await runScript(
      "const r = await tools.add({ a: 2, b: 3 });\nconsole.log('sum is', r.sum, { ok: true });\nconsole.warn('careful');\nreturn { doubled: r.sum * 2, text: await tools['odd-name']() };",
      host(calls),
      LIMITS,
    );
    expect([r.logs, r.value, r.error, r.calls]).toEqual([
      ['sum is 5 {"ok":true}', "[warn] careful"],
      '{\n  "doubled": 10,\n  "text": "plain text"\n}',
      undefined,
      2,
    ]);
    expect(calls).toEqual(['add {"a":2,"b":3}', "odd-name {}"]);
  });

  it("runs calls concurrently with Promise.all; a string return stays a string", async () => {
    const r = await run(
      "const xs = await Promise.all([1, 2, 3].map((a) => tools.add({ a, b: a })));\nreturn xs.map((x) => x.sum).join(',');",
    );
    expect([r.value, r.calls]).toEqual(["2,4,6", 3]);
  });

  it("a refused call rejects with the gate's reason, a code and a stack pointing at the script's line", async () => {
    const r = await run("const x = 1;\nawait tools.refuse({});");
    expect(r.error).toEqual({
      name: "ToolError",
      message: "permission denied: no",
      stack: "at <anonymous> (line 2:19)",
    });
    const caught = await run(
      "try { await tools.refuse({}) } catch (e) { return [e.code, e.tool, e.message] }",
    );
    expect(caught.value).toBe('[\n  "PERMISSION_DENIED",\n  "refuse",\n  "permission denied: no"\n]');
  });

  it("a thrown error keeps the script's own frames", async () => {
    const r = await run(
      "function check(n) {\n  if (n > 1) throw new TypeError('too big: ' + n);\n}\ncheck(5);",
    );
    expect(r.error).toEqual({
      name: "TypeError",
      message: "too big: 5",
      stack: "at check (line 2:33)\nat <anonymous> (line 4:6)",
    });
  });

  it("a syntax error is reported as one", async () => {
    const r = await run("let x = ;");
    expect([r.error?.name, r.error?.message]).toEqual(["SyntaxError", "unexpected token in expression: ';'"]);
  });

  describe("reaches nothing of the host", () => {
    it.each([
      ["process", "return typeof process", "undefined"],
      ["require", "return typeof require", "undefined"],
      [
        "timers",
        "return [typeof setTimeout, typeof setInterval, typeof queueMicrotask].join()",
        "undefined,undefined,undefined",
      ],
      ["fetch and WebAssembly", "return [typeof fetch, typeof WebAssembly].join()", "undefined,undefined"],
      [
        "the global object through Function",
        "const g = Function('return this')(); return Object.keys(g).join()",
        "tools,console",
      ],
      [
        "the host through the constructor chain",
        "return tools.add.constructor.constructor('return typeof process')()",
        "undefined",
      ],
    ])("%s", async (_name, code, value) => {
      const r = await run(code);
      expect([r.value, r.error]).toEqual([value, undefined]);
    });

    it("import() of a Node module fails", async () => {
      const r = await run("return await import('node:fs')");
      expect([r.error?.name, r.error?.message]).toEqual([
        "ReferenceError",
        "could not load module 'node:fs'",
      ]);
    });

    it("the bindings cannot be replaced", async () => {
      const r = await run(
        "tools.add = () => 1; delete tools.add; return (await tools.add({ a: 1, b: 1 })).sum",
      );
      expect([r.value, r.error]).toEqual(["2", undefined]);
    });
  });

  describe("limits stop a script with a message naming the setting", () => {
    it("an endless loop: CPU time", async () => {
      const r = await run("for (;;) {}");
      expect([r.error?.stop, r.error?.message]).toEqual([
        "cpu",
        'the script used more than 200 ms of CPU time and was stopped (an endless loop?); "codeMode.cpuMs" in settings.json raises the limit',
      ]);
    });

    it("unbounded allocation: memory", async () => {
      const r = await run("const a = []; for (;;) a.push('x'.repeat(100000) + a.length);", {
        memoryMb: 32,
        cpuMs: 20_000,
      });
      expect([r.error?.stop, r.error?.message]).toEqual([
        "memory",
        'the script ran out of memory (its isolate may use 32 MB) and was stopped; "codeMode.memoryMb" in settings.json raises the limit',
      ]);
    });

    it("a million calls: the call count; the host saw only the allowed ones", async () => {
      const calls: string[] = [];
      const r = await runScript("for (let i = 0; i < 1e6; i++) tools.add({ a: i });", host(calls), LIMITS);
      expect(r.error?.stop).toBe("calls");
      expect(r.error?.message).toContain('raise "codeMode.maxCalls"');
      expect(calls.length).toBe(20);
    });

    it("a wait on a tool that never answers: wall time, and the call is told to stop", async () => {
      let aborted = false;
      const stuck: ScriptHost = {
        names: ["hang"],
        call: (_n, _a, signal) =>
          new Promise((resolve) =>
            signal.addEventListener("abort", () => {
              aborted = true;
              resolve({ ok: false, code: "CANCELLED", message: "cancelled" });
            }),
          ),
      };
      const r = await runScript("await tools.hang({})", stuck, { ...LIMITS, wallMs: 300 });
      expect([r.error?.stop, aborted]).toEqual(["wall", true]);
    });

    it("a promise nothing settles ends at once", async () => {
      const r = await run("await new Promise(() => {})");
      expect(r.error?.stop).toBe("stuck");
    });

    it("deep recursion is a stack overflow, not a crash", async () => {
      const r = await run("function f() { return f() }\nf()");
      expect([r.error?.name, r.error?.message]).toEqual(["InternalError", "stack overflow"]);
    });

    it("console output is cut at the output limit", async () => {
      const r = await run("for (let i = 0; i < 1000; i++) console.log('line ' + i)", { maxOutputChars: 100 });
      expect([r.logsCut, r.logs.join("\n").length <= 100]).toEqual([true, true]);
    });

    it("cancelling stops the script and its unfinished call", async () => {
      let aborted = false;
      const slow: ScriptHost = {
        names: ["slow"],
        call: (_n, _a, signal) =>
          new Promise((resolve) =>
            signal.addEventListener("abort", () => {
              aborted = true;
              resolve({ ok: false, code: "CANCELLED", message: "cancelled" });
            }),
          ),
      };
      const ac = new AbortController();
      setTimeout(() => ac.abort(), 50);
      const r = await runScript("await tools.slow({})", slow, LIMITS, { signal: ac.signal });
      expect([r.error?.stop, r.error?.message, aborted]).toEqual([
        "cancelled",
        "the script was cancelled by the user",
        true,
      ]);
    });
  });

  it("a call still out when the script stops is freed with it: QuickJS does not abort on the leak", async () => {
    const never: ScriptHost = { names: ["never"], call: () => new Promise(() => undefined) };
    const ac = new AbortController();
    setTimeout(() => ac.abort(), 50);
    const r = await runScript("await Promise.all([tools.never({}), tools.never({})])", never, LIMITS, {
      signal: ac.signal,
    });
    expect(r.error?.stop).toBe("cancelled");
    expect(printed.mock.calls.flat().join("\n")).not.toMatch(/Aborted|Assertion/);
  });

  it("a later script starts clean after one that was stopped", async () => {
    await run("globalThis.leak = 1; for (;;) {}");
    const r = await run("return typeof leak");
    expect(r.value).toBe("undefined");
  });
});
