// `-p --output-format stream-json`: one JSON event a line on stdout, in Claude Code's stream-json names and
// shapes (every event carries `session_id`) —
// a `system`/`init` event, an `assistant` message per model step (text and `tool_use` blocks), a `user`
// message per tool result (`tool_result` blocks), and a final `result` with usage. With
// `--include-partial-messages`, text deltas also arrive as `stream_event`s while the model writes.
import type { AgentEvent, Usage } from "../../core/agent/loop.js";
import { tokenKinds } from "../../core/cost/cost.js";
import { safeJson } from "../output.js";

type Block = { type: "text"; text: string } | { type: "tool_use"; id: string; name: string; input: unknown };

export interface StreamJsonOptions {
  sessionId: string;
  partial: boolean;
  write: (line: string) => void;
}

export class StreamJsonPrinter {
  private blocks: Block[] = [];

  constructor(private readonly o: StreamJsonOptions) {}

  /** Claude Code's init event: `session_id`, `cwd`, `model`, `tools`, `mcp_servers`, `permissionMode`. */
  init(info: {
    cwd: string;
    model: string | null;
    tools: string[];
    mcp_servers: { name: string; status: string }[];
    permissionMode: string;
    resumed: boolean;
  }) {
    this.emit({ type: "system", subtype: "init", ...info });
  }

  event(e: AgentEvent): void {
    if ((e.type === "tool-call" || e.type === "tool-result") && e.parentId !== undefined) {
      this.inner(e, e.parentId);
      return;
    }
    switch (e.type) {
      case "text-delta": {
        const last = this.blocks.at(-1);
        if (last?.type === "text") last.text += e.text;
        else this.blocks.push({ type: "text", text: e.text });
        if (this.o.partial) this.emit({ type: "stream_event", event: { type: "text_delta", text: e.text } });
        return;
      }
      case "tool-call":
        this.blocks.push({ type: "tool_use", id: e.id, name: e.name, input: e.args });
        return;
      case "step-finish":
        this.flush(e.usage);
        return;
      case "tool-result":
        this.flush();
        this.emit({
          type: "user",
          message: { role: "user", content: [toolResultBlock(e)] },
          parent_tool_use_id: null,
        });
        return;
      case "compaction":
        this.emit({
          type: "system",
          subtype: "compaction",
          auto: e.auto,
          summarized: e.summarized,
          kept: e.kept,
          tokens_before: e.tokensBefore,
          tokens_after: e.tokensAfter,
        });
        return;
      case "warning":
        this.emit({ type: "system", subtype: "warning", message: e.message });
        return;
      case "finish":
        this.flush();
        return;
      default:
        return;
    }
  }

  /** The result document of `--output-format json` (result-document.ts), as the last event. */
  result(doc: Record<string, unknown>): void {
    this.emit(doc);
  }

  /**
   * A call an execute_code script made (§20.2), as it happens: a `tool_use` and later its `tool_result`, each
   * in a message of its own marked with `parent_tool_use_id` (the execute_code call), as Claude Code marks
   * a sub-agent's messages.
   */
  private inner(e: Extract<AgentEvent, { type: "tool-call" | "tool-result" }>, parent: string): void {
    if (e.type === "tool-call") {
      this.emit({
        type: "assistant",
        parent_tool_use_id: parent,
        message: {
          role: "assistant",
          content: [{ type: "tool_use", id: e.id, name: e.name, input: e.args }],
        },
      });
      return;
    }
    this.emit({
      type: "user",
      parent_tool_use_id: parent,
      message: { role: "user", content: [toolResultBlock(e)] },
    });
  }

  /** The step's assistant message (also what was streamed before an error or a cancel). */
  private flush(usage?: Usage): void {
    if (this.blocks.length === 0) return;
    this.emit({
      type: "assistant",
      message: {
        type: "message",
        role: "assistant",
        content: this.blocks,
        ...(usage !== undefined && { usage: wireUsage(usage) }),
      },
      parent_tool_use_id: null,
    });
    this.blocks = [];
  }

  private emit(event: Record<string, unknown>): void {
    // Escaped as `--output-format json` is: model and server text must not drive the reader's terminal.
    this.o.write(`${safeJson({ ...event, session_id: this.o.sessionId })}\n`);
  }
}

/** A tool result as Claude Code's stream-json writes it, for the turn's own calls and a script's inner calls. */
function toolResultBlock(e: Extract<AgentEvent, { type: "tool-result" }>): Record<string, unknown> {
  return {
    type: "tool_result",
    tool_use_id: e.id,
    content: e.result.text,
    is_error: e.result.isError,
    ...(e.denied && { denied: true }),
  };
}

/** A step's usage in the Messages API's names (input_tokens without the cached part, as Anthropic counts). */
function wireUsage(u: Usage) {
  const k = tokenKinds(u);
  return {
    input_tokens: k.input,
    output_tokens: k.output,
    cache_read_input_tokens: k.cacheRead,
    cache_creation_input_tokens: k.cacheWrite,
  };
}
