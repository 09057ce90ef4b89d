// What the prompt's "always" stores for a command (§19): a rule per part no rule allows yet, its prefix
// (`npm run test` → `Bash(npm run test:*)`) when it has subcommand words, else the command exactly
// (`rm -rf build` → `Bash(rm -rf build)`) — never all of bash. Pure. A line with a part no rule can stand for
// (a computed command name, a function, a write outside the project) gets no "always": once or deny only.
import { parseRule, type Rule } from "./rule.js";
import { coversCommand } from "./rule-match.js";
import { splitCommand } from "./shell-split.js";

/** Words that read as a subcommand (`run`, `test:unit`, `diff`), not an option, path glob or value. */
const SUBCOMMAND = /^[A-Za-z][A-Za-z0-9._:-]*$/;
const MAX_SUBCOMMANDS = 2;

export function suggestCommandRules(command: string, allow: readonly string[]): string[] {
  const split = splitCommand(command);
  if (!split.ok || split.split.unsupported.length > 0) return [];
  const rules = allow.flatMap((t): Rule[] => {
    const r = parseRule(t);
    return r.ok ? [r.rule] : [];
  });
  const out: string[] = [];
  for (const cmd of split.split.commands) {
    if (rules.some((r) => coversCommand(r, cmd))) continue;
    const [name, ...rest] = cmd.words;
    if (name === null || name === undefined || name.includes("=")) return [];
    const subs: string[] = [];
    for (const w of rest) {
      if (w === null || !SUBCOMMAND.test(w) || subs.length === MAX_SUBCOMMANDS) break;
      subs.push(w);
    }
    let rule: string;
    if (subs.length > 0) rule = `Bash(${[name, ...subs].map(quote).join(" ")}:*)`;
    else if (cmd.words.every((w): w is string => w !== null))
      rule = `Bash(${cmd.words.map(quote).join(" ")})`;
    else return [];
    if (!out.includes(rule)) out.push(rule);
  }
  return out;
}

function quote(word: string): string {
  return /^[A-Za-z0-9._/@%+,:=~^-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}
