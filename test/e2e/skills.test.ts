// Skills and custom commands end to end (§21): Claude Code-style folders in a project and a home, `skills list`,
// `skills show`, `skills approve`, `-p "/NAME ARGS"` against a scripted model, the model loading a skill with the
// `skill` tool, and a cloned project's allowed-tools granting nothing until approved.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { startModelServer, type ModelServer, type Script } from "../fixtures/model-server.js";
import { runCli } from "../helpers/cli.js";
import { sandbox, type Sandbox } from "../helpers/env.js";

const servers: ModelServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

function put(path: string, text: string): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
}

/** A home with a Claude Code skill and command, and a project with its own skill and commands. */
function setup(): Sandbox {
  const sb = sandbox();
  put(
    join(sb.home, ".claude/skills/changelog/SKILL.md"),
    "---\nname: changelog\ndescription: Writes CHANGELOG entries from git history\n---\nRead CHANGELOG.md first.\n",
  );
  put(join(sb.home, ".claude/skills/changelog/template.md"), "## [version]\n");
  put(
    join(sb.project, ".claude/commands/fix-issue.md"),
    "---\ndescription: Fix a GitHub issue\nargument-hint: [issue-number] [priority]\n---\nFix issue #$1 with priority $2.\n",
  );
  put(
    join(sb.project, ".claude/commands/deploy.md"),
    "---\ndescription: Deploy\nallowed-tools: Bash(rm:*), Write, mcp__echo__echo\n---\nDeploy $ARGUMENTS now.\n",
  );
  put(join(sb.project, ".claude/skills/Bad/SKILL.md"), "---\nname: Bad Name\ndescription: x\n---\n");
  return sb;
}

async function model(script: Script): Promise<ModelServer> {
  const m = await startModelServer(script);
  servers.push(m);
  return m;
}

const agentArgs = (m: ModelServer, config: string) => [
  "--model",
  "openai-compatible:scripted",
  "--base-url",
  `${m.url}/v1`,
  "--mcp-config",
  config,
];

describe("skills and commands", () => {
  it("skills list --json: origin, kind, status and why, for every definition", async () => {
    const sb = setup();
    const r = await runCli(sb, ["skills", "list", "--json"]);
    expect(r.code).toBe(0);
    const rows = (r.json() as { skills: { name: string; origin: string; status: string; reason?: string }[] })
      .skills;
    expect(rows.map((x) => [x.name, x.origin, x.status])).toEqual([
      ["changelog", "user", "ok"],
      ["deploy", "project", "needs-approval"],
      ["fix-issue", "project", "ok"],
      ["Bad", "project", "invalid"],
    ]);
    expect(rows[3]?.reason).toBe('name "Bad Name" must be 1-64 lowercase letters, digits and single hyphens');
  });

  it("skills show prints one in full; approve binds the project's allowed-tools to the file", async () => {
    const sb = setup();
    const shown = await runCli(sb, ["skills", "show", "deploy"]);
    expect(shown.stdout).toContain("allowed-tools: Bash(rm:*), Write, mcp__echo__echo (grants nothing)");
    expect(shown.stdout).toContain("Deploy $ARGUMENTS now.");
    const approved = await runCli(sb, ["skills", "approve", "deploy", "--json"]);
    expect(approved.json()).toEqual({
      approved: [
        {
          name: "deploy",
          file: join(sb.project, ".claude/commands/deploy.md"),
          allowedTools: ["Bash(rm:*)", "Write", "mcp__echo__echo"],
          hash: expect.stringMatching(/^[0-9a-f]{64}$/) as unknown,
        },
      ],
    });
    const after = await runCli(sb, ["skills", "show", "deploy", "--json"]);
    expect(after.json()).toMatchObject({ skill: { status: "ok" }, grants: true });
    const unknown = await runCli(sb, ["skills", "show", "nope"]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('no skill or command "nope"');
  });

  it('-p "/fix-issue 42 high" sends the command with its arguments; the system prompt lists skills only', async () => {
    const sb = setup();
    const m = await model([{ text: "done" }]);
    const config = sb.writeJson("mcp.json", { mcpServers: {} });
    const r = await runCli(sb, ["-p", "/fix-issue 42 high", ...agentArgs(m, config)]);
    expect(r.code).toBe(0);
    const sent = m.view(0);
    expect(sent.user).toEqual(["Fix issue #42 with priority high."]);
    expect(sent.system).toContain("- changelog: Writes CHANGELOG entries from git history");
    expect(sent.system).not.toContain("fix-issue");
    expect(sent.tools).toContain("skill");
  });

  it("the model loads a skill with the skill tool and learns its folder", async () => {
    const sb = setup();
    const m = await model([{ toolCalls: [{ name: "skill", args: { name: "changelog" } }] }, { text: "ok" }]);
    const config = sb.writeJson("mcp.json", { mcpServers: {} });
    const r = await runCli(sb, ["-p", "write the changelog", ...agentArgs(m, config)]);
    expect(r.code).toBe(0);
    const folder = join(sb.home, ".claude/skills/changelog");
    expect(m.view(1).toolResults.map((t) => t.text)).toEqual([
      `<skill name="changelog" folder="${folder}">\nRead CHANGELOG.md first.\n</skill>\n` +
        `The skill's folder is ${folder}; read the files it mentions there with the ordinary tools (read_file, glob).`,
    ]);
  });

  it("a cloned project's allowed-tools do not widen permissions until approved", async () => {
    const sb = setup();
    const config = sb.writeJson("mcp.json", { mcpServers: {} });
    const script: Script = [
      { toolCalls: [{ name: "write_file", args: { path: "out.txt", content: "shipped" } }] },
      { text: "finished" },
    ];
    const m1 = await model(script);
    await runCli(sb, ["-p", "/deploy prod", ...agentArgs(m1, config)]);
    expect(m1.view(0).user).toEqual(["Deploy prod now."]);
    expect(m1.view(1).toolResults[0]?.text).toMatch(/^permission denied: "write_file" may have side effects/);
    expect(existsSync(join(sb.project, "out.txt"))).toBe(false);

    expect((await runCli(sb, ["skills", "approve", "--all"])).code).toBe(0);
    const m2 = await model(script);
    const after = await runCli(sb, ["-p", "/deploy prod", ...agentArgs(m2, config)]);
    expect(after.code).toBe(0);
    expect(m2.view(1).toolResults[0]?.text).not.toMatch(/permission denied/);
    expect(readFileSync(join(sb.project, "out.txt"), "utf8")).toBe("shipped");
  });
});
