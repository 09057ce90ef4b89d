// The agent entry points — `codeagent [PROMPT]` (interactive) and `codeagent -p [PROMPT]` (headless) — parsed
// by their own commander program. Kept apart from the subcommand program so that agent flags such as `--allow`
// never capture a subcommand's flag of the same name (`mcp call --allow`). Both modes load lazily.
import { Command, CommanderError } from "commander";
import type { AgentHostOptions } from "../agent-host.js";
import { CodeagentError } from "../../core/errors.js";
import { printJson, reportError } from "../output.js";
import type { SessionFlags } from "../session-setup.js";

export interface AgentCliOptions extends AgentHostOptions, SessionFlags {
  /** `-p` alone is `true`; `-p PROMPT` the prompt. */
  print?: string | boolean;
  outputFormat?: string;
  includePartialMessages?: boolean;
}

/** The subcommands of the other program; any other first word is a prompt for the agent. */
const SUBCOMMANDS = new Set(["mcp", "skills", "hooks", "help", "conformance-client"]);
/** Options whose value is optional: the next word is theirs unless it is an option itself. */
const OPTIONAL_VALUE = new Set(["-p", "--print", "-r", "--resume"]);
/** Options that take a value, so the scan below can skip it. */
const VALUE_OPTIONS = new Set([
  "--mcp-config",
  "-D",
  "--define",
  "--startup-wait",
  "--output-format",
  "--model",
  "--base-url",
  "--allow",
  "--deny",
  "--allowedTools",
  "--disallowedTools",
  "--settings",
  "--max-steps",
  "--add-dir",
  "--permission-mode",
  "--tool-mode",
]);
const HELP_OR_VERSION = new Set(["-h", "--help", "-V", "--version"]);

/** True when no subcommand is named (and no help/version is asked): the agent runs. */
export function isAgentInvocation(argv: readonly string[]): boolean {
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] ?? "";
    if (a === "--") return true;
    if (HELP_OR_VERSION.has(a)) return false;
    if (!a.startsWith("-") || a === "-") return !SUBCOMMANDS.has(a);
    if (a.includes("=")) continue;
    if (VALUE_OPTIONS.has(a)) i++;
    else if (OPTIONAL_VALUE.has(a) && !(argv[i + 1] ?? "-").startsWith("-")) i++;
  }
  return true;
}

export const AGENT_HELP = `
Agent:
  codeagent [PROMPT]                interactive session (PROMPT is its first message)
  codeagent -p [PROMPT]             one headless turn; prints only the answer. Piped stdin is appended to
                                    PROMPT, or is the prompt: echo "…" | codeagent -p
    --output-format text|json|stream-json
                                    json: {"result","toolCalls","usage","durationMs","sessionId",…};
                                    stream-json: one JSON event a line (init, assistant, user, result)
    --include-partial-messages      stream-json: also text deltas as they arrive
  -c, --continue                    resume the most recent session of this project
  -r, --resume [ID]                 resume a session (ID or its prefix; no ID: pick from a list)
    --model provider:model          openai:…, anthropic:…, openai-compatible:…, ollama:… (or CODEAGENT_MODEL)
    --base-url URL                  endpoint for openai-compatible (or CODEAGENT_BASE_URL)
    --allow RULE / --deny RULE      permission rules for this run (repeatable), e.g. 'mcp__github__*',
                                    'Bash(npm run test:*)', 'Read(~/.ssh/**)'; also --allowedTools and
                                    --disallowedTools (comma-separated, as Claude Code takes them)
    --settings FILE                 more settings (permissions.allow|ask|deny …) for this run
    --max-steps N                   model steps per turn (default 25)
    --permission-mode default|plan  plan: read-only tools only until the user approves a plan
  --tool-mode direct|search|code  how MCP tools reach the model (settings "toolMode"): all definitions,
                                  found by search_tools, or called from scripts with execute_code
  Exit codes of -p: 0 answered, 1 failed or step limit, 2 usage or no provider, 3 a call was refused
  for want of permission (json: permission_denials), 5 the model provider failed (unreachable, timed
  out, refused, kept failing), 130 interrupted.
`;

const collect = (v: string, prev: string[] = []) => [...prev, v];

function buildAgentProgram(run: (prompt: string | undefined, o: AgentCliOptions) => void): Command {
  return new Command("codeagent")
    .description("A terminal coding agent with a robust MCP host")
    .argument("[prompt]", "the first message (with -p: the prompt of the headless turn)")
    .option("-p, --print [prompt]", "run one headless turn and print the answer")
    .option("--output-format <format>", "text, json or stream-json (with -p)")
    .option("--include-partial-messages", "with stream-json: text deltas as they arrive")
    .option("-c, --continue", "resume the most recent session of this project")
    .option("-r, --resume [id]", "resume a session by id (or prefix); without one, pick from a list")
    .option("--model <provider:model>", "the model, e.g. anthropic:claude-sonnet-4-5")
    .option("--base-url <url>", "endpoint of an openai-compatible provider")
    .option("--allow <pattern>", "allow tools matching this pattern without asking (repeatable)", collect)
    .option("--deny <pattern>", "refuse tools matching this pattern (repeatable)", collect)
    .option("--allowedTools <rules>", "like --allow; comma-separated rules (repeatable)", collect)
    .option("--disallowedTools <rules>", "like --deny; comma-separated rules (repeatable)", collect)
    .option("--settings <file>", "a settings file for this run (repeatable)", collect)
    .option("--max-steps <n>", "model steps per turn (default 25)")
    .option("--permission-mode <mode>", "default, or plan: read-only tools until a plan is approved")
    .option("--tool-mode <mode>", "direct, search or code: how MCP tools reach the model")
    .option("--mcp-config <file>", "extra MCP config file for this run (scope cli, repeatable)", collect)
    .option("--strict-mcp-config", "use only the --mcp-config files")
    .option("-D, --define <KEY=VALUE>", "define a variable for ${VAR} expansion (repeatable)", collect)
    .option("--startup-wait <ms>", "how long to wait for MCP servers to start (default 8000)")
    .option("--yes", "approve permission prompts")
    .option("--json", "with -p: same as --output-format json")
    .option(
      "--add-dir <dir>",
      "another directory the built-in file tools may use without asking (repeatable)",
      collect,
    )
    .option("--no-sandbox", "run bash commands outside the OS sandbox for this run (they ask instead)")
    .exitOverride()
    .configureOutput({ writeOut: (s) => process.stderr.write(s) })
    .action((prompt: string | undefined, o: AgentCliOptions) => run(prompt, o));
}

export async function runAgentCommand(argv: string[]): Promise<number> {
  let options: AgentCliOptions | undefined;
  let positional: string | undefined;
  const program = buildAgentProgram((p, o) => {
    positional = p;
    options = o;
  });
  const json =
    argv.includes("--json") ||
    argv.includes("--output-format=json") ||
    argv.join(" ").includes("--output-format json");
  try {
    program.parse(argv, { from: "user" });
    const o = options ?? {};
    if (o.continue === true && o.resume !== undefined)
      throw new CodeagentError("USAGE", "use --continue or --resume, not both");
    if (o.print !== undefined) {
      if (typeof o.print === "string" && positional !== undefined)
        throw new CodeagentError(
          "USAGE",
          `-p got two prompts ("${o.print}" and "${positional}"); quote the prompt as one argument`,
        );
      const { runHeadless } = await import("./headless.js");
      return await runHeadless({ ...o, print: typeof o.print === "string" ? o.print : positional });
    }
    if (o.outputFormat !== undefined)
      throw new CodeagentError("USAGE", "--output-format applies to -p (headless) runs only");
    return await runInteractive(o, positional);
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
async function runInteractive(o: AgentCliOptions, prompt: string | undefined): Promise<number> {
  const ui = await import("../interactive/index.js");
  return ui.runInteractive(o, prompt);
}
