// What the permission prompt shows (§8.5): a bash command whole, a file write or edit as the text before and
// after, or any other tool's arguments in full. Tools describe their own calls (ToolEntry.preview); the gate
// falls back to the arguments. Pure data: the UI decides how to wrap, colour and scroll it.
import { stripControl } from "../text/strip.js";

export type ApprovalPreview =
  | { kind: "command"; command: string; note?: string }
  | {
      kind: "diff";
      path: string;
      before: string;
      after: string;
      /** The file does not exist yet. */
      created: boolean;
      /** Why the change cannot be applied as sent (then before/after are the edit's own strings). */
      problem?: string;
    }
  | { kind: "args"; text: string };

/** The arguments as indented JSON, control characters stripped (newlines kept), never cut. */
export function argsText(args: unknown): string {
  let json: string | undefined;
  try {
    json = JSON.stringify(args, null, 2);
  } catch {
    json = undefined;
  }
  return stripControl(json ?? String(args));
}

/** A preview's text cleaned for a terminal: what a server or model wrote must not drive the screen. */
export function cleanPreview(p: ApprovalPreview): ApprovalPreview {
  switch (p.kind) {
    case "command":
      return {
        ...p,
        command: stripControl(p.command),
        ...(p.note !== undefined && { note: stripControl(p.note) }),
      };
    case "diff":
      return {
        ...p,
        path: stripControl(p.path),
        before: stripControl(p.before),
        after: stripControl(p.after),
        ...(p.problem !== undefined && { problem: stripControl(p.problem) }),
      };
    case "args":
      return { kind: "args", text: stripControl(p.text) };
  }
}
