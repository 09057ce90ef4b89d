// `codeagent mcp approve | revoke`: approve this project's servers (§8.2), bound to their exact definition.
import { CodeagentError } from "../../core/errors.js";
import { definitionHash, wideningNotes } from "../../core/permissions/approvals.js";
import { approvalSubject, PROJECT_ENV_APPROVAL } from "../../core/config/dotenv-boundary.js";
import { join } from "node:path";
import { loadSettings, PROJECT_RULES_APPROVAL } from "../../core/settings.js";
import { createContext, reportConfigProblems, type GlobalOptions } from "../context.js";
import { printJson, warn, writeOut } from "../output.js";

function projectServers(ctx: ReturnType<typeof createContext>) {
  return ctx.config.servers.filter((s) => s.scope === "project");
}

function pick(ctx: ReturnType<typeof createContext>, names: string[], all: boolean) {
  const servers = projectServers(ctx);
  if (all) return servers;
  if (names.length === 0) throw new CodeagentError("USAGE", "name the servers to approve, or pass --all");
  return names.map((n) => {
    const s = servers.find((x) => x.name === n);
    if (s !== undefined) return s;
    const other = ctx.config.servers.find((x) => x.name === n);
    throw new CodeagentError(
      "UNKNOWN_SERVER",
      other === undefined
        ? `no project server named "${n}" in ${ctx.cwd}`
        : `"${n}" comes from ${other.source} (${other.scope} scope); only project servers need approval`,
    );
  });
}

export async function mcpApprove(
  names: string[],
  o: { all?: boolean; projectRules?: boolean; projectEnv?: boolean },
  g: GlobalOptions,
): Promise<number> {
  const ctx = createContext(g);
  if (o.projectRules === true) return approveProjectRules(ctx);
  if (o.projectEnv === true) return approveProjectEnv(ctx);
  reportConfigProblems(ctx.config, warn);
  const chosen = pick(ctx, names, o.all === true);
  // Keyed to the entry and the values it takes from the project's .env: a changed value asks again.
  for (const s of chosen) ctx.approvals.approve(ctx.cwd, s.name, approvalSubject(s));
  const approved = chosen.map((s) => ({
    name: s.name,
    source: s.source,
    hash: definitionHash(approvalSubject(s)),
  }));
  if (ctx.json) await printJson({ approved });
  else if (approved.length === 0) await writeOut("This project defines no MCP servers.");
  else await writeOut(chosen.map((s) => `Approved "${s.name}": ${describe(s.raw)}`).join("\n"));
  return 0;
}

export async function mcpRevoke(names: string[], o: { all?: boolean }, g: GlobalOptions): Promise<number> {
  const ctx = createContext(g);
  const revoked =
    o.all === true
      ? ctx.approvals.revokeAll(ctx.cwd)
      : names.length === 0
        ? (() => {
            throw new CodeagentError("USAGE", "name the servers to revoke, or pass --all");
          })()
        : names.filter((n) => ctx.approvals.revoke(ctx.cwd, n));
  if (ctx.json) await printJson({ revoked });
  else await writeOut(revoked.length === 0 ? "Nothing to revoke." : `Revoked: ${revoked.join(", ")}`);
  return 0;
}

/**
 * Lets the user's own servers read the project's `.env` (issue 25): keyed to a hash of its values, so an edited
 * file is untrusted again. Names are printed, never values.
 */
async function approveProjectEnv(ctx: ReturnType<typeof createContext>): Promise<number> {
  const dotenv = ctx.variables.projectDotenv;
  const names = Object.keys(dotenv).sort();
  const file = join(ctx.cwd, ".env");
  if (names.length === 0) {
    if (ctx.json) await printJson({ approved: [] });
    else await writeOut(`${file} is missing or sets nothing; there is nothing to trust.`);
    return 0;
  }
  ctx.approvals.approve(ctx.cwd, PROJECT_ENV_APPROVAL, dotenv);
  if (ctx.json)
    await printJson({ approved: [{ name: PROJECT_ENV_APPROVAL, source: file, variables: names }] });
  else await writeOut(`Your own servers may now read ${file} (until it changes): ${names.join(", ")}`);
  return 0;
}

/**
 * Trusts the project's own `permissions.allow` (§19), keyed to their hash: an edited list asks again. The rules
 * are printed whole, so what is trusted is what was shown.
 */
async function approveProjectRules(ctx: ReturnType<typeof createContext>): Promise<number> {
  const settings = loadSettings({ cwd: ctx.cwd, env: ctx.env });
  for (const p of settings.problems) warn(`settings: ${p}`);
  const p = settings.projectAllow;
  if (p === undefined) {
    if (ctx.json) await printJson({ approved: [] });
    else await writeOut("This project's settings allow nothing; there is nothing to trust.");
    return 0;
  }
  ctx.approvals.approve(ctx.cwd, PROJECT_RULES_APPROVAL, p.rules);
  if (ctx.json)
    await printJson({ approved: [{ name: PROJECT_RULES_APPROVAL, source: p.file, rules: p.rules }] });
  else await writeOut(`Trusted the allow rules of ${p.file}:\n${p.rules.map((r) => `  ${r}`).join("\n")}`);
  return 0;
}

/** What the user is approving, shown whole: command and args, or URL. */
function describe(raw: unknown): string {
  const r = raw as { command?: unknown; args?: unknown; url?: unknown; env?: unknown };
  return `${target(r)}${widening(raw)}`;
}

function target(r: { command?: unknown; args?: unknown; url?: unknown; env?: unknown }): string {
  if (typeof r.url === "string") return r.url;
  const args = Array.isArray(r.args) ? r.args.map(String).join(" ") : "";
  const env = r.env !== null && typeof r.env === "object" ? ` (env: ${Object.keys(r.env).join(", ")})` : "";
  return `${String(r.command)} ${args}`.trim() + env;
}

/**
 * The keys of the entry that widen what runs unasked, said out loud: the approval's hash covers them, so they
 * take effect only because the person approving was shown them here.
 */
function widening(raw: unknown): string {
  return wideningNotes(raw)
    .map((n) => `; ${n}`)
    .join("");
}
