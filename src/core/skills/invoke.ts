// Using a skill or command: the text it becomes (for the user's `/NAME ARGS`, or the model's `skill` tool),
// what it may allow while in use, and the model it asks for. A server's skill is read and verified on its
// own server at this moment, never before (SEP-2640: no prefetch).
import { CodeagentError } from "../errors.js";
import { labelled } from "../text/label.js";
import { substituteArguments } from "./arguments.js";
import type { ResolvedSkill, SkillCatalog } from "./catalog.js";
import type { McpSkill } from "./mcp.js";

export interface Invocation {
  name: string;
  /** The message (user invocation) or the tool result (model load). */
  text: string;
  /** Tool patterns allowed while it is in use (empty unless trusted). */
  grants: string[];
  model?: string;
}

export function resolveOrThrow(catalog: SkillCatalog, name: string): ResolvedSkill {
  const r = catalog.resolve(name);
  if (r !== undefined) return r;
  const known = catalog
    .rows()
    .filter((x) => x.status !== "invalid" && x.status !== "shadowed")
    .map((x) => x.name);
  throw new CodeagentError(
    "UNKNOWN_SKILL",
    `no skill or command "${name}"${known.length > 0 ? `; known: ${known.join(", ")}` : ""} (see codeagent skills list)`,
  );
}

/** `/NAME ARGS` by the user. */
export async function invoke(
  catalog: SkillCatalog,
  name: string,
  args: string,
  o: { signal?: AbortSignal } = {},
): Promise<Invocation> {
  const r = resolveOrThrow(catalog, name);
  const grants = catalog.grants(r);
  if (r.kind === "mcp") {
    const text = await loadMcp(catalog, r.skill, o);
    return { name, text: args.trim() === "" ? text : `${text}\n\nARGUMENTS: ${args.trim()}`, grants };
  }
  const s = r.skill;
  const body = substituteArguments(s.body, args);
  const text =
    s.kind === "command"
      ? body.trimEnd()
      : `${labelled("skill", { name: s.name, folder: s.root ?? "" }, body.trimEnd())}\n${folderNote(s.root)}`;
  return { name, text, grants, ...(s.model !== undefined && { model: s.model }) };
}

/** `skill {name, file?}` by the model: the body (or one file of a server's skill), labelled with its origin. */
export async function loadForModel(
  catalog: SkillCatalog,
  name: string,
  file: string | undefined,
  o: { signal?: AbortSignal } = {},
): Promise<Invocation> {
  const r = resolveOrThrow(catalog, name);
  const grants = catalog.grants(r);
  if (r.kind === "mcp") {
    if (file === undefined || file === "" || file === "SKILL.md") {
      return { name, text: await loadMcp(catalog, r.skill, o), grants };
    }
    const f = await catalog.mcp!.read(r.skill, file, o);
    const text =
      f.text !== undefined
        ? f.text.trimEnd()
        : `[binary file${f.mimeType !== undefined ? ` (${f.mimeType})` : ""}, ${f.bytes.byteLength} bytes, not shown]`;
    return {
      name,
      text: labelled("skill-file", { skill: name, server: r.skill.server, uri: f.uri }, text),
      grants,
    };
  }
  const s = r.skill;
  if (s.kind === "command") {
    throw new CodeagentError(
      "UNKNOWN_SKILL",
      `"${name}" is a command the user invokes (/${name}), not a skill`,
    );
  }
  if (file !== undefined && file !== "" && file !== "SKILL.md") {
    throw new CodeagentError(
      "INVALID_ARGUMENTS",
      `the files of local skill "${name}" are read with read_file, in its folder ${s.root ?? ""}`,
    );
  }
  const text = `${labelled("skill", { name: s.name, folder: s.root ?? "" }, s.body.trimEnd())}\n${folderNote(s.root)}`;
  return { name, text, grants };
}

function folderNote(root: string | undefined): string {
  return root === undefined
    ? ""
    : `The skill's folder is ${root}; read the files it mentions there with the ordinary tools (read_file, glob).`;
}

async function loadMcp(catalog: SkillCatalog, skill: McpSkill, o: { signal?: AbortSignal }): Promise<string> {
  const f = await catalog.mcp!.read(skill, undefined, o);
  const others =
    skill.entry.resources === "dynamic" ? [] : skill.entry.resources.filter((x) => x.uri !== f.uri);
  const root = skill.uri.slice(0, -"SKILL.md".length);
  const list = others.map(
    (x) => `${x.uri.startsWith(root) ? x.uri.slice(root.length) : x.uri} (${x.size} bytes)`,
  );
  const block = labelled(
    "skill",
    { name: skill.name, server: skill.server, uri: skill.uri },
    (f.body ?? "").trimEnd(),
  );
  const note =
    list.length === 0
      ? "This skill has no other files."
      : `Other files of this skill (read one with skill {"name": "${skill.name}", "file": PATH}): ${list.join(", ")}`;
  return `${block}\n${note}`;
}
