import { describe, expect, it } from "vitest";
import { evaluate } from "./evaluate.js";
import { suggestCommandRules } from "./suggest.js";

describe("suggestCommandRules: what 'always' stores for a command", () => {
  it.each<[string, string[], string[]]>([
    ["npm run test", [], ["Bash(npm run test:*)"]],
    ["npm run test -- --grep x", [], ["Bash(npm run test:*)"]],
    ["git diff HEAD~1", [], ["Bash(git diff:*)"]],
    ["rm -rf build", [], ["Bash(rm -rf build)"]],
    ["ls", [], ["Bash(ls)"]],
    ["echo 'a b'", [], ["Bash(echo 'a b')"]],
    ["git status && npm run test", ["Bash(git status)"], ["Bash(npm run test:*)"]],
    ["make && make && cargo test", [], ["Bash(make)", "Bash(cargo test:*)"]],
    ["bash -c 'npm run build'", [], ["Bash(npm run build:*)"]],
    ["$CMD x", [], []],
    ["FOO=1 make", [], []],
    ["rm *.o", [], []],
    ["f() { :; }; f", [], []],
    ["echo 'unterminated", [], []],
  ])("%j (allowed: %j) → %j", (command, allow, expected) => {
    expect(suggestCommandRules(command, allow)).toEqual(expected);
  });

  it.each(["npm run test -- x", "echo 'a b'", "git status && make && cargo test", "rm -rf build"])(
    "the stored rules allow the same line next time: %j",
    (command) => {
      const allow = suggestCommandRules(command, []);
      const req = { tool: "bash", readOnly: false, subject: { kind: "command" as const, command } };
      expect(evaluate(req, { allow, deny: [] }, "default", { projectDir: "/p", home: "/h" }).decision).toBe(
        "allow",
      );
    },
  );

  it("never stores all of bash", () => {
    for (const c of ["bash", "sh -c x", "npm", "x"]) {
      expect(suggestCommandRules(c, [])).not.toContain("Bash");
    }
  });
});
