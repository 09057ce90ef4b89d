// A turn's user message (§10, §23): the UserPromptSubmit hooks (which may block the prompt, stop the turn or
// add context), `@server:uri` mentions attached as resources, and the images the prompt names attached as
// content. Failures to attach are warnings; the message still goes.
import { errorMessage } from "../errors.js";
import type { AgentOptions } from "./agent-options.js";
import { attachMentions } from "./attach-mentions.js";
import { attachImages, type AttachedImages } from "./images/attach-images.js";
import type { AgentEvent } from "./events.js";
import { aborted } from "./signal.js";

export type TurnInput = { blocked: string } | { content: AttachedImages["content"] };

export async function prepareTurnInput(
  input: string,
  opts: AgentOptions,
  signal: AbortSignal | undefined,
  onEvent: (e: AgentEvent) => void,
): Promise<TurnInput> {
  const submitted = await opts.hooks?.userPromptSubmit(input, signal);
  if (submitted?.block !== undefined)
    return { blocked: `the prompt was blocked by a UserPromptSubmit hook: ${submitted.block}` };
  const hookStop = opts.hooks?.takeStop();
  if (hookStop !== undefined) return { blocked: `a UserPromptSubmit hook stopped the turn: ${hookStop}` };
  const expanded = withHookContext(await expandMentions(input, opts, signal, onEvent), submitted?.context);
  const images = await attachImages(input, expanded, {
    cwd: opts.cwd,
    supportsMedia: opts.supportsMedia ?? false,
    ...(signal !== undefined && { signal }),
  });
  for (const w of images.warnings) onEvent({ type: "warning", message: `image: ${w}` });
  return { content: images.content };
}

/** `@server:uri` mentions → attached resources; a failed read is a warning and the message still goes. */
async function expandMentions(
  input: string,
  opts: AgentOptions,
  signal: AbortSignal | undefined,
  onEvent: (e: AgentEvent) => void,
): Promise<string> {
  const read = opts.readResource;
  if (read === undefined) return input;
  try {
    const known = opts.knownServers?.();
    const r = await attachMentions(input, (s, u, o) => read(s, u, o), {
      ...(known !== undefined && { knownServers: known }),
      ...(signal !== undefined && { signal }),
    });
    for (const w of r.warnings) onEvent({ type: "warning", message: `mention not attached: ${w}` });
    return r.message;
  } catch (e) {
    if (!aborted(signal)) onEvent({ type: "warning", message: `mentions not attached: ${errorMessage(e)}` });
    return input;
  }
}

/** What UserPromptSubmit and SessionStart hooks said goes with the prompt, labelled as theirs. */
function withHookContext(message: string, context: readonly string[] | undefined): string {
  if (context === undefined || context.length === 0) return message;
  return `${message}\n\n<hook-context>\n${context.join("\n\n")}\n</hook-context>`;
}
