// What the next request carries besides the conversation (§10, §15.2): the system prompt — the session's first
// day, the project's instruction files and skills (read as each turn starts, so an edit applies to the next
// one), the git line (read once a session, so the prompt stays stable) — and the definitions the tool session
// chose; and what /context shows of it all.
import type { ModelMessage } from "ai";
import { gitPromptLine } from "../git/status.js";
import type { AgentOptions, ContextStats } from "./agent-options.js";
import {
  COMPACT_AT,
  estimateMessages,
  estimateTokens,
  fixedTokens,
  nextRequestTokens,
  type LastRequest,
} from "./context.js";
import type { Usage } from "./events.js";
import type { InstructionFile } from "./project-instructions.js";
import { buildSystemPrompt, skillsSection, type SkillSummary } from "./system-prompt.js";
import type { ToolSession } from "./tool-session.js";

export class NextRequest {
  // The session's first day, not today's: a prompt that changed at midnight would lose the prompt cache.
  private readonly date = new Date().toISOString().slice(0, 10);
  private projectFiles: InstructionFile[] = [];
  private skills: SkillSummary[] = [];
  private gitLine: string | undefined;

  constructor(private readonly opts: AgentOptions) {}

  /** As a turn starts: the instruction files and skills again, the git state at the session's first turn. */
  async refresh(): Promise<void> {
    this.projectFiles = this.opts.projectInstructions?.() ?? [];
    this.skills = this.opts.skills?.() ?? [];
    if (this.gitLine === undefined && this.opts.gitStatus !== undefined) {
      const git = await this.opts.gitStatus().catch(() => undefined);
      this.gitLine = git === undefined ? "" : gitPromptLine(git);
    }
  }

  /** A new conversation (/clear) reads the git state again at its first turn. */
  forgetGit(): void {
    this.gitLine = undefined;
  }

  /** The system prompt and tools of the request about to be made, or why it cannot be (too many tools). */
  parts(toolSession: ToolSession, messages: readonly ModelMessage[]) {
    const all = this.opts.registry.list();
    const r = toolSession.prepare(all, messages);
    const prepared = r.ok ? r.value : undefined;
    const tools = prepared?.entries ?? all;
    const system = buildSystemPrompt({
      cwd: this.opts.cwd,
      date: this.date,
      tools,
      instructions: this.opts.instructions(),
      projectFiles: this.projectFiles,
      skills: this.skills,
      ...(this.opts.agentPrompt !== undefined && { agentPrompt: this.opts.agentPrompt }),
      ...(this.gitLine !== undefined && { git: this.gitLine }),
      ...(prepared !== undefined && {
        deferredServers: prepared.plan.deferredServers,
        searchTool: toolSession.searchName,
        codeMode: toolSession.codeMode,
      }),
    });
    return { system, tools, prepared, problem: r.ok ? undefined : r.message };
  }

  /** /context: the last request's reported size against the window, and an estimate of the next one's parts. */
  stats(
    toolSession: ToolSession,
    c: { messages: readonly ModelMessage[]; last: LastRequest | undefined; window: number },
    session: { usage: Usage; definitionTokens: number },
  ): ContextStats {
    this.skills = this.opts.skills?.() ?? [];
    const { system, tools, prepared } = this.parts(toolSession, c.messages);
    const systemTokens = estimateTokens(system);
    const toolTokens = prepared?.plan.tokens ?? fixedTokens("", tools);
    const { last, messages, window } = c;
    return {
      window,
      ...(last !== undefined && { lastInputTokens: last.inputTokens }),
      nextTokens: nextRequestTokens({
        fixed: systemTokens + toolTokens,
        messages,
        ...(last !== undefined && { last }),
      }),
      systemTokens,
      ...(this.skills.length > 0 && { skillTokens: estimateTokens(skillsSection(this.skills)) }),
      toolTokens,
      messageTokens: estimateMessages(messages),
      messages: messages.length,
      compactAt: Math.floor(window * COMPACT_AT),
      session: { ...session.usage },
      sessionToolDefinitionTokens: session.definitionTokens,
    };
  }
}
