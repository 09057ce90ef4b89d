// `codeagent skills list | show NAME | approve NAME…|--all` (§21): the skills and custom commands on disk and
// on servers — origin, status (ok / invalid / shadowed / changed / needs-approval) and why — one in full, and
// the approval of a project file's `allowed-tools`. Servers are started (bounded wait) so their skills show;
// their files are never read here (SEP-2640: nothing before a skill is loaded).
import { CodeagentError } from "../../core/errors.js";
import type { AssembledHost } from "../../core/host/create-host.js";
import type { SkillRow } from "../../core/skills/catalog.js";
import { BUILTIN_NAMES } from "../interactive/commands.js";
import { createContext, reportConfigProblems, type GlobalOptions } from "../context.js";
import { EXIT, printJson, warn, writeOut } from "../output.js";
import { withServers } from "../session.js";
import { renderTable } from "../table.js";

async function withSkills<T>(g: GlobalOptions, run: (host: AssembledHost) => T | Promise<T>): Promise<T> {
  const ctx = createContext(g);
  reportConfigProblems(ctx.config, warn);
  return withServers(ctx, {}, async (_m, _signal, host) => {
    await host.catalog.mcp?.settled();
    host.catalog.reserve(BUILTIN_NAMES);
    host.catalog.refresh();
    for (const n of host.catalog.notes()) warn(`skills: ${n}`);
    return run(host);
  });
}

export async function skillsList(g: GlobalOptions): Promise<number> {
  const rows = await withSkills(g, (h) => h.catalog.rows());
  if (g.json === true) {
    await printJson({ skills: rows });
    return EXIT.ok;
  }
  if (rows.length === 0) {
    await writeOut(
      "No skills or commands. Skills are folders with a SKILL.md in .codeagent/skills/, .claude/skills/, " +
        "$CODEAGENT_HOME/skills/ or ~/.claude/skills/; commands are .md files in the commands/ folders beside them.",
    );
    return EXIT.ok;
  }
  const table = renderTable(
    ["NAME", "KIND", "ORIGIN", "STATUS", "DESCRIPTION"],
    rows.map((r) => [
      r.name,
      r.kind,
      r.origin === "mcp" ? `mcp:${r.server ?? ""}` : r.origin,
      r.status,
      r.status === "ok"
        ? r.description
        : `${r.reason ?? ""}${r.description !== "" ? ` — ${r.description}` : ""}`,
    ]),
    { maxCell: 120 },
  );
  await writeOut(table);
  return EXIT.ok;
}

export async function skillsShow(name: string, g: GlobalOptions): Promise<number> {
  const doc = await withSkills(g, (h) => showDocument(h, name));
  if (g.json === true) {
    await printJson(doc);
    return EXIT.ok;
  }
  const r = doc.skill;
  const lines = [
    `${r.name} (${r.kind}, ${r.origin === "mcp" ? `server ${r.server ?? ""}` : r.origin})`,
    `  source: ${r.source}`,
    `  status: ${r.status}${r.reason !== undefined ? ` — ${r.reason}` : ""}`,
    `  description: ${r.description}`,
  ];
  if (r.argumentHint !== undefined) lines.push(`  argument-hint: ${r.argumentHint}`);
  if (r.allowedTools.length > 0) {
    lines.push(
      `  allowed-tools: ${r.allowedTools.join(", ")} (${doc.grants ? "granted while in use" : "grants nothing"})`,
    );
  }
  if (r.model !== undefined) lines.push(`  model: ${r.model}`);
  for (const f of doc.files ?? []) lines.push(`  file: ${f.uri} (${f.size} bytes, ${f.digest})`);
  for (const c of doc.changes ?? []) lines.push(`  changed: ${c}`);
  if (doc.body !== undefined) lines.push("", doc.body.trimEnd());
  await writeOut(lines.join("\n"));
  return EXIT.ok;
}

interface ShowDocument {
  skill: SkillRow;
  /** Whether its allowed-tools are granted while in use (a user's, or an approved project's). */
  grants: boolean;
  body?: string;
  files?: { uri: string; size: number; digest: string }[];
  /** A changed MCP skill: what differs from the accepted one. */
  changes?: string[];
}

function showDocument(h: AssembledHost, name: string): ShowDocument {
  const rows = h.catalog.rows().filter((r) => r.name === name);
  const row = rows.find((r) => r.status !== "shadowed" && r.status !== "invalid") ?? rows[0];
  if (row === undefined) {
    throw new CodeagentError("UNKNOWN_SKILL", `no skill or command "${name}" (see codeagent skills list)`);
  }
  const resolved = h.catalog.resolve(name);
  const grants = resolved !== undefined && h.catalog.grants(resolved).length > 0;
  if (resolved?.kind === "local" && row.status !== "shadowed") {
    return { skill: row, grants, body: resolved.skill.body };
  }
  if (resolved?.kind === "mcp") {
    const k = resolved.skill;
    const files = k.entry.resources === "dynamic" ? [] : k.entry.resources.map((f) => ({ ...f }));
    const doc: ShowDocument = { skill: row, grants, files };
    if (k.status === "changed") doc.changes = skillDiff(h, k.server, k.uri, files);
    return doc;
  }
  return { skill: row, grants };
}

/** What changed since the skill was accepted: its description, and each file added, removed or changed. */
function skillDiff(
  h: AssembledHost,
  server: string,
  uri: string,
  files: { uri: string; size: number; digest: string }[],
): string[] {
  const pinned = h.catalog.mcp?.pinned(server, uri);
  if (pinned === undefined) return ["no accepted version is on record"];
  const res = (pinned.outputSchema as { resources?: unknown } | undefined)?.resources;
  const before = new Map(
    (Array.isArray(res) ? (res as { uri: string; size: number; digest: string }[]) : []).map((f) => [
      f.uri,
      f,
    ]),
  );
  const out: string[] = [];
  const now = h.catalog.mcp?.skills().find((k) => k.server === server && k.uri === uri);
  if (now !== undefined && pinned.description !== now.entry.frontmatter.description) {
    out.push(`description: "${pinned.description ?? ""}" → "${now.entry.frontmatter.description}"`);
  }
  if (res === undefined)
    out.push("resources: the accepted list is too long to keep; only its hash is on record");
  for (const f of files) {
    const b = before.get(f.uri);
    if (b === undefined && res !== undefined) out.push(`${f.uri}: added (${f.size} bytes)`);
    else if (b !== undefined && b.digest !== f.digest) {
      out.push(`${f.uri}: content changed (${b.size} → ${f.size} bytes)`);
    }
    before.delete(f.uri);
  }
  for (const f of before.values()) out.push(`${f.uri}: removed`);
  return out;
}

export async function skillsApprove(
  names: string[],
  o: { all?: boolean },
  g: GlobalOptions,
): Promise<number> {
  if (names.length === 0 && o.all !== true) {
    throw new CodeagentError("USAGE", "name the skills or commands to approve, or pass --all");
  }
  const approved = await withSkills(g, (h) => {
    const known = new Set(
      h.catalog
        .rows()
        .filter((r) => r.origin === "project")
        .map((r) => r.name),
    );
    const missing = names.filter((n) => !known.has(n));
    if (missing.length > 0) {
      throw new CodeagentError(
        "UNKNOWN_SKILL",
        `no project skill or command ${missing.map((n) => `"${n}"`).join(", ")} (see codeagent skills list)`,
      );
    }
    return h.catalog.approve(o.all === true ? [] : names);
  });
  const out = approved.map((s) => ({
    name: s.name,
    file: s.file,
    allowedTools: s.allowedTools,
    hash: s.hash,
  }));
  if (g.json === true) await printJson({ approved: out });
  else if (out.length === 0)
    await writeOut("Nothing to approve: no project skill or command asks for allowed-tools.");
  else {
    await writeOut(
      out.map((s) => `Approved ${s.name} (${s.file}): ${s.allowedTools.join(", ")} while in use`).join("\n"),
    );
  }
  return EXIT.ok;
}
