// What Tab completes at the start of the prompt (§10): the commands, the skills that can run, and the servers'
// prompts as slash commands.
import { useMemo } from "react";
import type { ServerSnapshot } from "../../core/mcp/servers/state.js";
import type { SessionHost } from "./host.js";

const BASE_COMPLETIONS = [
  "/context",
  "/compact",
  "/init",
  "/mcp",
  "/mcp logs ",
  "/mcp refresh",
  "/mcp enable ",
  "/mcp disable ",
  "/tools",
  "/rewind",
  "/diff",
  "/model ",
  "/help",
  "/clear",
  "/exit",
];

export function useCompletions(host: SessionHost, servers: readonly ServerSnapshot[]): string[] {
  return useMemo(
    () => [
      ...BASE_COMPLETIONS,
      "/skills",
      ...(host.skills?.rows() ?? [])
        .filter((r) => r.status === "ok" || r.status === "needs-approval")
        .map((r) => `/${r.name} `),
      // Prompt names come from servers: one with spaces or control characters could not be typed anyway.
      ...servers.flatMap((s) =>
        s.lists.prompts.filter((p) => /^[\w.-]+$/.test(p.name)).map((p) => `/mcp__${s.name}__${p.name} `),
      ),
    ],
    [servers, host.skills],
  );
}
