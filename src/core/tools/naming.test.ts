import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  assignToolNames,
  candidateServers,
  hashedToolName,
  mcpToolName,
  sanitizeNamePart,
} from "./naming.js";

const VALID = /^[a-zA-Z0-9_-]{1,64}$/;

describe("sanitizeNamePart", () => {
  it.each([
    ["create_issue", "create_issue"],
    ["calendar.read", "calendar_read"],
    ["user-profile/update", "user-profile_update"],
    ["Create CIFS Share", "Create_CIFS_Share"],
    ["a:b", "a_b"],
    ["__IMPORTANT", "__IMPORTANT"],
    ["1st_tool", "1st_tool"],
    ["ünïcode", "_n_code"],
    ["😀", "_"],
    ["tab\there\n", "tab_here_"],
    ["", "_"],
  ])("%j → %j", (input, expected) => {
    expect(sanitizeNamePart(input)).toEqual(expected);
  });
});

describe("mcpToolName", () => {
  it.each([
    ["github", "create_issue", "mcp__github__create_issue"],
    ["cal", "calendar.read", "mcp__cal__calendar_read"],
    ["My Server", "x", "mcp__My_Server__x"],
    ["", "", "mcp_______6e340b9c"],
    // Three underscores at the seam read two ways (`a_` + `b`, `a` + `_b`): always hashed, each its own.
    ["a_", "b", "mcp__a___b_a00766a3"],
    ["a", "_b", "mcp__a___b_ee647d3b"],
    ["a", "__IMPORTANT", "mcp__a____IMPORTANT_a24517dc"],
    ["s", "t".repeat(56), `mcp__s__${"t".repeat(56)}`],
    // Golden values: the hash is part of the name users grant permissions to; changing it renames tools.
    ["s".repeat(40), "t".repeat(40), `mcp__${"s".repeat(40)}__tttttttt_8be57964`],
    ["github", "x".repeat(100), `mcp__github__${"x".repeat(42)}_3accac3b`],
  ])("(%j, %j)", (server, tool, expected) => {
    const name = mcpToolName(server, tool);
    expect([name, name.length <= 64, VALID.test(name)]).toEqual([expected, true, true]);
  });

  it("cuts at 65 characters, not at 64", () => {
    expect([mcpToolName("s", "t".repeat(56)).length, mcpToolName("s", "t".repeat(57)).length]).toEqual([
      64, 64,
    ]);
    expect(mcpToolName("s", "t".repeat(57))).toMatch(/^mcp__s__t{47}_[0-9a-f]{8}$/);
  });

  it("keeps the mcp__{server}__ prefix whole so server-wide permission patterns still match", () => {
    const server = "s".repeat(45);
    expect(mcpToolName(server, "tool_with_a_rather_long_name")).toMatch(
      new RegExp(`^mcp__${server}__too_[0-9a-f]{8}$`),
    );
  });

  it("cuts the prefix too when the server name alone leaves no room", () => {
    const name = mcpToolName("s".repeat(80), "tool");
    expect([name.length, name.startsWith(`mcp__${"s".repeat(50)}_`), VALID.test(name)]).toEqual([
      64,
      true,
      true,
    ]);
  });

  it("distinguishes long names that share their first 64 characters", () => {
    const a = mcpToolName("srv", `${"x".repeat(70)}a`);
    const b = mcpToolName("srv", `${"x".repeat(70)}b`);
    expect([a === b, a.slice(0, 55) === b.slice(0, 55)]).toEqual([false, true]);
  });

  it("distinguishes the same long tool on two servers whose names are cut alike", () => {
    expect(mcpToolName(`${"s".repeat(60)}1`, "t")).not.toEqual(mcpToolName(`${"s".repeat(60)}2`, "t"));
  });
});

describe("assignToolNames", () => {
  it("gives plain names when nothing collides", () => {
    expect([...assignToolNames("fs", ["read", "write.file"])]).toEqual([
      ["read", "mcp__fs__read"],
      ["write.file", "mcp__fs__write_file"],
    ]);
  });

  it("suffixes every raw name of a collision, whatever the order", () => {
    const expected = [
      ["a b", hashedToolName("srv", "a b")],
      ["a.b", hashedToolName("srv", "a.b")],
      ["a_b", hashedToolName("srv", "a_b")],
      ["c", "mcp__srv__c"],
    ];
    expect([...assignToolNames("srv", ["a.b", "c", "a_b", "a b"])]).toEqual(expected);
    expect([...assignToolNames("srv", ["a b", "a_b", "c", "a.b"])]).toEqual(expected);
    expect(expected.slice(0, 3).map(([, n]) => n)).toEqual([
      "mcp__srv__a_b_baa438d2",
      "mcp__srv__a_b_df0974cd",
      "mcp__srv__a_b_5c15ffbd",
    ]);
  });

  it("maps a raw name listed twice once", () => {
    expect([...assignToolNames("srv", ["x", "x", "y"])]).toEqual([
      ["x", "mcp__srv__x"],
      ["y", "mcp__srv__y"],
    ]);
  });

  it("never produces a reserved name", () => {
    const reserved = new Set(["mcp__srv__list_resources", "mcp__srv__b"]);
    const names = assignToolNames("srv", ["list_resources", "a", "b"], reserved);
    expect([...names]).toEqual([
      ["a", "mcp__srv__a"],
      ["b", hashedToolName("srv", "b")],
      ["list_resources", hashedToolName("srv", "list_resources")],
    ]);
  });

  it("escapes a raw name that spells another tool's hashed name", () => {
    const long = "x".repeat(80);
    const spoof = mcpToolName("srv", long).slice("mcp__srv__".length);
    const names = assignToolNames("srv", [long, spoof]);
    expect([
      names.get(long) !== names.get(spoof),
      VALID.test(names.get(spoof) ?? ""),
      VALID.test(names.get(long) ?? ""),
    ]).toEqual([true, true, true]);
  });
});

describe("naming properties", () => {
  const server = fc.oneof(
    fc.constantFrom("fs", "my__server", "My Server", "", "s".repeat(70)),
    fc.string({ unit: "binary", maxLength: 70 }),
  );
  const tool = fc.oneof(
    fc.constantFrom(
      "a.b",
      "a_b",
      "a b",
      "a/b",
      "é",
      "_",
      "x".repeat(100),
      `${"x".repeat(100)}.`,
      "mcp__srv__a_b_5c15ffbd",
    ),
    fc.string({ unit: "binary", maxLength: 80 }),
  );
  const tools = fc.array(tool, { maxLength: 12 });

  it("every name is provider-valid and at most 64 characters", () => {
    fc.assert(
      fc.property(server, tool, (s, t) => {
        const name = mcpToolName(s, t);
        expect([VALID.test(name), name.startsWith("mcp__")]).toEqual([true, true]);
      }),
      { numRuns: 500 },
    );
  });

  it("distinct raw names get distinct, valid, unreserved names, independent of order", () => {
    const input = tools.chain((list) =>
      fc.tuple(
        fc.constant(list),
        fc.shuffledSubarray(list, { minLength: list.length, maxLength: list.length }),
      ),
    );
    fc.assert(
      fc.property(server, input, fc.array(tool, { maxLength: 3 }), (s, [list, shuffled], reservedRaw) => {
        const reserved = new Set(reservedRaw.map((r) => mcpToolName(s, r)));
        const names = assignToolNames(s, list, reserved);
        const values = [...names.values()];
        expect([...names.keys()].sort()).toEqual([...new Set(list)].sort());
        expect(new Set(values).size).toEqual(values.length);
        expect(values.filter((v) => !VALID.test(v) || reserved.has(v))).toEqual([]);
        expect([...assignToolNames(s, shuffled, reserved)].sort()).toEqual([...names].sort());
      }),
      { numRuns: 500 },
    );
  });
});

describe("names across servers", () => {
  it("server a_ with tool b and server a with tool _b get distinct names, the same in either order", () => {
    const both = (first: [string, string], second: [string, string]) => {
      const names = new Map<string, string>();
      for (const [server, tool] of [first, second]) {
        names.set(server, assignToolNames(server, [tool]).get(tool)!);
      }
      return names;
    };
    const ab = both(["a_", "b"], ["a", "_b"]);
    const ba = both(["a", "_b"], ["a_", "b"]);
    expect([ab.get("a_") !== ab.get("a"), [...ab].sort()]).toEqual([true, [...ba].sort()]);
  });

  it("two valid server names never produce the same plain name", () => {
    const serverName = fc.oneof(
      fc.constantFrom("a", "a_", "a-", "a_b"),
      fc.stringMatching(/^[A-Za-z0-9_-]{1,12}$/).filter((s) => !s.includes("__")),
    );
    const toolName = fc.oneof(fc.constantFrom("_b", "b", "__x", "b_", "x".repeat(70)), fc.string());
    fc.assert(
      fc.property(serverName, serverName, toolName, toolName, (s1, s2, t1, t2) => {
        fc.pre(s1 !== s2);
        expect(mcpToolName(s1, t1)).not.toEqual(mcpToolName(s2, t2));
      }),
      { numRuns: 2000 },
    );
  });
});

describe("candidateServers", () => {
  const long = "s".repeat(60);
  const servers = ["a", "a_", "echo", long, "other"];
  it.each([
    [mcpToolName("a_", "echo"), ["a", "a_"]],
    [mcpToolName("a", "echo"), ["a"]],
    [mcpToolName("echo", "x".repeat(100)), ["echo"]],
    [mcpToolName(long, "echo"), [long]],
    [mcpToolName(long, "list_resources"), [long]],
    ["mcp__nosuch__x", []],
    ["read_file", []],
  ])("%j → %j", (name, expected) => {
    expect(candidateServers(name, servers)).toEqual(expected);
  });

  it("always includes the server that made the name", () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[A-Za-z0-9_-]{1,80}$/),
        fc.string({ maxLength: 90 }),
        (server, tool) => {
          expect(candidateServers(mcpToolName(server, tool), [server])).toEqual([server]);
        },
      ),
    );
  });
});
