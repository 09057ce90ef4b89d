// Skills over MCP (§21.2, SEP-2640) against a real server process serving good and tampered skills: listed
// without reading a file, verified on every read, kept apart from local names, pinned and withheld on change.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { AssembledHost } from "../../src/core/host/create-host.js";
import { nodeServer, sandbox, type Sandbox } from "../helpers/env.js";
import { hostFor } from "../helpers/manager.js";

const hosts: AssembledHost[] = [];
afterEach(async () => {
  await Promise.all(hosts.splice(0).map((h) => h.close()));
});

async function started(sb: Sandbox, env: Record<string, string> = {}): Promise<AssembledHost> {
  const h = hostFor(sb, { s: nodeServer("skills.mjs", env) });
  hosts.push(h);
  await h.start({ waitMs: 20_000 });
  await h.catalog.mcp!.settled();
  return h;
}

const reads = (file: string) => {
  try {
    return readFileSync(file, "utf8").split("\n").filter(Boolean);
  } catch {
    return [];
  }
};

describe("skills over MCP", () => {
  it("lists every skill from skills/list alone: no file is read before one is loaded", async () => {
    const sb = sandbox();
    const log = join(sb.dir, "reads.txt");
    const h = await started(sb, { SKILLS_READS: log });
    expect(h.skills().map((r) => [r.name, r.source, r.status])).toEqual([
      ["mcp__s__pdf-processing", "skill://pdf-processing/SKILL.md", "ok"],
      ["mcp__s__bad-digest", "skill://bad-digest/SKILL.md", "ok"],
      ["mcp__s__bad-size", "skill://bad-size/SKILL.md", "ok"],
      ["mcp__s__bad-frontmatter", "skill://bad-frontmatter/SKILL.md", "ok"],
      ["mcp__s__unlisted-file", "skill://unlisted-file/SKILL.md", "ok"],
      ["mcp__s__bad-file", "skill://bad-file/SKILL.md", "ok"],
      ["mcp__s__git", "skill://tools/git/SKILL.md", "ok"],
      ["mcp__s__advanced", "skill://tools/git/advanced/SKILL.md", "ok"],
      ["mcp__s__lint", "skill://lint/SKILL.md", "ok"],
    ]);
    expect(reads(log)).toEqual([]);
    await h.loadSkill("mcp__s__git");
    expect(reads(log)).toEqual(["skill://tools/git/SKILL.md"]);
  });

  it("loads a verified skill and its listed files; refuses every file that fails a check", async () => {
    const h = await started(sandbox());
    expect(await h.loadSkill("mcp__s__pdf-processing")).toBe(
      '<skill name="mcp__s__pdf-processing" server="s" uri="skill://pdf-processing/SKILL.md">\n' +
        "Fill PDF forms. See references/FORMS.md for the field list.\n</skill>\n" +
        'Other files of this skill (read one with skill {"name": "mcp__s__pdf-processing", "file": PATH}): ' +
        "references/FORMS.md (35 bytes)",
    );
    expect(await h.loadSkill("mcp__s__pdf-processing", { file: "references/FORMS.md" })).toBe(
      '<skill-file skill="mcp__s__pdf-processing" server="s" uri="skill://pdf-processing/references/FORMS.md">\n' +
        "Field list: name, date, signature.\n</skill-file>",
    );
    const refused = async (name: string, file?: string) => {
      try {
        await h.loadSkill(name, file !== undefined ? { file } : {});
        return "loaded";
      } catch (e) {
        return `${(e as { code?: string }).code}: ${(e as Error).message}`;
      }
    };
    expect(await refused("mcp__s__bad-digest")).toMatch(
      /^SKILL_UNVERIFIED: mcp__s__bad-digest: skill:\/\/bad-digest\/SKILL\.md has digest sha256:[0-9a-f]{64}; the skill entry lists sha256:[0-9a-f]{64}; the content was not used$/,
    );
    expect(await refused("mcp__s__bad-size")).toBe(
      "SKILL_UNVERIFIED: mcp__s__bad-size: skill://bad-size/SKILL.md is 106 bytes; the skill entry lists 67; the content was not used",
    );
    expect(await refused("mcp__s__bad-frontmatter")).toBe(
      "SKILL_UNVERIFIED: mcp__s__bad-frontmatter: the frontmatter of skill://bad-frontmatter/SKILL.md differs from " +
        'the skill entry: description: the entry has "Summarise documents", SKILL.md has "Exfiltrate credentials"; ' +
        "the content was not used",
    );
    expect(await refused("mcp__s__unlisted-file", "secret.md")).toBe(
      "SKILL_UNVERIFIED: mcp__s__unlisted-file: skill://unlisted-file/secret.md is not a file of the skill " +
        "skill://unlisted-file/SKILL.md; the content was not used",
    );
    expect(await refused("mcp__s__bad-file", "references/DATA.md")).toMatch(
      /^SKILL_UNVERIFIED: mcp__s__bad-file: /,
    );
    // A skill's reads stay on its own server and its own files: another skill's uri is refused.
    expect(await refused("mcp__s__pdf-processing", "skill://lint/SKILL.md")).toMatch(
      /is not a file of the skill/,
    );
    // A file of another skill, even one nested inside this skill's folder, is not this skill's.
    expect(await refused("mcp__s__git", "advanced/SKILL.md")).toMatch(/is not a file of the skill/);
  });

  it("never shadows a local skill of the same name", async () => {
    const sb = sandbox();
    const dir = join(sb.project, ".codeagent", "skills", "lint");
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      join(dir, "SKILL.md"),
      "---\nname: lint\ndescription: Our lint rules\n---\nRun npm run lint.",
    );
    const h = await started(sb);
    expect(
      h
        .skills()
        .filter((r) => r.name.endsWith("lint"))
        .map((r) => [r.name, r.origin, r.status]),
    ).toEqual([
      ["lint", "project", "ok"],
      ["mcp__s__lint", "mcp", "ok"],
    ]);
    expect(await h.loadSkill("lint")).toMatch(
      /^<skill name="lint" folder="[^"]+">\nRun npm run lint.\n<\/skill>/,
    );
  });

  it("pins the resource set: a skill whose files change is withheld until accepted", async () => {
    const sb = sandbox();
    await (await started(sb)).close();
    const h = await started(sb, { SKILLS_VARIANT: "changed" });
    const row = h.skills().find((r) => r.name === "mcp__s__pdf-processing");
    expect(row).toEqual({
      name: "mcp__s__pdf-processing",
      kind: "skill",
      origin: "mcp",
      server: "s",
      source: "skill://pdf-processing/SKILL.md",
      description: "Extract, fill, and assemble PDF documents",
      allowedTools: [],
      status: "changed",
      reason:
        "its files changed since accepted (resources); withheld until accepted: review with codeagent skills " +
        "show, then run codeagent mcp accept s",
    });
    await expect(h.loadSkill("mcp__s__pdf-processing")).rejects.toMatchObject({ code: "TOOL_CHANGED" });
    expect(h.catalog.mcp!.accept("s", []).accepted).toEqual([
      { name: "skill://pdf-processing/SKILL.md", change: "changed", fields: ["outputSchema"] },
    ]);
    await h.catalog.mcp!.settled();
    expect(h.skills().find((r) => r.name === "mcp__s__pdf-processing")?.status).toBe("ok");
    expect(await h.loadSkill("mcp__s__pdf-processing")).toMatch(/evil\.example/);
  });

  it('with "pinning": "strict", withholds a skill that appears after the first listing until accepted', async () => {
    const sb = sandbox();
    const h = hostFor(sb, { s: nodeServer("skills.mjs", { SKILLS_GROW: "1" }, { pinning: "strict" }) });
    hosts.push(h);
    await h.start({ waitMs: 20_000 });
    await h.catalog.mcp!.settled();
    // The first listing of a server is pinned as seen, as for tools.
    expect(h.skills().find((r) => r.name === "mcp__s__git")?.status).toBe("ok");
    await h.manager.callTool("s", "grow", {});
    const late = () => h.skills().find((r) => r.name === "mcp__s__late");
    await expect.poll(() => late()?.status).toBe("needs-approval");
    expect(late()?.reason).toMatch(/new on this server \(pinning: "strict"\)/);
    await expect(h.loadSkill("mcp__s__late")).rejects.toMatchObject({ code: "TOOL_CHANGED" });
    h.catalog.mcp!.accept("s", ["mcp__s__late"]);
    await h.catalog.mcp!.settled();
    expect(late()?.status).toBe("ok");
    expect(await h.loadSkill("mcp__s__late")).toMatch(/Late body/);
  });

  it("lists the skills again when the server announces a change of its resources", async () => {
    const h = await started(sandbox(), { SKILLS_GROW: "1" });
    expect(h.skills().some((r) => r.name === "mcp__s__late")).toBe(false);
    await h.manager.callTool("s", "grow", {});
    await expect.poll(() => h.skills().find((r) => r.name === "mcp__s__late")?.status).toBe("ok");
    expect(await h.loadSkill("mcp__s__late")).toMatch(/Late body/);
  });
});
