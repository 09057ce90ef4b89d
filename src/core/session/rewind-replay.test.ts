// Replaying checkpoints and rewinds (§23): a checkpoint belongs to the latest user message; a rewind gives
// the session exactly as it stood before the chosen message, and dropped turns' files stay known.
import type { ModelMessage } from "ai";
import { describe, expect, it } from "vitest";
import { parseRecord, replay, summaryMessage, type SessionRecord } from "./records.js";

const time = "t";
const user = (content: string): ModelMessage => ({ role: "user", content });
const said = (content: string): ModelMessage => ({ role: "assistant", content });
const msg = (message: ModelMessage): SessionRecord => ({ type: "message", time, message });
const cp = (path: string, before: string | null): SessionRecord => ({
  type: "checkpoint",
  time,
  path,
  before,
});
const rewind = (to: number): SessionRecord => ({ type: "rewind", time, to });

describe("replay of checkpoints and rewinds", () => {
  const cases: { name: string; records: SessionRecord[]; want: ReturnType<typeof replay> }[] = [
    {
      name: "checkpoints belong to the turn of the latest user message; one before any message has none",
      records: [
        cp("/early", "x"),
        msg(user("a")),
        cp("/f", "1"),
        msg(said("ok")),
        msg(user("b")),
        cp("/g", null),
      ],
      want: {
        messages: [user("a"), said("ok"), user("b")],
        log: [user("a"), said("ok"), user("b")],
        compactions: [],
        checkpoints: [
          { turn: 0, path: "/f", before: "1" },
          { turn: 2, path: "/g", before: null },
        ],
      },
    },
    {
      name: "a rewind goes back to before the message; the dropped turn's files move to the next turn",
      records: [
        msg(user("a")),
        cp("/f", "1"),
        msg(said("A")),
        msg(user("b")),
        cp("/g", "2"),
        msg(said("B")),
        rewind(2),
        msg(user("c")),
      ],
      want: {
        messages: [user("a"), said("A"), user("c")],
        log: [user("a"), said("A"), user("c")],
        compactions: [],
        checkpoints: [
          { turn: 0, path: "/f", before: "1" },
          { turn: 2, path: "/g", before: "2" },
        ],
      },
    },
    {
      name: "a rewind to before a compaction undoes it: the model sees the messages of then",
      records: [
        msg(user("a")),
        msg(said("A")),
        msg(user("b")),
        { type: "compaction", time, summary: "S", kept: 1 },
        msg(said("B")),
        rewind(2),
      ],
      want: {
        messages: [user("a"), said("A")],
        log: [user("a"), said("A")],
        compactions: [],
        checkpoints: [],
      },
    },
    {
      name: "a rewind after a compaction keeps it, and a second rewind reaches through the first",
      records: [
        msg(user("a")),
        msg(said("A")),
        { type: "compaction", time, summary: "S", kept: 1 },
        msg(user("b")),
        msg(said("B")),
        rewind(2),
        msg(user("c")),
        msg(said("C")),
        rewind(2),
        msg(user("d")),
      ],
      want: {
        messages: [summaryMessage("S"), said("A"), user("d")],
        log: [user("a"), said("A"), user("d")],
        compactions: [{ at: 1, summary: "S" }],
        checkpoints: [],
      },
    },
    {
      name: "a rewind to a message that does not exist changes nothing",
      records: [msg(user("a")), rewind(5)],
      want: { messages: [user("a")], log: [user("a")], compactions: [], checkpoints: [] },
    },
  ];
  it.each(cases)("$name", ({ records, want }) => {
    // Through the file's text, as --resume reads them.
    const read = records.map((r) => parseRecord(JSON.stringify(r)));
    expect(read.every((r) => r !== undefined)).toBe(true);
    expect(replay(read as SessionRecord[])).toEqual(want);
  });

  it("parseRecord rejects checkpoints and rewinds of the wrong shape", () => {
    expect(parseRecord('{"type":"checkpoint","time":"t","path":"/f","before":3}')).toBeUndefined();
    expect(
      parseRecord('{"type":"checkpoint","time":"t","path":"/f","before":"x","encoding":"hex"}'),
    ).toBeUndefined();
    expect(parseRecord('{"type":"rewind","time":"t","to":-1}')).toBeUndefined();
    expect(parseRecord('{"type":"rewind","time":"t","to":1.5}')).toBeUndefined();
    expect(parseRecord('{"type":"checkpoint","time":"t","path":"/f","before":null}')).toEqual({
      type: "checkpoint",
      time: "t",
      path: "/f",
      before: null,
    });
  });
});
