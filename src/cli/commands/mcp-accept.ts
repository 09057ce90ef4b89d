// `codeagent mcp accept NAME [TOOL…]`: accept a server's changed tool definitions (§16). Starts the server, so
// what is accepted is what it lists now (printed, with the diff), and pins those definitions.
import { CodeagentError } from "../../core/errors.js";
import { describeChange } from "../../core/pinning/describe.js";
import { acceptPendingNamed } from "../../core/pinning/accept-pending.js";
import { PinStore } from "../../core/pinning/store.js";
import { paths } from "../../core/paths.js";
import { createContext, reportConfigProblems, type CliContext, type GlobalOptions } from "../context.js";
import { EXIT, printJson, warn, writeOut } from "../output.js";
import { withServers } from "../session.js";
import { requireServer } from "./mcp-host.js";

export async function mcpAccept(name: string, tools: string[], g: GlobalOptions): Promise<number> {
  const ctx = createContext(g);
  reportConfigProblems(ctx.config, warn);
  // A server a program defined in code (§17) is not in any config: accept what its host kept in the pin file.
  if (!ctx.config.servers.some((s) => s.name === name)) return acceptFromPinFile(ctx, name, tools);
  requireServer(ctx, name);
  const out = await withServers(ctx, { only: [name] }, async (m, _signal, host) => {
    const s = m.snapshot(name);
    if (s.state.status !== "ready") {
      throw new CodeagentError(
        "SERVER_UNAVAILABLE",
        `server "${name}" is ${s.state.status}${s.error !== null ? `: ${s.error}` : ""}; its tools can be accepted once it runs (codeagent mcp get ${name})`,
      );
    }
    const details = new Map(host.toolPins.details(name).map((d) => [d.name, d]));
    // Skills of the server (§21.2) are accepted with its tools: all of them, or those named (name or uri).
    await host.catalog.mcp?.settled();
    const own = (host.catalog.mcp?.skills() ?? []).filter((k) => k.server === name);
    const isSkill = (t: string) => own.some((k) => k.name === t || k.uri === t);
    const toolNames = tools.filter((t) => !isSkill(t));
    const skillNames = tools.filter(isSkill);
    const none = { pins: {}, accepted: [], unknown: [] };
    const result = tools.length === 0 || toolNames.length > 0 ? host.acceptTools(name, toolNames) : none;
    const skills =
      host.catalog.mcp !== undefined && (tools.length === 0 || skillNames.length > 0)
        ? host.catalog.mcp.accept(name, skillNames)
        : none;
    const skillName = new Map(own.map((k) => [k.uri, k.name]));
    const acceptedSkills = skills.accepted.map((c) => ({ ...c, name: skillName.get(c.name) ?? c.name }));
    return { result, details, acceptedSkills };
  });
  const { result, details, acceptedSkills } = out;
  if (result.unknown.length > 0) {
    throw new CodeagentError(
      "UNKNOWN_TOOL",
      `server "${name}" has no tool ${result.unknown.map((t) => `"${t}"`).join(", ")} (see codeagent mcp get ${name})`,
    );
  }
  if (ctx.json) {
    await printJson({
      server: name,
      accepted: result.accepted,
      ...(acceptedSkills.length > 0 && { acceptedSkills }),
    });
    return EXIT.ok;
  }
  if (result.accepted.length === 0 && acceptedSkills.length === 0) {
    await writeOut(`Nothing to accept: every tool and skill of "${name}" matches its accepted definition.`);
    return EXIT.ok;
  }
  const lines = [`Accepted ${result.accepted.length} tool definition(s) of "${name}":`];
  if (acceptedSkills.length > 0) {
    lines.push(
      `Accepted ${acceptedSkills.length} skill(s) of "${name}", bound to their files as listed now:`,
    );
    for (const c of acceptedSkills) lines.push(`  ${c.name} (${c.change})`);
  }
  for (const c of result.accepted) {
    lines.push(`  ${c.name} (${c.change})`);
    const d = details.get(c.name);
    if (d !== undefined) lines.push(...describeChange(d).map((l) => `    ${l}`));
  }
  await writeOut(lines.join("\n"));
  return EXIT.ok;
}

async function acceptFromPinFile(ctx: CliContext, name: string, tools: string[]): Promise<number> {
  const store = new PinStore(paths.toolPins(ctx.env));
  const done = acceptPendingNamed(store, name, tools);
  if (done.length === 0) requireServer(ctx, name); // throws: no such server, and nothing of that name waits
  const unknown = [...new Set(done.flatMap((d) => d.unknown))].filter((t) =>
    done.every((d) => d.unknown.includes(t)),
  );
  if (unknown.length > 0)
    throw new CodeagentError(
      "UNKNOWN_TOOL",
      `server "${name}" has no changed tool ${unknown.map((t) => `"${t}"`).join(", ")} waiting in ${store.file}`,
    );
  const accepted = done.flatMap((d) => d.accepted);
  if (ctx.json) {
    await printJson({ server: name, accepted, from: store.file });
    return EXIT.ok;
  }
  const lines = [
    `Accepted ${accepted.length} tool definition(s) of "${name}" (a server defined in code; from ${store.file}):`,
    ...accepted.map((c) => `  ${c.name} (${c.change})`),
  ];
  await writeOut(lines.join("\n"));
  return EXIT.ok;
}
