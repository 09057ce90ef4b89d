// todo_write: the model's task list for the session. Each call replaces the whole list; the interactive UI
// draws the call as a checklist, and the text result restates the list so the model sees what it set.
import type { ToolEntry } from "../types.js";
import { ArgError, defineBuiltin, ok, type BuiltinOptions } from "./common.js";
import { TODO_STATUSES, type Todo, type TodoStatus } from "./host-channels.js";

export { TODO_STATUSES, TodoList, type Todo, type TodoStatus } from "./host-channels.js";

export function todoWriteTool(opts: BuiltinOptions): ToolEntry {
  return defineBuiltin(
    {
      name: "todo_write",
      description:
        "Keeps a task list for multi-step work, shown to the user as a checklist. Each call replaces the whole " +
        "list. Mark a task in_progress when starting it and completed as soon as it is done; keep one task " +
        "in_progress at a time. Skip it for single, trivial tasks.",
      schema: {
        type: "object",
        properties: {
          todos: {
            type: "array",
            description: "The whole list, in order",
            items: {
              type: "object",
              properties: {
                content: { type: "string", description: "What to do, in a few words" },
                status: { type: "string", enum: [...TODO_STATUSES] },
              },
              required: ["content", "status"],
            },
          },
        },
        required: ["todos"],
      },
      // It changes nothing outside the conversation.
      readOnly: true,
      async run(args) {
        const todos = parseTodos(args.raw("todos"));
        opts.todos?.set(todos);
        return ok(todos.length === 0 ? "The task list is now empty." : `Task list:\n${checklist(todos)}`);
      },
    },
    opts,
  );
}

/** Validates the model's list; a wrong entry is an ArgError naming it. */
export function parseTodos(sent: unknown): Todo[] {
  let raw = sent;
  if (typeof sent === "string") {
    try {
      raw = JSON.parse(sent);
    } catch {
      raw = undefined;
    }
  }
  if (!Array.isArray(raw))
    throw new ArgError('todo_write: "todos" is required: an array of {content, status}');
  return raw.map((t: unknown, i) => {
    const o = (typeof t === "object" && t !== null ? t : {}) as Record<string, unknown>;
    if (typeof o.content !== "string" || o.content.trim() === "") {
      throw new ArgError(`todo_write: todo ${i + 1} needs "content", a non-empty string`);
    }
    if (!TODO_STATUSES.includes(o.status as TodoStatus)) {
      throw new ArgError(
        `todo_write: todo ${i + 1} has status ${JSON.stringify(o.status)}; use ${TODO_STATUSES.join(", ")}`,
      );
    }
    return { content: o.content.trim(), status: o.status as TodoStatus };
  });
}

const BOX: Record<TodoStatus, string> = { pending: "[ ]", in_progress: "[~]", completed: "[x]" };

export function checklist(todos: readonly Todo[]): string {
  return todos.map((t) => `${BOX[t.status]} ${t.content}`).join("\n");
}
