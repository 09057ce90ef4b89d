// The code that runs inside the isolate before the script: it builds `tools` and `console` from two host
// functions (`call`, `out`) held in a closure, so the script's global object gains exactly those two names
// and no way to reach the host functions themselves. A failed call rejects with an Error whose stack is the
// script's own call site (an async function's stack after `await` would show only this file).

/** File names in stacks: the script's frames are kept, the prelude's dropped. */
export const SCRIPT_FILE = "script.js";
export const PRELUDE_FILE = "codeagent-tools.js";

/**
 * A function of (call, out, namesJson) that installs `tools` and `console` on the global object and returns
 * the function that turns the script's return value into text.
 */
export const PRELUDE = `(function (call, out, namesJson) {
  "use strict";
  const show = (v) => {
    if (typeof v === "string") return v;
    if (v === undefined) return "undefined";
    if (typeof v === "function") return "[function " + (v.name || "anonymous") + "]";
    if (v instanceof Error) return v.name + ": " + v.message;
    try { const s = JSON.stringify(v); return s === undefined ? String(v) : s; } catch (e) { return String(v); }
  };
  const line = (level) => (...args) => { out(level, args.map(show).join(" ")); };
  const console = Object.freeze({
    log: line("log"), info: line("info"), debug: line("debug"), warn: line("warn"), error: line("error"),
  });
  const bind = (name) => {
    const fn = async function (args) {
      const site = new Error("at").stack;
      const answer = JSON.parse(await call(name, JSON.stringify(args === undefined ? {} : args)));
      if (answer.ok) return answer.value;
      const e = new Error(answer.message);
      e.name = "ToolError";
      e.code = answer.code;
      e.tool = name;
      e.stack = String(site).split("\\n").filter((l) => l.indexOf("${PRELUDE_FILE}") === -1).join("\\n");
      throw e;
    };
    Object.defineProperty(fn, "name", { value: name });
    return fn;
  };
  // A name that is not bound (withheld by the pins, unknown, gone) still calls the host, which rejects with
  // the reason, instead of a TypeError about undefined: the lookup falls through to a prototype that binds it.
  // Bound names are own properties (no trap on the hot path); "then" (await tools) and Object's names are not.
  const fallback = new Proxy(Object.prototype, {
    get(t, k, r) {
      if (typeof k !== "string" || k in t || k === "then" || k === "toJSON") return Reflect.get(t, k, r);
      return bind(k);
    },
  });
  const tools = Object.create(fallback);
  for (const name of JSON.parse(namesJson)) tools[name] = bind(name);
  Object.freeze(tools);
  Object.defineProperty(globalThis, "tools", { value: tools, enumerable: true });
  Object.defineProperty(globalThis, "console", { value: console, enumerable: true });
  // The script's return value as the model reads it: strings as they are, anything else as JSON.
  return (v) => {
    if (v === undefined || typeof v === "string") return v;
    try { const s = JSON.stringify(v, null, 2); return s === undefined ? show(v) : s; } catch (e) { return show(v); }
  };
})`;

/** The script as an async function body: top-level `await` and `return` work, and line N is line N. */
export function wrapScript(code: string): string {
  return `(async () => {${code}\n})()`;
}
