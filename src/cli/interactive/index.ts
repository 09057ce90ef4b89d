// `codeagent` with no subcommand: the interactive session, imported lazily by the CLI entry. Builds the
// host (servers start in the background), renders the UI, and on exit unmounts and shuts the host down,
// which ends every MCP server's process tree.
import { createAgentHost, type AgentHostOptions } from "../agent-setup.js";
import type { SessionHost } from "./host.js";
import { PermissionQueue } from "./permission-queue.js";
import { UserQueue } from "./user-queue.js";

// Clears the screen and the scrollback, then homes the cursor (for /clear).
const CLEAR_SCREEN = "\x1b[2J\x1b[3J\x1b[H";
const SIGNALS = ["SIGINT", "SIGTERM", "SIGHUP"] as const;
// Bracketed paste: the terminal marks a paste, so its newlines never send it (Input.tsx).
const BRACKETED_PASTE_ON = "\x1b[?2004h";
const BRACKETED_PASTE_OFF = "\x1b[?2004l";

export async function runInteractive(opts: AgentHostOptions): Promise<number> {
  if (process.stdin.isTTY !== true || process.stdout.isTTY !== true) {
    process.stderr.write(
      'codeagent: the interactive session needs a terminal; for one headless turn use: codeagent -p "PROMPT"\n',
    );
    return 2;
  }
  const permissions = new PermissionQueue();
  const questions = new UserQueue();
  const ui = Promise.all([import("ink"), import("react"), import("./App.js")]);
  ui.catch(() => undefined); // observed below; this only keeps an early failure from going unhandled
  const host = await createAgentHost(opts, { interactive: true, prompter: permissions, user: questions });
  try {
    // ink (with its layout engine) takes a while to load; the servers are already spawning meanwhile.
    const [{ render }, { createElement }, { App }] = await ui;
    const session: SessionHost = {
      manager: host.manager,
      registry: host.registry,
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
      cwd: host.ctx.cwd,
      switchModel: (spec) => host.switchModel(spec),
      modelChoices: () => host.modelChoices(),
      runShell: (command, signal) => host.runShell(command, signal),
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
        notices: host.warnings,
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
    process.stdout.write(BRACKETED_PASTE_OFF);
    instance.unmount();
    await unmounted;
  } finally {
    // Always, even if the UI failed to load or render: no server process may outlive the session.
    await host.shutdown();
  }
  return 0;
}
