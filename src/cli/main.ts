// Command-line entry: parses arguments with commander and loads each subcommand's module only when it runs, so
// simple commands stay fast; options are registered lazily too (lazy-command.ts; tests pass an eager `root`).
import { CommanderError, Option, type Command } from "commander";
import { VERSION } from "../core/version.js";
import type { GlobalOptions } from "./context.js";
import { errorDocument, printJson, reportError } from "./output.js";
// ── agent entry (SPEC §10): `codeagent` / `codeagent -p PROMPT` have their own parser ──
import { AGENT_HELP, isAgentInvocation, runAgentCommand } from "./commands/agent-command.js";
import { addOptionWithoutDashes } from "./add-dashes.js";
import { LazyCommand } from "./lazy-command.js";

const collect = (v: string, prev: string[] = []) => [...prev, v];

export function buildProgram(
  run: (p: Promise<number>) => void,
  errorText?: string,
  root: (name: string) => Command = (name) => new LazyCommand(name),
): Command {
  const program = root("codeagent")
    .description("A terminal coding agent with a robust MCP host")
    .version(VERSION, "-V, --version")
    .option("--mcp-config <file>", "extra MCP config file for this run (scope cli, repeatable)", collect)
    .option("--strict-mcp-config", "use only the --mcp-config files")
    .option("-D, --define <KEY=VALUE>", "define a variable for ${VAR} expansion (repeatable)", collect)
    .option("--startup-wait <ms>", "how long to wait for MCP servers to start (default 8000)")
    .option("--yes", "approve permission prompts")
    .option("--json", "print one JSON document on stdout")
    .option(
      "--add-dir <dir>",
      "another directory the built-in file tools may use without asking (repeatable)",
      collect,
    )
    .option("--no-sandbox", "run bash commands outside the OS sandbox for this run (they ask instead)")
    .showHelpAfterError()
    .addHelpText("after", AGENT_HELP) // agent entry (see agent-command.ts)
    .exitOverride()
    // Every subcommand's --help lists the global flags too (SPEC §2); subcommands inherit this setting.
    .configureHelp({ showGlobalOptions: true })
    .configureOutput({
      outputError: (str, write) => write(errorText !== undefined ? `${errorText}\n` : str),
    });

  const g = (cmd: Command) => cmd.optsWithGlobals<GlobalOptions>();
  const mcp = program.command("mcp").description("manage and use MCP servers");

  mcp
    .command("list")
    .description("start every configured server and print its status")
    .action((_o, cmd: Command) => run(import("./commands/mcp-list.js").then((m) => m.mcpList(g(cmd)))));
  mcp
    .command("get <name>")
    .description("one server in full: config, status, server info, tools")
    .action((name: string, _o, cmd: Command) =>
      run(import("./commands/mcp-get.js").then((m) => m.mcpGet(name, g(cmd)))),
    );
  mcp
    .command("logs <name>")
    .description("the server's recent log")
    .option("-n, --lines <n>", "how many lines (default 50)")
    .action((name: string, o: { lines?: string }, cmd: Command) =>
      run(import("./commands/mcp-logs.js").then((m) => m.mcpLogs(name, o, g(cmd)))),
    );
  mcp
    .command("add <name> [target...]")
    .description("add a server: NAME -- CMD [ARGS…] for stdio, or NAME URL for HTTP")
    .addOption(
      new Option("-s, --scope <scope>", "user, project or local (yours, this project only)").default("user"),
    )
    .option("-t, --transport <kind>", "stdio, http or sse")
    .option("-e, --env <K=V>", "environment variable for the server (repeatable)", collect)
    .option("-H, --header <K: V>", "HTTP header (repeatable)", collect)
    .option("--client-id <id>", "OAuth client id registered for this server")
    .option("--client-secret <secret>", "OAuth client secret (prefer ${VAR} in the file)")
    .option("--callback-port <port>", "fixed port for the OAuth redirect (http://localhost:PORT/callback)")
    .option("--force", "replace an existing server of that name")
    .action((name: string, target: string[], o, cmd: Command) =>
      run(import("./commands/mcp-edit.js").then((m) => m.mcpAdd(name, target, o, g(cmd)))),
    );
  mcp
    .command("add-json <name> <json>")
    .description("add a server from its JSON definition")
    .addOption(new Option("-s, --scope <scope>", "user, project or local").default("user"))
    .option("--force", "replace an existing server of that name")
    .action((name: string, json: string, o, cmd: Command) =>
      run(import("./commands/mcp-edit.js").then((m) => m.mcpAddJson(name, json, o, g(cmd)))),
    );
  mcp
    .command("remove <name>")
    .description("remove a server from the user or project config")
    .option("-s, --scope <scope>", "user, project or local (default: whichever has it)")
    .action((name: string, o: { scope?: string }, cmd: Command) =>
      run(import("./commands/mcp-edit.js").then((m) => m.mcpRemove(name, o, g(cmd)))),
    );
  mcp
    .command("approve [names...]")
    .description("approve this project's servers so they may run")
    .option("--all", "approve every server of this project")
    .option("--project-rules", "trust the permissions.allow rules of this project's .codeagent/settings.json")
    .option("--project-env", "let your own servers read this project's .env too (until the file changes)")
    .action(
      (names: string[], o: { all?: boolean; projectRules?: boolean; projectEnv?: boolean }, cmd: Command) =>
        run(import("./commands/mcp-approve.js").then((m) => m.mcpApprove(names, o, g(cmd)))),
    );
  mcp
    .command("revoke [names...]")
    .description("withdraw approval of this project's servers")
    .option("--all", "revoke every approval of this project")
    .action((names: string[], o: { all?: boolean }, cmd: Command) =>
      run(import("./commands/mcp-approve.js").then((m) => m.mcpRevoke(names, o, g(cmd)))),
    );
  mcp
    .command("accept <name> [tools...]")
    .description(
      "accept a server's changed tool definitions (all, or the TOOLs named), so they are offered again",
    )
    .action((name: string, tools: string[], _o, cmd: Command) =>
      run(import("./commands/mcp-accept.js").then((m) => m.mcpAccept(name, tools, g(cmd)))),
    );
  mcp
    .command("tools [name]")
    .description("registered MCP tools")
    .option("--schema", "include the sanitized input schema")
    .option("--raw", "include the server's original input schema")
    .action((name: string | undefined, o: { schema?: boolean; raw?: boolean }, cmd: Command) =>
      run(import("./commands/mcp-tools.js").then((m) => m.mcpTools(name, o, g(cmd)))),
    );
  mcp
    .command("search <query>")
    .description("rank every registered tool against a task description")
    .option("--limit <n>", "how many results (default 10)")
    .action((query: string, o: { limit?: string }, cmd: Command) =>
      run(import("./commands/mcp-search.js").then((m) => m.mcpSearch(query, o, g(cmd)))),
    );
  mcp
    .command("call <tool> [json]")
    .description("call a registered tool (mcp__server__tool) with JSON arguments")
    .option("--allow <pattern>", "allow tools matching this pattern without asking (repeatable)", collect)
    .option("--deny <pattern>", "refuse tools matching this pattern (repeatable)", collect)
    .action(
      (tool: string, json: string | undefined, o: { allow?: string[]; deny?: string[] }, cmd: Command) =>
        run(import("./commands/mcp-call.js").then((m) => m.mcpCall(tool, json, o, g(cmd)))),
    );
  mcp
    .command("resources [name]")
    .description("list resources and resource templates")
    .action((name: string | undefined, _o, cmd: Command) =>
      run(import("./commands/mcp-resources.js").then((m) => m.mcpResources(name, g(cmd)))),
    );
  mcp
    .command("read <name> <uri>")
    .description("read one resource")
    .action((name: string, uri: string, _o, cmd: Command) =>
      run(import("./commands/mcp-resources.js").then((m) => m.mcpRead(name, uri, g(cmd)))),
    );
  mcp
    .command("prompts [name]")
    .description("list prompts")
    .action((name: string | undefined, _o, cmd: Command) =>
      run(import("./commands/mcp-resources.js").then((m) => m.mcpPrompts(name, g(cmd)))),
    );
  mcp
    .command("prompt <name> <prompt>")
    .description("get one prompt, rendered")
    .option("-a, --arg <k=v>", "prompt argument (repeatable)", collect)
    .action((name: string, prompt: string, o: { arg?: string[] }, cmd: Command) =>
      run(import("./commands/mcp-resources.js").then((m) => m.mcpPrompt(name, prompt, o, g(cmd)))),
    );
  // ── the gateway (§22, issue 29) ──
  mcp
    .command("serve")
    .description("serve every configured server as one MCP server (stdio, or --http [HOST:]PORT)")
    .option("--http <[host:]port>", "serve Streamable HTTP on this address instead of stdio")
    .option("--profile <name>", "the gateway profile of a stdio or --no-auth caller (default: all)")
    .option(
      "--tools <front>",
      "tools (every tool as SERVER__TOOL), search (search_tools + call_tool) or code",
    )
    .option("--token-file <file>", "HTTP: bearer tokens, one 'TOKEN PROFILE' a line (mode 600)")
    .option(
      "--metrics-token-file <file>",
      "HTTP: the one token /metrics takes (mode 600; default: any caller's credential)",
    )
    .option("--jwks-url <url>", "HTTP: accept JWTs signed by these keys (OAuth resource-server mode)")
    .option("--issuer <iss>", "HTTP with --jwks-url: the required issuer")
    .option("--audience <aud>", "HTTP with --jwks-url: the required audience (this gateway's URL)")
    .option("--profile-claim <claim>", "HTTP with --jwks-url: the claim naming the profile (default profile)")
    .option("--public-url <url>", "HTTP with --jwks-url: this gateway's URL in its resource metadata")
    .option("--no-auth", "HTTP on a loopback address only: serve without authentication")
    .option(
      "--allow-host <host>",
      "HTTP: a Host name to answer (repeatable; default: loopback names on loopback)",
      collect,
    )
    .option("--allow-origin <origin>", "HTTP: a browser Origin to answer (repeatable)", collect)
    .option("--max-body <bytes>", "HTTP: the largest request body (default 4194304)")
    .option("--max-inflight <n>", "HTTP: requests in flight per caller (default 32)")
    .option(
      "--replica <name>",
      "HTTP: this replica's name, the prefix of its session ids (default: host name)",
    )
    .option("--grace <ms>", "on SIGTERM, how long calls in flight may take to finish (default 10000)")
    .option("--check", "validate the config, profiles and tokens, then exit")
    .action((o: Record<string, unknown>, cmd: Command) =>
      run(import("./commands/mcp-serve.js").then((m) => m.mcpServe(o, g(cmd)))),
    );
  // ── OAuth login/logout, import from other hosts, and the conformance client (issue 5) ──
  mcp
    .command("login <name>")
    .description("authorize codeagent with an OAuth-protected remote server")
    .option("--no-browser", "print the URL instead of opening a browser; paste the redirect URL to finish")
    .addOption(new Option("--headless", "follow the authorization redirect without a user agent").hideHelp())
    .action((name: string, o: { browser: boolean; headless?: boolean }, cmd: Command) =>
      run(import("./commands/mcp-auth.js").then((m) => m.mcpLogin(name, o, g(cmd)))),
    );
  mcp
    .command("logout <name>")
    .description("forget the OAuth tokens and client registration of a server")
    .action((name: string, _o, cmd: Command) =>
      run(import("./commands/mcp-auth.js").then((m) => m.mcpLogout(name, g(cmd)))),
    );
  mcp
    .command("import <file>")
    .description(
      "copy servers from a Claude Desktop/Code, Cursor, VS Code, Windsurf, Gemini CLI or Codex config",
    )
    .addOption(new Option("-s, --scope <scope>", "user, project or local").default("user"))
    .option("--force", "replace servers that already exist")
    .action((file: string, o: { scope: string; force?: boolean }, cmd: Command) =>
      run(import("./commands/mcp-import.js").then((m) => m.mcpImport(file, o, g(cmd)))),
    );
  // ── skills and custom commands (§21) ──
  const skills = program
    .command("skills")
    .description("skills and custom commands on disk and on MCP servers");
  skills
    .command("list")
    .description("every skill and command: origin, status (ok, invalid, shadowed, changed, needs-approval)")
    .action((_o, cmd: Command) => run(import("./commands/skills.js").then((m) => m.skillsList(g(cmd)))));
  skills
    .command("show <name>")
    .description("one skill or command in full: source, status, allowed-tools, body (or a server's files)")
    .action((name: string, _o, cmd: Command) =>
      run(import("./commands/skills.js").then((m) => m.skillsShow(name, g(cmd)))),
    );
  skills
    .command("approve [names...]")
    .description("let a project's skills or commands grant their allowed-tools (bound to the file's hash)")
    .option("--all", "every project skill and command that asks for allowed-tools")
    .action((names: string[], o: { all?: boolean }, cmd: Command) =>
      run(import("./commands/skills.js").then((m) => m.skillsApprove(names, o, g(cmd)))),
    );
  // ── hooks (§23) ──
  const hooks = program.command("hooks").description("commands run on agent events (Claude Code's hooks)");
  hooks
    .command("list")
    .description("every hook: event, matcher, command, source, and whether it runs")
    .action((_o, cmd: Command) => run(import("./commands/hooks.js").then((m) => m.hooksList(g(cmd)))));
  hooks
    .command("approve")
    .description("let this project's hooks run (bound to the block's hash: an edit asks again)")
    .action((_o, cmd: Command) => run(import("./commands/hooks.js").then((m) => m.hooksApprove(g(cmd)))));
  program
    .command("conformance-client <url>", { hidden: true })
    .description("the client driven by @modelcontextprotocol/conformance (npm run conformance)")
    .action((url: string) =>
      run(import("./commands/conformance-client.js").then((m) => m.conformanceClient(url))),
    );
  return program;
}

export async function main(argv: string[]): Promise<number> {
  // ── agent entry: no subcommand → the interactive session, or one headless turn with -p ──
  if (isAgentInvocation(argv)) return runAgentCommand(argv);
  const misplaced = addOptionWithoutDashes(argv);
  let pending: Promise<number> | undefined;
  const program = buildProgram((p) => {
    pending = p;
  }, misplaced);
  const json = argv.includes("--json");
  try {
    await program.parseAsync(argv, { from: "user" });
    if (pending === undefined) {
      program.outputHelp();
      return 0;
    }
    return await pending;
  } catch (e) {
    if (e instanceof CommanderError) {
      if (["commander.helpDisplayed", "commander.version", "commander.help"].includes(e.code)) return 0;
      if (json) await printJson(errorDocument("USAGE", misplaced ?? e.message.replace(/^error: /, "")));
      return 2;
    }
    return reportError(e, json);
  }
}
