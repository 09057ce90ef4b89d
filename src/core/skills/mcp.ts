// Skills over MCP (§21.2, SEP-2640) on the SDK's SkillsClient: a server that declares
// `io.modelcontextprotocol/skills` is asked for `skills/list` once it is ready — entries only, never a file
// (no prefetch) — and each entry is reviewed against its pins. Loading reads the SKILL.md, which the SDK checks
// for size, digest and frontmatter against the entry; a skill's other files are read the same way, from the
// same server, and only if listed. Nothing that failed a check is returned; nothing is written to disk.
import { EventEmitter } from "node:events";
import type { Client } from "@modelcontextprotocol/client";
import { SkillsClient, SkillVerificationError, type Skill } from "@modelcontextprotocol/client/ext/skills";
import { CodeagentError, errorMessage } from "../errors.js";
import type { McpManager } from "../mcp/servers/manager.js";
import type { ServerLists, ServerState } from "../mcp/servers/state.js";
import { stripControlLine } from "../text/strip.js";
import { parseFrontmatterYaml } from "./frontmatter.js";
import type { SkillPins, SkillVerdict } from "./pins.js";

const LIST_TIMEOUT_MS = 30_000;

export interface McpSkill {
  server: string;
  /** `mcp__SERVER__NAME`: the server's label keeps it apart from every local name (§21.2). */
  name: string;
  description: string;
  uri: string;
  status: "ok" | "changed" | "needs-approval";
  reason?: string;
  verdict?: SkillVerdict["status"];
  entry: Skill;
}

export interface InvalidMcpSkill {
  server: string;
  uri: string;
  reason: string;
}

interface ServerSkills {
  client: SkillsClient;
  skills: McpSkill[];
  invalid: InvalidMcpSkill[];
  /** The listing in flight, if any. */
  listing?: Promise<void>;
  /** The server's resources as last seen: a new list (after list_changed) lists the skills again. */
  resources?: readonly unknown[];
}

export class McpSkills extends EventEmitter<{ changed: [server: string] }> {
  private readonly servers = new Map<string, ServerSkills>();
  private readonly onState = (name: string, state: ServerState) => {
    if (state.status === "ready") void this.list(name);
    else if (this.servers.get(name)?.skills.length) {
      this.servers.get(name)!.skills = [];
      this.emit("changed", name);
    }
  };

  /**
   * Skills are resources: a server announces a change with notifications/resources/list_changed (SEP-2640 has no
   * notification of its own), after which the manager lists resources again — and skills are listed again here.
   */
  private readonly onLists = (name: string, lists: ServerLists) => {
    const s = this.servers.get(name);
    if (s === undefined || s.resources === lists.resources) return;
    const first = s.resources === undefined;
    s.resources = lists.resources;
    if (!first && this.manager.snapshot(name).state.status === "ready") void this.list(name);
  };

  constructor(
    private readonly manager: McpManager,
    private readonly pins: SkillPins,
    private readonly opts: { record?: boolean } = {},
  ) {
    super();
    manager.on("state", this.onState);
    manager.on("lists", this.onLists);
  }

  /** Given every new SDK client of a server (the manager's `setupClient`); the latest is the live one. */
  attach(server: string, client: Client): void {
    this.servers.set(server, {
      client: new SkillsClient(client, { parseFrontmatter: parseFrontmatterYaml, skipInvalid: true }),
      skills: [],
      invalid: [],
    });
  }

  /** Resolves once the listings started so far have finished. */
  async settled(): Promise<void> {
    await Promise.all([...this.servers.values()].map((s) => s.listing ?? Promise.resolve()));
  }

  list(server: string): Promise<void> {
    const s = this.servers.get(server);
    if (s === undefined || !s.client.supported) return Promise.resolve();
    const listing = this.fetch(server, s).finally(() => {
      if (s.listing === listing) delete s.listing;
    });
    s.listing = listing;
    return listing;
  }

  private async fetch(server: string, s: ServerSkills): Promise<void> {
    const log = (t: string) => this.manager.log(server).event(t);
    try {
      const r = await s.client.list({}, { timeout: LIST_TIMEOUT_MS });
      const def = this.manager.snapshot(server).definition;
      const review = this.pins.review(def, r.skills, { record: this.opts.record !== false });
      const invalid: InvalidMcpSkill[] = r.invalid.map((i) => ({
        server,
        uri: stripControlLine(i.uri ?? `skills[${i.index}]`),
        reason: stripControlLine(i.reason),
      }));
      if (review.unreadable !== undefined) {
        const why = `skill pins cannot be read (${review.unreadable}); fix or delete ${this.pins.file}`;
        invalid.push(...r.skills.map((k) => ({ server, uri: k.uri, reason: why })));
      }
      const skills = review.unreadable !== undefined ? [] : namesFor(server, r.skills);
      for (const k of skills) {
        const v = review.verdicts.get(k.uri);
        if (v === undefined) continue;
        k.verdict = v.status;
        if (v.status === "changed") k.status = "changed";
        else if (!v.usable) k.status = "needs-approval";
        if (v.reason !== undefined) k.reason = v.reason;
      }
      for (const k of skills.filter((k) => k.entry.resources === "dynamic")) {
        invalid.push({
          server,
          uri: k.uri,
          reason: 'its resources are "dynamic": its files cannot be verified',
        });
      }
      s.skills = skills.filter((k) => k.entry.resources !== "dynamic");
      s.invalid = invalid;
      for (const i of invalid) log(`skill ${i.uri} left out: ${i.reason}`);
    } catch (e) {
      log(`skills/list failed: ${errorMessage(e)}`);
      s.skills = [];
      s.invalid = [{ server, uri: "skills/list", reason: errorMessage(e) }];
    }
    this.emit("changed", server);
  }

  skills(): McpSkill[] {
    return [...this.servers.values()].flatMap((s) => s.skills);
  }

  invalid(): InvalidMcpSkill[] {
    return [...this.servers.values()].flatMap((s) => s.invalid);
  }

  find(name: string): McpSkill | undefined {
    return this.skills().find((k) => k.name === name);
  }

  /** Reads and verifies a file of a listed, usable skill (default its SKILL.md) from its own server. */
  async read(skill: McpSkill, ref?: string, o: { signal?: AbortSignal } = {}) {
    if (skill.status !== "ok") {
      throw new CodeagentError(
        "TOOL_CHANGED",
        `skill ${skill.name} is withheld: ${skill.reason ?? skill.status}`,
      );
    }
    const s = this.servers.get(skill.server);
    if (s === undefined || !s.skills.includes(skill)) {
      throw new CodeagentError(
        "SERVER_UNAVAILABLE",
        `skill ${skill.name}: server "${skill.server}" is not ready`,
      );
    }
    try {
      return await s.client.read(skill.entry, ref, { ...(o.signal !== undefined && { signal: o.signal }) });
    } catch (e) {
      if (e instanceof SkillVerificationError) {
        this.manager.log(skill.server).event(`skill ${skill.uri}: ${e.message} (not used)`);
        throw new CodeagentError("SKILL_UNVERIFIED", `${skill.name}: ${e.message}; the content was not used`);
      }
      throw e;
    }
  }

  /** Accepts the listed skills of `server` (all changes, or the names or uris given); lists it again. */
  accept(server: string, names: readonly string[]) {
    const s = this.servers.get(server);
    const listed = s?.skills.map((k) => k.entry) ?? [];
    const uris = names.map((n) => s?.skills.find((k) => k.name === n || k.uri === n)?.uri ?? n);
    const accepted = this.pins.accept(this.manager.snapshot(server).definition, listed, uris);
    void this.list(server);
    return accepted;
  }

  /** The accepted (pinned) version of a skill, for a diff against what the server lists now. */
  pinned(server: string, uri: string) {
    return this.pins.pinned(this.manager.snapshot(server).definition, uri);
  }

  close(): void {
    this.manager.off("state", this.onState);
    this.manager.off("lists", this.onLists);
  }
}

/** `mcp__SERVER__NAME`; names a server lists twice are told apart by their path (SEP-2640 leaves it to hosts). */
function namesFor(server: string, skills: readonly Skill[]): McpSkill[] {
  const count = new Map<string, number>();
  for (const k of skills) count.set(k.frontmatter.name, (count.get(k.frontmatter.name) ?? 0) + 1);
  return skills.map((k) => {
    const unique = count.get(k.frontmatter.name) === 1;
    const path = k.uri.replace(/^[a-z][a-z0-9+.-]*:\/\//i, "").replace(/\/SKILL\.md$/, "");
    const label = unique ? k.frontmatter.name : path.replace(/[^A-Za-z0-9_-]+/g, ".");
    return {
      server,
      name: `mcp__${server}__${label}`,
      description: stripControlLine(k.frontmatter.description),
      uri: k.uri,
      status: "ok" as const,
      entry: k,
    };
  });
}
