import { describe, expect, it } from "vitest";
import { complete, edit, emptyEditor, expandPastes, withEntry, type EditorState } from "./line-editor.js";

const at = (value: string, cursor = value.length, historyIndex = 0, draft = ""): EditorState => ({
  value,
  cursor,
  historyIndex,
  draft,
});

describe("edit", () => {
  const H = ["first", "second"];
  const cases: [string, EditorState, string, Parameters<typeof edit>[2], ReturnType<typeof edit>][] = [
    ["types at the cursor", at("ac", 1, 2), "b", {}, { state: at("abc", 2, 2) }],
    ["pastes a whole chunk", at("", 0, 2), "hello world", {}, { state: at("hello world", 11, 2) }],
    [
      "one line and Enter in one chunk is sent",
      at("", 0, 2),
      "run it\r",
      {},
      { state: emptyEditor(3), submit: "run it" },
    ],
    [
      "a paste of several lines ending in Enter waits",
      at("", 0, 2),
      "a\nb\n",
      {},
      { state: at("a\nb", 3, 2) },
    ],
    [
      "Shift+Enter inserts a line break",
      at("ab", 1, 2),
      "",
      { return: true, shift: true },
      { state: at("a\nb", 2, 2) },
    ],
    [
      "Alt+Enter inserts a line break",
      at("ab", 2, 2),
      "",
      { return: true, meta: true },
      { state: at("ab\n", 3, 2) },
    ],
    [
      "\\ then Enter inserts a line break",
      at("ab\\", 3, 2),
      "",
      { return: true },
      { state: at("ab\n", 3, 2) },
    ],
    ["a paste keeps inner line breaks", at("", 0, 2), "a\r\nb", {}, { state: at("a\nb", 3, 2) }],
    ["backspace (DEL, reported as delete)", at("abc", 3, 2), "", { delete: true }, { state: at("ab", 2, 2) }],
    [
      "backspace at the start does nothing",
      at("abc", 0, 2),
      "",
      { backspace: true },
      { state: at("abc", 0, 2) },
    ],
    ["backspace removes a whole emoji", at("a😀", 3, 2), "", { backspace: true }, { state: at("a", 1, 2) }],
    ["left", at("abc", 3, 2), "", { leftArrow: true }, { state: at("abc", 2, 2) }],
    ["right stops at the end", at("abc", 3, 2), "", { rightArrow: true }, { state: at("abc", 3, 2) }],
    ["left skips a surrogate pair", at("a😀", 3, 2), "", { leftArrow: true }, { state: at("a😀", 1, 2) }],
    ["ctrl-a goes to the start", at("abc", 2, 2), "a", { ctrl: true }, { state: at("abc", 0, 2) }],
    ["ctrl-u kills to the start", at("abc def", 4, 2), "u", { ctrl: true }, { state: at("def", 0, 2) }],
    ["ctrl-k kills to the end", at("abc def", 3, 2), "k", { ctrl: true }, { state: at("abc", 3, 2) }],
    ["ctrl-w kills a word", at("abc def ", 8, 2), "w", { ctrl: true }, { state: at("abc ", 4, 2) }],
    [
      "Enter submits and resets",
      at("hi", 1, 2),
      "",
      { return: true },
      { state: emptyEditor(3), submit: "hi" },
    ],
    [
      "Enter on a repeat does not grow history",
      at("second", 6, 2),
      "",
      { return: true },
      { state: emptyEditor(2), submit: "second" },
    ],
    [
      "up recalls the last entry, keeping the draft",
      at("dra", 3, 2),
      "",
      { upArrow: true },
      { state: at("second", 6, 1, "dra") },
    ],
    [
      "up stops at the oldest",
      at("first", 5, 0, "d"),
      "",
      { upArrow: true },
      { state: at("first", 5, 0, "d") },
    ],
    [
      "down returns to the draft",
      at("second", 6, 1, "dra"),
      "",
      { downArrow: true },
      { state: at("dra", 3, 2, "dra") },
    ],
    ["escape and tab are not text", at("a", 1, 2), "", { escape: true }, { state: at("a", 1, 2) }],
    ["tabs in a paste become spaces", at("", 0, 2), "a\tb", {}, { state: at("a  b", 4, 2) }],
  ];
  it.each(cases)("%s", (_name, state, input, key, expected) => {
    expect(edit(state, input, key, H)).toEqual(expected);
  });
});

describe("withEntry", () => {
  it("records non-blank lines that differ from the last one", () => {
    expect([withEntry([], " "), withEntry(["a"], "a"), withEntry(["a"], "b")]).toEqual([
      [],
      ["a"],
      ["a", "b"],
    ]);
  });
});

describe("complete", () => {
  const C = ["/mcp", "/mcp logs ", "/mcp refresh", "/tools", "/mcp__srv__greet "];
  const cases: [string, string | undefined][] = [
    ["/to", "/tools"],
    ["/mcp l", "/mcp logs "],
    ["/mcp_", "/mcp__srv__greet "],
    ["/m", "/mcp"],
    ["/x", undefined],
    ["hello", undefined],
    ["/tools", undefined],
  ];
  it.each(cases)("%j → %j", (value, expected) => {
    expect(complete(value, C)).toBe(expected);
  });
});

describe("long pastes", () => {
  const long = Array.from({ length: 42 }, (_, i) => `line ${i}`).join("\n");

  it("collapse to a placeholder that submit expands", () => {
    const r = edit(at("see ", 4, 0), `${long}\n`, {}, []);
    expect(r.state).toEqual({
      ...at("see [Pasted text #1 +42 lines]", 30, 0),
      pastes: [{ placeholder: "[Pasted text #1 +42 lines]", text: long }],
    });
    const sent = edit(r.state, "", { return: true }, []);
    expect([sent.submit, sent.shown, sent.state]).toEqual([
      `see ${long}`,
      "see [Pasted text #1 +42 lines]",
      emptyEditor(1),
    ]);
  });

  it("a long single line collapses too, and backspace removes the placeholder whole", () => {
    const r = edit(emptyEditor(), "x".repeat(900), {}, []);
    expect(r.state.value).toBe("[Pasted text #1 +1 lines]");
    expect(edit(r.state, "", { backspace: true }, []).state).toEqual(at("", 0, 0));
  });

  it("expandPastes replaces every placeholder", () => {
    expect(
      expandPastes("a [P1] b [P2]", [
        { placeholder: "[P1]", text: "one" },
        { placeholder: "[P2]", text: "two" },
      ]),
    ).toBe("a one b two");
  });
});
