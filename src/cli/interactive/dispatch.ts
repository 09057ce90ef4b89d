// Runs a parsed slash command against the manager and registry. The result is data for the UI: items to
// show, a message to send to the model (MCP prompts), or a session action (clear, exit). Never throws.
import { costReport } from "./cost-text.js";
import type { PriceTable } from "../../core/cost/prices.js";
import { errorMessage } from "../../core/errors.js";
import { stripControlLine } from "../../core/text/strip.js";
import type { SlashCommand } from "./commands.js";
import type { AgentView, ManagerView, PinsView, RegistryView } from "./host.js";
import type { ServerSnapshot } from "../../core/mcp/servers/state.js";
import { initPrompt } from "./init-prompt.js";
import { promptText } from "../../core/tools/render-prompt.js";
import { bindPromptArgs } from "./prompt-args.js";
import type { NewItem } from "./transcript.js";
import { helpView, logsView, mcpView, skillsText, toolsView } from "./views.js";
import type { SlashTurn } from "../slash-skill.js";
import type { SkillRow } from "../../core/skills/catalog.js";
import type { SubagentScan } from "../../core/agent/subagents/types.js";
import { agentsText } from "./agents-view.js";
import { readGitDiff } from "../../core/git/diff.js";

export interface SkillsView {
  rows(): SkillRow[];
  /** The skill or command `/NAME ARGS` names, expanded; undefined when it names none. */
  expand(line: string, signal?: AbortSignal): Promise<SlashTurn | undefined>;
}

function sendTurn(t: SlashTurn): Outcome {
  return { kind: "send", text: t.text, notes: t.notes, release: t.release };
}

export type Outcome =
  | { kind: "items"; items: NewItem[] }
  | { kind: "send"; text: string; notes?: string[]; release?: () => void }
  | { kind: "model"; spec?: string }
  | { kind: "clear" }
  | { kind: "rewind" }
  | { kind: "exit" }
  | { kind: "compact"; focus?: string };

export interface CommandDeps {
  manager: ManagerView;
  registry: RegistryView;
  /** The agent, for /context, /compact and /init; absent without a model. */
  agent?: AgentView;
  model?: string;
  /** Why there is no agent (shown by the commands that need one). */
  modelProblem?: string;
  cwd?: string;
  signal?: AbortSignal;
  pins?: PinsView;
  /** `/mcp`: each server's sandbox policy (§18.3). */
  sandboxOf?: (s: ServerSnapshot) => string;
  /** Skills and custom commands (§21), and the line as typed (their arguments). */
  skills?: SkillsView;
  line?: string;
  /** The hooks as `/hooks` lists them (read again each time: an approval shows at once). */
  hooks?: { table(): string };
  /** Subagents (§23), for /agents. */
  subagents?: () => SubagentScan;
  /** `prices` from settings.json, for /cost. */
  prices?: PriceTable;
}

export const LOG_LINES = 30;

const info = (text: string): Outcome => ({ kind: "items", items: [{ kind: "notice", level: "info", text }] });
const error = (text: string): Outcome => ({
  kind: "items",
  items: [{ kind: "notice", level: "error", text }],
});

export async function runCommand(cmd: SlashCommand, deps: CommandDeps): Promise<Outcome> {
  try {
    return await run(cmd, deps);
  } catch (e) {
    return error(stripControlLine(errorMessage(e)));
  }
}

async function run(cmd: SlashCommand, deps: CommandDeps): Promise<Outcome> {
  const { manager, registry, signal, agent } = deps;
  const noModel = (what: string) =>
    error(`${what} needs a model. ${deps.modelProblem ?? "No model provider is configured."}`);
  switch (cmd.type) {
    case "hooks":
      return info(deps.hooks?.table() ?? "Hooks are not available here.");
    case "context": {
      const stats = agent?.contextStats?.();
      if (stats === undefined) return noModel("/context");
      const tools = agent?.toolStats?.();
      return {
        kind: "items",
        items: [
          {
            kind: "view",
            view: { type: "context", stats, model: deps.model, ...(tools !== undefined && { tools }) },
          },
        ],
      };
    }
    case "cost": {
      const stats = agent?.contextStats?.();
      if (stats === undefined) return noModel("/cost");
      return info(costReport(stats.session, deps.model, deps.prices));
    }
    case "compact":
      if (agent?.compact === undefined) return noModel("/compact");
      return { kind: "compact", ...(cmd.focus !== undefined && { focus: cmd.focus }) };
    case "rewind":
      return { kind: "rewind" };
    case "diff": {
      const d = await readGitDiff(deps.cwd ?? process.cwd());
      if (!d.ok) return error(d.message);
      if (d.lines.length === 0 && d.untracked.length === 0) return info("no changes in the working tree");
      return { kind: "items", items: [{ kind: "view", view: { type: "diff", ...d } }] };
    }
    case "init":
      if (agent === undefined)
        return noModel("/init (it asks the model to look at the project and write AGENTS.md)");
      return { kind: "send", text: initPrompt(deps.cwd ?? process.cwd()) };
    case "mcp-status":
      return {
        kind: "items",
        items: [{ kind: "view", view: mcpView(manager.snapshots(), registry, deps.pins, deps.sandboxOf) }],
      };
    case "mcp-accept": {
      const unknown = unknownServer(manager, cmd.server);
      if (unknown !== undefined) return unknown;
      if (deps.pins === undefined) return error("tool pinning is not available here");
      if (statusOf(manager, cmd.server) !== "ready")
        return error(
          `${cmd.server} is ${statusOf(manager, cmd.server)}; its tools can be accepted once it runs`,
        );
      const a = deps.pins.accept(cmd.server, cmd.tools);
      if (a.unknown.length > 0)
        return error(
          `${cmd.server} has no tool ${a.unknown.map((t) => `"${stripControlLine(t)}"`).join(", ")}`,
        );
      if (a.accepted.length === 0) return info(`${cmd.server}: every tool matches its accepted definition`);
      return info(
        `${cmd.server}: accepted ${a.accepted.map((c) => `${stripControlLine(c.name)} (${c.change})`).join(", ")}`,
      );
    }
    case "tools":
      return {
        kind: "items",
        items: [{ kind: "view", view: toolsView(registry.list(), agent?.toolStats?.()) }],
      };
    case "help":
      return {
        kind: "items",
        items: [{ kind: "view", view: helpView(manager.snapshots(), deps.skills?.rows() ?? []) }],
      };
    case "clear":
      return { kind: "clear" };
    case "model":
      return cmd.spec === undefined ? { kind: "model" } : { kind: "model", spec: cmd.spec };
    case "exit":
      return { kind: "exit" };
    case "usage":
      return error(cmd.message);
    case "skills":
      return info(skillsText(deps.skills?.rows() ?? []));
    case "agents":
      return info(
        agentsText(
          deps.subagents?.() ?? { agents: [], shadowed: [], invalid: [] },
          deps.cwd ?? process.cwd(),
        ),
      );
    case "unknown": {
      const turn = await deps.skills?.expand(deps.line ?? "", signal);
      if (turn !== undefined) return sendTurn(turn);
      return error(
        `unknown command /${stripControlLine(cmd.name)}` +
          (cmd.suggestion !== undefined ? ` (did you mean ${cmd.suggestion}?)` : "") +
          `. /help lists the commands; to send a message that starts with "/", begin it with "//".`,
      );
    }
    case "mcp-logs": {
      const unknown = unknownServer(manager, cmd.server);
      if (unknown !== undefined) return unknown;
      const lines = manager.log(cmd.server).lines(LOG_LINES);
      if (lines.length === 0) return info(`${cmd.server}: no log lines yet`);
      return { kind: "items", items: [{ kind: "view", view: logsView(cmd.server, lines) }] };
    }
    case "mcp-refresh": {
      if (cmd.server === undefined) {
        await manager.refresh();
        return info("restarting every enabled server…");
      }
      const unknown = unknownServer(manager, cmd.server);
      if (unknown !== undefined) return unknown;
      const status = statusOf(manager, cmd.server);
      if (status === "disabled" || status === "needs-approval") {
        return error(
          `${cmd.server} is ${status}; ${status === "disabled" ? "/mcp enable" : "approve"} it first`,
        );
      }
      await manager.refresh(cmd.server);
      return info(`restarting ${cmd.server}…`);
    }
    case "mcp-enable": {
      const unknown = unknownServer(manager, cmd.server);
      if (unknown !== undefined) return unknown;
      const status = statusOf(manager, cmd.server);
      if (status !== "disabled") return info(`${cmd.server} is not disabled (it is ${status})`);
      manager.enable(cmd.server);
      return info(`starting ${cmd.server}… (for this session; the config file is unchanged)`);
    }
    case "mcp-disable": {
      const unknown = unknownServer(manager, cmd.server);
      if (unknown !== undefined) return unknown;
      if (statusOf(manager, cmd.server) === "disabled") return info(`${cmd.server} is already disabled`);
      await manager.disable(cmd.server);
      return info(`${cmd.server} stopped and disabled for this session`);
    }
    case "prompt": {
      // A server's skill is `/mcp__SERVER__SKILL` too; otherwise it is the server's prompt.
      const turn = await deps.skills?.expand(deps.line ?? "", signal);
      if (turn !== undefined) return sendTurn(turn);
      return runPrompt(cmd, manager, signal);
    }
  }
}

async function runPrompt(
  cmd: Extract<SlashCommand, { type: "prompt" }>,
  manager: ManagerView,
  signal: AbortSignal | undefined,
): Promise<Outcome> {
  const unknown = unknownServer(manager, cmd.server);
  if (unknown !== undefined) return unknown;
  const command = `/mcp__${cmd.server}__${cmd.prompt}`;
  const snap = manager.snapshots().find((s) => s.name === cmd.server);
  const prompt = snap?.lists.prompts.find((p) => p.name === cmd.prompt);
  if (prompt === undefined) {
    const names = snap?.lists.prompts.map((p) => stripControlLine(p.name)) ?? [];
    const has = names.length > 0 ? `its prompts: ${names.join(", ")}` : "it offers no prompts";
    const state =
      snap !== undefined && !["ready", "idle"].includes(snap.state.status)
        ? ` (it is ${snap.state.status})`
        : "";
    return error(`${cmd.server} has no prompt "${stripControlLine(cmd.prompt)}"${state}; ${has}`);
  }
  const bound = bindPromptArgs(cmd.args, prompt, command);
  if (!bound.ok) return error(bound.message);
  const result = await manager.getPrompt(
    cmd.server,
    cmd.prompt,
    bound.args,
    signal === undefined ? undefined : { signal },
  );
  const text = promptText(result);
  if (text.trim() === "") return error(`${command} returned an empty prompt`);
  return { kind: "send", text };
}

function statusOf(manager: ManagerView, name: string): string {
  return manager.snapshots().find((s) => s.name === name)?.state.status ?? "unknown";
}

function unknownServer(manager: ManagerView, name: string): Outcome | undefined {
  if (manager.has(name)) return undefined;
  const names = manager.snapshots().map((s) => s.name);
  return error(
    `no MCP server named "${stripControlLine(name)}"` +
      (names.length > 0 ? `; configured: ${names.join(", ")}` : "; none is configured (codeagent mcp add)"),
  );
}
