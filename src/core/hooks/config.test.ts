import { describe, expect, it } from "vitest";
import { parseHooks } from "./config.js";

describe("parseHooks", () => {
  it("reads Claude Code's shape unchanged", () => {
    const r = parseHooks(
      {
        hooks: {
          PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "guard.sh", timeout: 5 }] }],
          Stop: [{ hooks: [{ type: "command", command: "notify.sh" }] }],
        },
      },
      "user",
      "/h/settings.json",
    );
    expect(r).toEqual({
      hooks: [
        {
          event: "PreToolUse",
          matcher: "Bash",
          command: "guard.sh",
          timeoutS: 5,
          source: "user",
          file: "/h/settings.json",
        },
        {
          event: "Stop",
          matcher: "",
          command: "notify.sh",
          timeoutS: 60,
          source: "user",
          file: "/h/settings.json",
        },
      ],
      problems: [],
    });
  });

  it("leaves out what is wrong, naming the key, and keeps the rest", () => {
    const r = parseHooks(
      {
        hooks: {
          PreTool: [],
          Stop: "x",
          PostToolUse: [
            { matcher: "(", hooks: [{ type: "command", command: "a" }] },
            { matcher: 3, hooks: [] },
            {
              hooks: [
                { type: "prompt", prompt: "p" },
                { type: "command", command: " " },
                { type: "command", command: "ok", timeout: 0 },
              ],
            },
            { matcher: "Write", hooks: [{ type: "command", command: "fmt" }] },
          ],
        },
      },
      "project",
      "f",
    );
    expect(r.hooks.map((h) => h.command)).toEqual(["fmt"]);
    expect(r.problems).toEqual([
      expect.stringMatching(/^f: hooks\.PreTool: unknown event; expected one of PreToolUse, .*; ignored$/),
      'f: hooks.Stop must be a list of { "matcher", "hooks" } groups; ignored',
      expect.stringMatching(/^f: hooks\.PostToolUse\[0\]\.matcher: not a valid regular expression/),
      "f: hooks.PostToolUse[1].matcher must be a string (a tool name or a regex); ignored",
      'f: hooks.PostToolUse[2].hooks[0].type: only "command" hooks are supported, got "prompt"; ignored',
      "f: hooks.PostToolUse[2].hooks[1].command must be a non-empty shell command; ignored",
      "f: hooks.PostToolUse[2].hooks[2].timeout must be a number of seconds above 0; ignored",
    ]);
  });

  it("says when the block is not an object", () => {
    expect(parseHooks({ hooks: [] }, "user", "f").problems).toEqual([
      'f: "hooks" must be an object of event names',
    ]);
  });
});
