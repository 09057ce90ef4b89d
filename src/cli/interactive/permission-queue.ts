// The interactive PermissionPrompter: the gate's questions wait here until the UI answers them. It exists
// before the UI mounts (the host is built with it), and a cancelled turn denies whatever is still asked.
import { EventEmitter } from "node:events";
import type { PermissionRequest } from "../../core/permissions/evaluate.js";
import type { PermissionAnswer, PermissionPrompter, PromptDetail } from "../../core/permissions/gate.js";
import type { ApprovalPreview } from "../../core/permissions/preview.js";

export interface PendingPermission {
  id: number;
  req: PermissionRequest;
  argsPreview: string;
  /** What will run, whole (§8.5). */
  preview: ApprovalPreview;
  /** The rules "always" would store (a command's prefixes); absent: the tool's name. */
  always?: string[];
}

interface Waiting extends PendingPermission {
  resolve: (a: PermissionAnswer) => void;
}

export class PermissionQueue extends EventEmitter<{ changed: [] }> implements PermissionPrompter {
  private readonly waiting: Waiting[] = [];
  private nextId = 1;

  ask(req: PermissionRequest, detail: PromptDetail): Promise<PermissionAnswer> {
    return new Promise((resolve) => {
      this.waiting.push({
        id: this.nextId++,
        req,
        argsPreview: detail.argsPreview,
        preview: detail.preview,
        ...(detail.always !== undefined && { always: detail.always }),
        resolve,
      });
      this.emit("changed");
    });
  }

  /** The question on screen, if any. */
  current(): PendingPermission | undefined {
    const w = this.waiting[0];
    return w === undefined
      ? undefined
      : {
          id: w.id,
          req: w.req,
          argsPreview: w.argsPreview,
          preview: w.preview,
          ...(w.always !== undefined && { always: w.always }),
        };
  }

  /** Answers the question with this id (a stale id, e.g. after a cancel, is ignored). */
  answer(id: number, answer: PermissionAnswer): void {
    const i = this.waiting.findIndex((w) => w.id === id);
    if (i === -1) return;
    const [w] = this.waiting.splice(i, 1);
    w?.resolve(answer);
    this.emit("changed");
  }

  /** Denies every open question (the turn that asked was cancelled, or the session ends). */
  denyAll(): void {
    if (this.waiting.length === 0) return;
    for (const w of this.waiting.splice(0)) w.resolve("deny");
    this.emit("changed");
  }
}
