// `codeagent` with no subcommand: the interactive session, imported lazily by the CLI entry. Builds the
// host (servers start in the background), renders the UI, and on exit unmounts and shuts the host down,
// which ends every MCP server's process tree.
import { expandSlash } from "../slash-skill.js";
import { BUILTIN_NAMES } from "./commands.js";
import { openBrowser } from "../../core/host/elicitation.js";
import { loadHooks } from "../../core/hooks/load.js";
import { hookTable } from "../commands/hooks.js";
import { paths } from "../../core/paths.js";
import { InputHistory } from "../../core/session/input-history.js";
import { countMessages } from "../../core/session/store.js";
import { createAgentHost, type AgentHostOptions } from "../agent-host.js";
import { rewindView } from "./rewind-host.js";
import { readGitStatus } from "../../core/git/status.js";
import { openSession, sessionStore, type SessionFlags } from "../session-setup.js";
import type { SessionHost } from "./host.js";
import { ElicitQueue } from "./elicit-queue.js";
import { PermissionQueue } from "./permission-queue.js";
import { UserQueue } from "./user-queue.js";
import { sandboxLine } from "./sandbox-line.js";

// Clears the screen and the scrollback, then homes the cursor (for /clear).
const CLEAR_SCREEN = "\x1b[2J\x1b[3J\x1b[H";
const SIGNALS = ["SIGINT", "SIGTERM", "SIGHUP"] as const;
// Bracketed paste: the terminal marks a paste, so its newlines never send it (Input.tsx).
const BRACKETED_PASTE_ON = "\x1b[?2004h";
const BRACKETED_PASTE_OFF = "\x1b[?2004l";

export async function runInteractive(
  opts: AgentHostOptions & SessionFlags,
  initialPrompt?: string,
): Promise<number> {
  if (process.stdin.isTTY !== true || process.stdout.isTTY !== true) {
    process.stderr.write(
      'codeagent: the interactive session needs a terminal; for one headless turn use: codeagent -p "PROMPT"\n',
    );
    return 2;
  }
  const permissions = new PermissionQueue();
  const questions = new UserQueue();
  const elicitations = new ElicitQueue((url) => openBrowser(url, { env: process.env }));
  const ui = Promise.all([import("ink"), import("react"), import("./App.js")]);
  ui.catch(() => undefined); // observed below; this only keeps an early failure from going unhandled
  const host = await createAgentHost(opts, {
    interactive: true,
    prompter: permissions,
    user: questions,
    elicitation: elicitations,
  });
  try {
    // ink (with its layout engine) takes a while to load; the servers are already spawning meanwhile.
    const [{ render }, { createElement }, { App }] = await ui;
    const store = sessionStore(host.ctx.env);
    const flags: SessionFlags = { ...opts };
    if (opts.resume === true) {
      // `--resume` without an id: pick one of this project's sessions (Esc: a new session).
      const rows = store
        .list({ cwd: host.ctx.cwd })
        .slice(0, 200)
        .map((r) => ({ id: r.id, title: r.title, updated: r.updated, messages: countMessages(r.file) }));
      const { SessionPicker } = await import("./SessionPicker.js");
      let onPick!: (id: string | null | undefined) => void;
      const choice = new Promise<string | null | undefined>((r) => (onPick = r));
      const picker = render(createElement(SessionPicker, { rows, onPick, onQuit: () => onPick(null) }), {
        exitOnCtrlC: false,
      });
      const picked = await choice;
      // The list gives way to the session (or, with Ctrl-C, to the shell prompt).
      picker.clear();
      picker.unmount();
      await picker.waitUntilExit().catch(() => undefined);
      if (picked === null) return 0;
      if (picked === undefined) delete flags.resume;
      else flags.resume = picked;
    }
    const opened = openSession({
      store,
      cwd: host.ctx.cwd,
      ...(host.model !== undefined && { model: host.model }),
      flags,
    });
    let writer = opened.writer;
    if (opened.resumed !== undefined) host.agent?.load(opened.resumed.messages);
    host.agent?.setLog(writer);
    // Hooks' notes before the screen is up join the first notices (a turn shows its own as warnings).
    const hookNotes: string[] = [];
    host.hooks.onNotice = (m) => hookNotes.push(`hooks: ${m}`);
    host.hooks.setSession(writer.id, writer.file);
    await host.hooks.sessionStart(opened.resumed !== undefined ? "resume" : "startup");
    const history = new InputHistory(paths.inputHistory(host.ctx.env), host.ctx.cwd);
    host.skills.reserve(BUILTIN_NAMES);
    const session: SessionHost = {
      cwd: host.ctx.cwd,
      ...(initialPrompt !== undefined && { initialPrompt }),
      ...(opened.resumed !== undefined && {
        resumed: {
          id: opened.resumed.meta.id,
          title: opened.resumed.meta.title,
          log: opened.resumed.log,
          compactions: opened.resumed.compactions,
        },
      }),
      inputHistory: history,
      newSession: () => {
        writer = store.create({ cwd: host.ctx.cwd, ...(host.model !== undefined && { model: host.model }) });
        host.agent?.setLog(writer);
        // /clear ends one session and starts the next, for the hooks as for the log.
        void host.hooks
          .run("SessionEnd", { reason: "clear" })
          .then(() => {
            host.hooks.setSession(writer.id, writer.file);
            return host.hooks.sessionStart("clear");
          })
          .catch(() => undefined);
      },
      gitStatus: () => readGitStatus(host.ctx.cwd, { env: host.ctx.env }),
      rewind: rewindView(
        store,
        () => writer,
        () => host.agent,
      ),
      manager: host.manager,
      registry: host.registry,
      prices: host.prices,
      // Getters: /model replaces the agent and the model id.
      get agent() {
        return host.agent;
      },
      get modelProblem() {
        return host.modelProblem;
      },
      get model() {
        return host.model;
      },
      approve: (name, raw) => host.ctx.approvals.approve(host.ctx.cwd, name, raw),
      switchModel: (spec) => host.switchModel(spec),
      modelChoices: () => host.modelChoices(),
      runShell: (command, signal) => host.runShell(command, signal),
      hooks: { table: () => hookTable(loadHooks({ cwd: host.ctx.cwd, env: host.ctx.env })) },
      pins: {
        changes: (server) => host.pins.changes(server),
        details: (server) => host.pins.details(server),
        on: (e, l) => host.pins.on(e, l),
        off: (e, l) => host.pins.off(e, l),
        accept: (server, tools) => host.acceptTools(server, tools),
      },
      subagents: () => host.subagents,
      sandboxOf: sandboxLine(host.ctx),
      skills: {
        rows: () => (host.skills.refresh(), host.skills.rows()),
        expand: (line, signal) => expandSlash(host, line, signal !== undefined ? { signal } : {}),
      },
      permissionMode: {
        get: () => host.gate.mode,
        set: (m) => host.gate.setMode(m),
        subscribe: (l) => host.gate.onModeChange(l),
      },
    };
    let resolveEnd!: () => void;
    const end = new Promise<void>((r) => (resolveEnd = r));
    const instance = render(
      createElement(App, {
        host: session,
        permissions,
        questions,
        elicitations,
        notices: [...host.warnings, ...opened.notices, ...hookNotes],
        onExit: () => resolveEnd(),
        clearScreen: () => {
          instance.clear();
          process.stdout.write(CLEAR_SCREEN);
        },
      }),
      // kitty keyboard protocol where the terminal has it: Shift+Enter is then told apart from Enter.
      { exitOnCtrlC: false, kittyKeyboard: { mode: "auto" } },
    );
    process.stdout.write(BRACKETED_PASTE_ON);
    // Taken now: ink settles this promise during unmount, and one asked for afterwards would never settle.
    const unmounted = instance.waitUntilExit().catch(() => undefined);
    // Signals from outside (the terminal closed, kill) end the session the same way as /exit.
    const onSignal = () => resolveEnd();
    for (const sig of SIGNALS) process.on(sig, onSignal);
    try {
      await end;
    } finally {
      for (const sig of SIGNALS) process.off(sig, onSignal);
    }
    permissions.denyAll();
    questions.dismissAll();
    elicitations.cancelAll();
    process.stdout.write(BRACKETED_PASTE_OFF);
    instance.unmount();
    await unmounted;
    await host.hooks.run("SessionEnd", { reason: "prompt_input_exit" });
  } finally {
    // Always, even if the UI failed to load or render: no server process may outlive the session.
    await host.shutdown();
  }
  return 0;
}
