// A prompts/get result as content blocks, in one place: the get_prompt tool (to the model), `mcp prompt`
// (to the terminal) and `/mcp__server__prompt` (as the user's message) all show messages and roles alike.
import { stripControlLine } from "../text/strip.js";
import { renderContent } from "./render-content.js";
import { DEFAULT_MAX_MEDIA_BYTES } from "./render-media.js";

interface PromptMessage {
  role: string;
  content: unknown[];
}

/** The result's messages, leniently: a message that is not an object is dropped, a missing role is "user". */
function promptMessages(result: unknown): PromptMessage[] {
  const raw = (result as { messages?: unknown } | null | undefined)?.messages;
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((m: unknown) => {
    if (m === null || typeof m !== "object") return [];
    const { role, content } = m as { role?: unknown; content?: unknown };
    const blocks = Array.isArray(content)
      ? content
      : content === undefined || content === null
        ? []
        : [content];
    return [{ role: typeof role === "string" ? stripControlLine(role) : "user", content: blocks }];
  });
}

/**
 * Each message's blocks after a `[role]` line, messages separated by a blank line. Every role is labelled
 * (a prompt may script both sides of a conversation), except `speaker`'s, when the text is sent as that
 * role's own message: there the role is already said.
 */
export function promptBlocks(result: unknown, opts: { speaker?: string } = {}): unknown[] {
  return promptMessages(result).flatMap((m, i) => {
    const sep = i > 0 ? "\n" : "";
    if (m.role === opts.speaker) return [...(sep === "" ? [] : [{ type: "text", text: "" }]), ...m.content];
    return [{ type: "text", text: `${sep}[${m.role}]` }, ...m.content];
  });
}

/** The whole prompt as the user's message: plain text (media as placeholders), the user's role unlabelled. */
export function promptText(result: unknown): string {
  return renderContent(promptBlocks(result, { speaker: "user" }), {
    supportsMedia: false,
    maxMediaBytes: DEFAULT_MAX_MEDIA_BYTES,
  }).text;
}
