// §18.5 in a session: where no sandbox can start, a server that would run in it starts unconfined only if
// the user says so — asked once per server through the session's permission prompt. Any answer but an
// approval (deny, a message, a failed prompt) keeps it stopped.
import type { PermissionPrompter } from "../permissions/gate.js";

export function askUnconfined(
  prompter: PermissionPrompter,
): (server: string, why: string) => Promise<boolean> {
  const answers = new Map<string, Promise<boolean>>();
  return (server, why) => {
    let answer = answers.get(server);
    if (answer === undefined) {
      const text = `Start MCP server "${server}" without the OS sandbox? ${why}`;
      answer = prompter
        .ask(
          { tool: `start ${server} unconfined`, server, readOnly: false },
          { argsPreview: text, preview: { kind: "args", text }, always: [] },
        )
        .then(
          (a) => typeof a === "string" && a !== "deny",
          () => false,
        );
      answers.set(server, answer);
    }
    return answer;
  };
}
