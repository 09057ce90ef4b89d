// What the host hands the built-in tools to reach the person and the session's state: the question channel,
// plan mode and the task list. Kept apart from the tools so that their shared options (common.ts) can name
// them without importing the tools that use them.

export interface UserQuestion {
  question: string;
  options?: string[];
}

/** What the interactive host provides. */
export interface UserChannel {
  /** The person's answer, or undefined when they dismissed the question. */
  ask(q: UserQuestion, signal?: AbortSignal): Promise<string | undefined>;
  approvePlan(plan: string, signal?: AbortSignal): Promise<{ approved: boolean; feedback?: string }>;
}

/** Plan mode as the tools see it (the permission gate holds it). */
export interface PlanControl {
  active(): boolean;
  exit(): void;
}

export const TODO_STATUSES = ["pending", "in_progress", "completed"] as const;
export type TodoStatus = (typeof TODO_STATUSES)[number];

export interface Todo {
  content: string;
  status: TodoStatus;
}

/** The latest list, for hosts that show it outside the transcript. */
export class TodoList {
  private items: Todo[] = [];
  get todos(): readonly Todo[] {
    return this.items;
  }
  set(todos: Todo[]): void {
    this.items = todos;
  }
}
