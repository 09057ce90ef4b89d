// The one question the session puts to the person at a time (§10), in this order: a tool call's permission, a
// server's form, the model's question or plan, the /rewind list, a project server's approval.
import type { ComponentProps } from "react";
import { ApprovalPrompt } from "./ApprovalPrompt.js";
import type { ElicitQueue } from "./elicit-queue.js";
import { ElicitPrompt } from "./ElicitPrompt.js";
import type { PermissionQueue } from "./permission-queue.js";
import { PermissionPrompt } from "./PermissionPrompt.js";
import { RewindPicker } from "./RewindPicker.js";
import type { UserQueue } from "./user-queue.js";
import { UserPrompt } from "./UserPrompt.js";

export interface PromptsProps {
  permissions: PermissionQueue;
  pending: ComponentProps<typeof PermissionPrompt>["pending"] | undefined;
  elicitations: ElicitQueue | undefined;
  elicitation: ComponentProps<typeof ElicitPrompt>["pending"] | undefined;
  questions: UserQueue | undefined;
  question: ComponentProps<typeof UserPrompt>["pending"] | undefined;
  rewind: { points: ComponentProps<typeof RewindPicker>["points"] | undefined; done: RewindDone };
  approvals: {
    request: ComponentProps<typeof ApprovalPrompt>["request"] | undefined;
    answer: ComponentProps<typeof ApprovalPrompt>["onAnswer"];
  };
}

type RewindDone = ComponentProps<typeof RewindPicker>["onDone"];

export function Prompts(p: PromptsProps) {
  const { pending, elicitation, question, rewind, approvals } = p;
  if (pending !== undefined)
    return <PermissionPrompt pending={pending} onAnswer={(a) => p.permissions.answer(pending.id, a)} />;
  if (elicitation !== undefined)
    return (
      <ElicitPrompt
        key={elicitation.id}
        pending={elicitation}
        onAnswer={(r) => p.elicitations?.answer(elicitation.id, r)}
      />
    );
  if (question !== undefined)
    return (
      <UserPrompt
        key={question.id}
        pending={question}
        onAnswer={(a) => p.questions?.answer(question.id, a)}
      />
    );
  if (rewind.points !== undefined) return <RewindPicker points={rewind.points} onDone={rewind.done} />;
  if (approvals.request !== undefined)
    return <ApprovalPrompt request={approvals.request} onAnswer={approvals.answer} />;
  return null;
}
