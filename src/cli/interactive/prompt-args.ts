// MCP prompts as slash commands (§9): binds typed words to the prompt's declared arguments. The result
// becomes the user's message through core/tools/render-prompt.ts.
import type { RawPrompt } from "../../core/mcp/types.js";
import { stripControlLine } from "../../core/text/strip.js";

export type BoundArgs = { ok: true; args: Record<string, string> } | { ok: false; message: string };

/**
 * `k=v` words naming a declared argument set it; the other words fill the remaining arguments in their
 * declared order, and surplus words join the last one (so free text needs no quotes).
 */
export function bindPromptArgs(words: string[], prompt: RawPrompt, command: string): BoundArgs {
  const declared = prompt.arguments ?? [];
  const names = new Set(declared.map((a) => a.name));
  const args: Record<string, string> = {};
  const positional: string[] = [];
  for (const w of words) {
    const eq = w.indexOf("=");
    const key = eq > 0 ? w.slice(0, eq) : undefined;
    if (key !== undefined && names.has(key)) args[key] = w.slice(eq + 1);
    else positional.push(w);
  }
  const open = declared.filter((a) => !(a.name in args));
  if (positional.length > 0 && open.length === 0) {
    const what = declared.length === 0 ? "takes no arguments" : "has no argument left for";
    const extra = declared.length === 0 ? "" : ` "${positional.join(" ")}"`;
    return { ok: false, message: `${command} ${what}${extra}; usage: ${promptUsage(command, prompt)}` };
  }
  open.forEach((a, i) => {
    const last = i === open.length - 1;
    const value = last ? positional.slice(i).join(" ") : positional[i];
    if (value !== undefined && value !== "") args[a.name] = value;
  });
  const missing = declared
    .filter((a) => a.required === true && args[a.name] === undefined)
    .map((a) => a.name);
  if (missing.length > 0) {
    return {
      ok: false,
      message: `${command} needs ${missing.join(", ")}; usage: ${promptUsage(command, prompt)}`,
    };
  }
  return { ok: true, args };
}

/** `/mcp__srv__p <required> [optional]` with argument descriptions on the following lines. */
export function promptUsage(command: string, prompt: RawPrompt): string {
  const parts = (prompt.arguments ?? []).map((a) => {
    const n = stripControlLine(a.name);
    return a.required === true ? `<${n}>` : `[${n}]`;
  });
  return [command, ...parts].join(" ");
}
