// Test support for the built-in tools: a throwaway project directory and a call helper.
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import type { ToolContext, ToolEntry } from "../types.js";

export function tempProject(files: Record<string, string | Buffer> = {}): string {
  const dir = mkdtempSync(join(tmpdir(), "codeagent-builtin-"));
  for (const [rel, content] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, rel)), { recursive: true });
    writeFileSync(join(dir, rel), content);
  }
  return dir;
}

export async function call(tool: ToolEntry, args: Record<string, unknown>, ctx: ToolContext = {}) {
  const r = await tool.execute(args, ctx);
  return { text: r.text, isError: r.isError };
}
