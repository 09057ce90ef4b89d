import { describe, expect, it } from "vitest";
import type { PermissionAnswer, PermissionPrompter } from "../permissions/gate.js";
import { askUnconfined } from "./unconfined-ask.js";

function prompter(answers: (PermissionAnswer | Error)[]) {
  const shown: string[] = [];
  const p: PermissionPrompter = {
    ask: (_req, d) => {
      shown.push(d.argsPreview);
      const a = answers.shift();
      return a instanceof Error || a === undefined
        ? Promise.reject(a ?? new Error("none"))
        : Promise.resolve(a);
    },
  };
  return { p, shown };
}

describe("askUnconfined", () => {
  it("asks once per server and remembers the answer for the session", async () => {
    const { p, shown } = prompter(["once", "deny"]);
    const ask = askUnconfined(p);
    expect(await ask("a", "sandbox unavailable: no bwrap.")).toBe(true);
    expect(await ask("a", "sandbox unavailable: no bwrap.")).toBe(true);
    expect(await ask("b", "sandbox unavailable: no bwrap.")).toBe(false);
    expect(shown).toEqual([
      'Start MCP server "a" without the OS sandbox? sandbox unavailable: no bwrap.',
      'Start MCP server "b" without the OS sandbox? sandbox unavailable: no bwrap.',
    ]);
  });

  it("a denial with a message or a failed prompt keeps the server stopped", async () => {
    const { p } = prompter([{ kind: "deny", message: "not now" }, new Error("closed")]);
    const ask = askUnconfined(p);
    expect(await ask("a", "x")).toBe(false);
    expect(await ask("b", "x")).toBe(false);
  });
});
