// The pure decisions of /rewind: the list of points with what each turn changed (and what it ran that is not
// tracked), and what each file goes back to.
import type { ModelMessage } from "ai";
import { describe, expect, it } from "vitest";
import type { FileCheckpoint } from "../session/records.js";
import { restoreTargets, rewindPoints } from "./plan.js";

const user = (content: string): ModelMessage => ({ role: "user", content });
const calls = (...names: string[]): ModelMessage => ({
  role: "assistant",
  content: names.map((toolName, i) => ({ type: "tool-call", toolCallId: `c${i}`, toolName, input: {} })),
});

describe("rewindPoints", () => {
  const cases: {
    name: string;
    log: ModelMessage[];
    checkpoints: FileCheckpoint[];
    want: ReturnType<typeof rewindPoints>;
  }[] = [
    { name: "no messages, no points", log: [], checkpoints: [], want: [] },
    {
      name: "each user message is a point with the files its turn changed, each once",
      log: [user("one"), calls("write_file", "edit_file"), user("two"), { role: "assistant", content: "ok" }],
      checkpoints: [
        { turn: 0, path: "/p/a", before: null },
        { turn: 0, path: "/p/b", before: "x" },
        { turn: 0, path: "/p/a", before: "again" },
      ],
      want: [
        { index: 0, text: "one", files: ["/p/a", "/p/b"], untracked: [] },
        { index: 2, text: "two", files: [], untracked: [] },
      ],
    },
    {
      name: "a turn that ran bash or execute_code says so, once per tool",
      log: [
        user("one"),
        calls("bash", "read_file", "bash"),
        calls("execute_code"),
        user("two"),
        calls("grep"),
      ],
      checkpoints: [],
      want: [
        { index: 0, text: "one", files: [], untracked: ["bash", "execute_code"] },
        { index: 3, text: "two", files: [], untracked: [] },
      ],
    },
  ];
  it.each(cases)("$name", ({ log, checkpoints, want }) => {
    expect(rewindPoints(log, checkpoints)).toEqual(want);
  });
});

describe("restoreTargets", () => {
  const checkpoints: FileCheckpoint[] = [
    { turn: 0, path: "/p/a", before: "a0" },
    { turn: 2, path: "/p/a", before: "a2" },
    { turn: 2, path: "/p/new", before: null },
    { turn: 4, path: "/p/b", before: "Ynl0ZXM=", encoding: "base64" },
    { turn: 4, path: "/p/new", before: "later" },
  ];
  const cases: { name: string; to: number; want: { path: string; content: string | null }[] }[] = [
    {
      name: "to the first message: every file to its earliest recorded content",
      to: 0,
      want: [
        { path: "/p/a", content: "a0" },
        { path: "/p/new", content: null },
        { path: "/p/b", content: "bytes" },
      ],
    },
    {
      name: "to a later message: earlier turns' checkpoints are left out",
      to: 2,
      want: [
        { path: "/p/a", content: "a2" },
        { path: "/p/new", content: null },
        { path: "/p/b", content: "bytes" },
      ],
    },
    {
      name: "to the last message: only its turn",
      to: 4,
      want: [
        { path: "/p/b", content: "bytes" },
        { path: "/p/new", content: "later" },
      ],
    },
    { name: "past every turn: nothing", to: 5, want: [] },
  ];
  it.each(cases)("$name", ({ to, want }) => {
    expect(
      restoreTargets(checkpoints, to).map((t) => ({
        path: t.path,
        content: t.content === null ? null : t.content.toString("utf8"),
      })),
    ).toEqual(want);
  });
});
