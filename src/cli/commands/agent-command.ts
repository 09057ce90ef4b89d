// The agent entry points — `codeagent` (interactive) and `codeagent -p PROMPT` (headless) — parsed by their
// own commander program. Kept apart from the subcommand program so that agent flags such as `--allow`
// never capture a subcommand's flag of the same name (`mcp call --allow`). Both modes load lazily.
import { Command, CommanderError } from "commander";
import type { AgentHostOptions } from "../agent-setup.js";
import { printJson, reportError } from "../output.js";

export interface AgentCliOptions extends AgentHostOptions {
  print?: string;
  outputFormat?: string;
}

/** Options that take a value, so the scan below can skip it. */
const VALUE_OPTIONS = new Set([
  "--mcp-config",
  "-D",
  "--define",
  "--startup-wait",
  "-p",
  "--print",
  "--output-format",
  "--model",
  "--base-url",
  "--allow",
  "--deny",
  "--max-steps",
  "--permission-mode",
]);
const HELP_OR_VERSION = new Set(["-h", "--help", "-V", "--version"]);

/** True when no subcommand is named (and no help/version is asked): the agent runs. */
export function isAgentInvocation(argv: readonly string[]): boolean {
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] ?? "";
    if (a === "--") return false;
    if (HELP_OR_VERSION.has(a)) return false;
    if (!a.startsWith("-") || a === "-") return false;
    if (!a.includes("=") && VALUE_OPTIONS.has(a)) i++;
  }
  return true;
}

export const AGENT_HELP = `
Agent:
  codeagent                         interactive session
  codeagent -p "PROMPT"             one headless turn; prints only the answer
    --output-format text|json       json: {"result","steps","reason","toolCalls","model"}
    --model provider:model          openai:…, anthropic:…, openai-compatible:…, ollama:… (or CODEAGENT_MODEL)
    --base-url URL                  endpoint for openai-compatible (or CODEAGENT_BASE_URL)
    --allow PATTERN / --deny PATTERN  permission rules for this run (repeatable), e.g. 'mcp__github__*'
    --max-steps N                   model steps per turn (default 25)
    --permission-mode default|plan  plan: read-only tools only until the user approves a plan
  Exit codes of -p: 0 answered, 1 failed or step limit, 2 usage or no provider, 130 interrupted.
`;

const collect = (v: string, prev: string[] = []) => [...prev, v];

function buildAgentProgram(run: (o: AgentCliOptions) => void): Command {
  return new Command("codeagent")
    .description("A terminal coding agent with a robust MCP host")
    .option("-p, --print <prompt>", "run one headless turn and print the answer")
    .option("--output-format <format>", "text or json (with -p)")
    .option("--model <provider:model>", "the model, e.g. anthropic:claude-sonnet-4-5")
    .option("--base-url <url>", "endpoint of an openai-compatible provider")
    .option("--allow <pattern>", "allow tools matching this pattern without asking (repeatable)", collect)
    .option("--deny <pattern>", "refuse tools matching this pattern (repeatable)", collect)
    .option("--max-steps <n>", "model steps per turn (default 25)")
    .option("--permission-mode <mode>", "default, or plan: read-only tools until a plan is approved")
    .option("--mcp-config <file>", "extra MCP config file for this run (scope cli, repeatable)", collect)
    .option("--strict-mcp-config", "use only the --mcp-config files")
    .option("-D, --define <KEY=VALUE>", "define a variable for ${VAR} expansion (repeatable)", collect)
    .option("--startup-wait <ms>", "how long to wait for MCP servers to start (default 8000)")
    .option("--yes", "approve permission prompts")
    .option("--json", "with -p: same as --output-format json")
    .exitOverride()
    .configureOutput({ writeOut: (s) => process.stderr.write(s) })
    .action((o: AgentCliOptions) => run(o));
}

export async function runAgentCommand(argv: string[]): Promise<number> {
  let options: AgentCliOptions | undefined;
  const program = buildAgentProgram((o) => (options = o));
  const json =
    argv.includes("--json") ||
    argv.includes("--output-format=json") ||
    argv.join(" ").includes("--output-format json");
  try {
    program.parse(argv, { from: "user" });
    const o = options ?? {};
    if (o.print !== undefined) {
      const { runHeadless } = await import("./headless.js");
      return await runHeadless({ ...o, print: o.print });
    }
    return await runInteractive(o);
  } catch (e) {
    if (e instanceof CommanderError) {
      if (e.code === "commander.helpDisplayed" || e.code === "commander.version") return 0;
      if (json) await printJson({ error: { code: "USAGE", message: e.message.replace(/^error: /, "") } });
      return 2;
    }
    return reportError(e, json);
  }
}

/** The interactive UI (ink, React) is loaded only here, so other commands never pay for it. */
async function runInteractive(o: AgentCliOptions): Promise<number> {
  const ui = await import("../interactive/index.js");
  return ui.runInteractive(o);
}
