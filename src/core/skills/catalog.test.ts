// Skills and commands found on disk: precedence, invalid files reported, and the trust rule for a project's
// allowed-tools (nothing granted until approved; an edit of the file asks again).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ApprovalStore } from "../permissions/approvals.js";
import { SkillCatalog } from "./catalog.js";
import { invoke } from "./invoke.js";

let base: string;
let home: string;
let project: string;
let env: Record<string, string>;

function put(path: string, text: string): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
}

function catalog(reserved?: Set<string>): SkillCatalog {
  return new SkillCatalog({
    cwd: project,
    env,
    approvals: new ApprovalStore(join(base, "codeagent", "skill-approvals.json")),
    ...(reserved !== undefined && { reserved }),
  });
}

beforeEach(() => {
  base = mkdtempSync(join(tmpdir(), "skills-"));
  home = join(base, "home");
  project = join(base, "project");
  mkdirSync(project, { recursive: true });
  env = { HOME: home, CODEAGENT_HOME: join(base, "codeagent") };
});
afterEach(() => rmSync(base, { recursive: true, force: true }));

describe("SkillCatalog", () => {
  it("lists skills and commands from the four places, the user's winning a name, with the losers shown", () => {
    put(join(home, ".claude/skills/pdf/SKILL.md"), "---\nname: pdf\ndescription: user pdf\n---\nUser body");
    put(join(project, ".claude/skills/pdf/SKILL.md"), "---\nname: pdf\ndescription: project pdf\n---\nX");
    put(join(project, ".codeagent/skills/lint/SKILL.md"), "---\nname: lint\ndescription: Lint it\n---\nL");
    put(join(project, ".claude/commands/review.md"), "---\ndescription: Review\n---\nReview $ARGUMENTS");
    put(join(project, ".claude/commands/git/commit.md"), "Commit with message $1");
    put(join(base, "codeagent/commands/broken.md"), '---\ndescription: "open\n---\n');
    put(join(home, ".claude/skills/nameless/SKILL.md"), "---\ndescription: no name\n---\n");
    const rows = catalog().rows();
    expect(rows.map((r) => [r.name, r.kind, r.origin, r.status])).toEqual([
      ["pdf", "skill", "user", "ok"],
      ["lint", "skill", "project", "ok"],
      ["pdf", "skill", "project", "shadowed"],
      ["git:commit", "command", "project", "ok"],
      ["review", "command", "project", "ok"],
      ["nameless", "skill", "user", "invalid"],
      ["broken", "command", "user", "invalid"],
    ]);
    expect(rows[2]?.reason).toBe(`shadowed by ${join(home, ".claude/skills/pdf/SKILL.md")}`);
    expect(rows[5]?.reason).toBe("frontmatter has no name");
    expect(rows[6]?.reason).toMatch(/^frontmatter is not valid YAML/);
    expect(catalog().forModel()).toEqual([
      { name: "pdf", description: "user pdf" },
      { name: "lint", description: "Lint it" },
    ]);
  });

  it("a built-in command name is not taken by a file", () => {
    put(join(project, ".claude/commands/help.md"), "Help me");
    const rows = catalog(new Set(["help"])).rows();
    expect(rows.map((r) => [r.name, r.status, r.reason])).toEqual([
      ["help", "shadowed", "/help is a built-in command of the session"],
    ]);
  });

  it("a project's allowed-tools grant nothing until approved, and an edit revokes the approval", async () => {
    const file = join(project, ".claude/commands/ship.md");
    put(file, "---\nallowed-tools: Bash(git push:*), Write\n---\nShip $ARGUMENTS");
    put(join(home, ".claude/commands/mine.md"), "---\nallowed-tools: Read, Bash\n---\nMine");
    const c = catalog();
    expect(c.rows().map((r) => [r.name, r.status])).toEqual([
      ["mine", "ok"],
      ["ship", "needs-approval"],
    ]);
    expect(await invoke(c, "ship", "v1")).toEqual({ name: "ship", text: "Ship v1", grants: [] });
    expect((await invoke(c, "mine", "")).grants).toEqual(["Read", "Bash"]);

    expect(c.approve([]).map((s) => s.name)).toEqual(["ship"]);
    expect((await invoke(c, "ship", "")).grants).toEqual(["Bash(git push:*)", "Write"]);

    put(file, "---\nallowed-tools: Bash\n---\nShip it anywhere");
    const after = catalog();
    expect(after.rows().find((r) => r.name === "ship")?.status).toBe("needs-approval");
    expect((await invoke(after, "ship", "")).grants).toEqual([]);
  });

  it("a user's skill becomes a message naming its folder", async () => {
    put(join(base, "codeagent/skills/pdf/SKILL.md"), "---\nname: pdf\ndescription: d\n---\nFill $1 form");
    const r = await invoke(catalog(), "pdf", "tax");
    const folder = join(base, "codeagent/skills/pdf");
    expect(r.text).toBe(
      `<skill name="pdf" folder="${folder}">\nFill tax form\n</skill>\n` +
        `The skill's folder is ${folder}; read the files it mentions there with the ordinary tools (read_file, glob).`,
    );
  });

  it("an unknown name says what exists", async () => {
    put(join(project, ".claude/commands/review.md"), "R");
    await expect(invoke(catalog(), "reveiw", "")).rejects.toMatchObject({
      code: "UNKNOWN_SKILL",
      message: 'no skill or command "reveiw"; known: review (see codeagent skills list)',
    });
  });
});
