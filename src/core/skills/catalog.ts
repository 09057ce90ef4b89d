// Every skill and command the session knows (§21): the local ones in precedence order, the servers' ones under
// their server's label, each with its status — and the trust rule: a project's `allowed-tools` grants nothing
// until the user approves that file (keyed to its hash, as project servers are); the user's own may grant;
// a server's never do.
import type { ApprovalStore } from "../permissions/approvals.js";
import { type Env } from "../paths.js";
import { scanLocalSkills, skillDirs, type LocalScan, type SkillDir } from "./local.js";
import type { McpSkill, McpSkills } from "./mcp.js";
import type { LocalSkill, SkillKind, SkillStatus } from "./types.js";

/** One row of `codeagent skills list --json`. */
export interface SkillRow {
  name: string;
  kind: SkillKind;
  /** `user`, `project`, or `mcp` (then `server` says which). */
  origin: "user" | "project" | "mcp";
  server?: string;
  /** The file (local) or the SKILL.md uri (MCP). */
  source: string;
  description: string;
  argumentHint?: string;
  allowedTools: string[];
  model?: string;
  status: SkillStatus;
  /** Why it is not `ok`. */
  reason?: string;
}

export type ResolvedSkill = { kind: "local"; skill: LocalSkill } | { kind: "mcp"; skill: McpSkill };

export interface CatalogOptions {
  cwd: string;
  env?: Env;
  /** Where the approvals of project `allowed-tools` are kept. */
  approvals: ApprovalStore;
  mcp?: McpSkills;
  /** Default: skillDirs(cwd, env). */
  dirs?: readonly SkillDir[];
  /** Names a local definition cannot take (the session's own slash commands). */
  reserved?: ReadonlySet<string>;
}

export class SkillCatalog {
  private scan: LocalScan | undefined;
  private reserved: ReadonlySet<string>;

  constructor(private readonly opts: CatalogOptions) {
    this.reserved = opts.reserved ?? new Set();
  }

  /** Names the front end keeps for its own commands (`/help`): a file of that name is listed as shadowed. */
  reserve(names: ReadonlySet<string>): void {
    this.reserved = names;
  }

  get mcp(): McpSkills | undefined {
    return this.opts.mcp;
  }

  /** Reads the folders again (a file edited in the session applies to the next use). */
  refresh(): void {
    this.scan = scanLocalSkills(this.opts.dirs ?? skillDirs(this.opts.cwd, this.opts.env));
  }

  private local(): LocalScan {
    if (this.scan === undefined) this.refresh();
    return this.scan!;
  }

  notes(): string[] {
    return this.local().notes;
  }

  /** Every definition: the ones in use first (precedence order), then shadowed, invalid and withheld ones. */
  rows(): SkillRow[] {
    const { found, invalid } = this.local();
    const winner = new Map<string, LocalSkill>();
    const rows: SkillRow[] = [];
    for (const s of found) {
      const first = winner.get(s.name);
      const reserved = this.reserved.has(s.name);
      if (first === undefined && !reserved) winner.set(s.name, s);
      const status: SkillStatus =
        first !== undefined || reserved ? "shadowed" : this.trusted(s) ? "ok" : "needs-approval";
      const reason =
        first !== undefined
          ? `shadowed by ${first.file}`
          : reserved
            ? `/${s.name} is a built-in command of the session`
            : status === "needs-approval"
              ? `allowed-tools of a project file grant nothing until approved: codeagent skills approve ${s.name}`
              : undefined;
      rows.push({ ...localRow(s), status, ...(reason !== undefined && { reason }) });
    }
    for (const i of invalid) {
      rows.push({
        name: i.name,
        kind: i.kind,
        origin: i.scope,
        source: i.file,
        description: "",
        allowedTools: [],
        status: "invalid",
        reason: i.reason,
      });
    }
    for (const m of this.opts.mcp?.skills() ?? []) rows.push(mcpRow(m));
    for (const i of this.opts.mcp?.invalid() ?? []) {
      rows.push({
        name: i.uri,
        kind: "skill",
        origin: "mcp",
        server: i.server,
        source: i.uri,
        description: "",
        allowedTools: [],
        status: "invalid",
        reason: i.reason,
      });
    }
    return rows;
  }

  /** The definition `/NAME` or `skill {name}` reaches: the local winner, or a server's skill by its label. */
  resolve(name: string): ResolvedSkill | undefined {
    if (name.startsWith("mcp__")) {
      const m = this.opts.mcp?.find(name);
      return m === undefined ? undefined : { kind: "mcp", skill: m };
    }
    if (this.reserved.has(name)) return undefined;
    const s = this.local().found.find((f) => f.name === name);
    return s === undefined ? undefined : { kind: "local", skill: s };
  }

  /** What the model is told of (names and descriptions): skills it may load, local winners and usable MCP ones. */
  forModel(): { name: string; description: string }[] {
    const out: { name: string; description: string }[] = [];
    const seen = new Set<string>(this.reserved);
    for (const s of this.local().found) {
      if (seen.has(s.name)) continue;
      seen.add(s.name);
      if (s.kind === "skill" && s.modelInvocable) out.push({ name: s.name, description: s.description });
    }
    for (const m of this.opts.mcp?.skills() ?? []) {
      if (m.status === "ok") out.push({ name: m.name, description: m.description });
    }
    return out;
  }

  /** The tool patterns a definition may allow while in use: none for a server's or an unapproved project's. */
  grants(r: ResolvedSkill): string[] {
    if (r.kind === "mcp") return [];
    return this.trusted(r.skill) ? r.skill.allowedTools : [];
  }

  private trusted(s: LocalSkill): boolean {
    if (s.scope === "user" || s.allowedTools.length === 0) return true;
    return this.opts.approvals.isApproved(this.opts.cwd, approvalKey(s), s.hash);
  }

  /** Approves the `allowed-tools` of the project definitions named (all that need it when none); returns them. */
  approve(names: readonly string[]): LocalSkill[] {
    const wanted = new Set(names);
    const chosen = this.local().found.filter(
      (s) => s.scope === "project" && s.allowedTools.length > 0 && (wanted.size === 0 || wanted.has(s.name)),
    );
    for (const s of chosen) this.opts.approvals.approve(this.opts.cwd, approvalKey(s), s.hash);
    return chosen;
  }
}

/** Approvals are per definition file: the same name in two folders is two approvals. */
function approvalKey(s: LocalSkill): string {
  return `${s.kind}:${s.name}:${s.file}`;
}

function localRow(s: LocalSkill): SkillRow {
  return {
    name: s.name,
    kind: s.kind,
    origin: s.scope,
    source: s.file,
    description: s.description,
    ...(s.argumentHint !== undefined && { argumentHint: s.argumentHint }),
    allowedTools: s.allowedTools,
    ...(s.model !== undefined && { model: s.model }),
    status: "ok",
  };
}

function mcpRow(m: McpSkill): SkillRow {
  const fm = m.entry.frontmatter as Record<string, unknown>;
  const tools = fm["allowed-tools"];
  return {
    name: m.name,
    kind: "skill",
    origin: "mcp",
    server: m.server,
    source: m.uri,
    description: m.description,
    // Shown for what it asks; a server's allowed-tools never grant anything.
    allowedTools: typeof tools === "string" ? [tools] : Array.isArray(tools) ? tools.map(String) : [],
    status: m.status,
    ...(m.reason !== undefined && { reason: m.reason }),
  };
}
