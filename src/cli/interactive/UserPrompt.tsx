// The model asks the person: an ask_user question (choices by number, or a typed answer) or an
// exit_plan_mode plan to approve (approve, keep planning, or keep planning with feedback). Esc dismisses.
import { Box, Text, useInput } from "ink";
import { useState } from "react";
import { stripControl } from "../../core/text/strip.js";
import { Choice, type ChoiceOption } from "./Choice.js";
import { Input } from "./Input.js";
import { Markdown } from "./Markdown.js";
import type { PendingQuestion, QuestionAnswer } from "./user-queue.js";

export interface UserPromptProps {
  pending: PendingQuestion;
  onAnswer: (a: QuestionAnswer) => void;
}

const TYPE = Symbol("type an answer");
const DISMISS = Symbol("dismiss");

export function UserPrompt({ pending, onAnswer }: UserPromptProps) {
  const [typing, setTyping] = useState(pending.kind === "ask" && pending.options.length === 0);
  useInput(
    (_input, key) => {
      if (key.escape)
        onAnswer(
          pending.kind === "ask" ? { kind: "ask", answer: undefined } : { kind: "plan", approved: false },
        );
    },
    { isActive: typing },
  );
  if (pending.kind === "plan") {
    const options: ChoiceOption<"yes" | "no" | "feedback">[] = [
      { key: "y", label: "Yes, approve the plan and leave plan mode", value: "yes" },
      { key: "f", label: "No, and tell the model what to change", value: "feedback" },
      { key: "n", label: "No, keep planning (Esc)", value: "no" },
    ];
    return (
      <Box flexDirection="column" borderStyle="round" borderColor="cyan" paddingX={1} marginTop={1}>
        <Text bold color="cyan">
          Plan for approval
        </Text>
        <Box marginY={1}>
          <Markdown text={stripControl(pending.plan)} />
        </Box>
        {typing ? (
          <Box flexDirection="column">
            <Text dimColor>What should change? (Enter sends, Esc cancels)</Text>
            <Input
              history={[]}
              onSubmit={(line) => onAnswer({ kind: "plan", approved: false, feedback: line })}
            />
          </Box>
        ) : (
          <Choice
            key={pending.id}
            options={options}
            escape="no"
            onChoose={(v) =>
              v === "feedback" ? setTyping(true) : onAnswer({ kind: "plan", approved: v === "yes" })
            }
          />
        )}
      </Box>
    );
  }
  const options: ChoiceOption<string | typeof TYPE | typeof DISMISS>[] = [
    ...pending.options.map((o, i) => ({ key: String(i + 1), label: stripControl(o), value: o })),
    { key: "t", label: "Type another answer", value: TYPE },
    { key: "d", label: "Dismiss (Esc)", value: DISMISS },
  ];
  return (
    <Box flexDirection="column" borderStyle="round" borderColor="cyan" paddingX={1} marginTop={1}>
      <Text>
        <Text bold color="cyan">
          Question
        </Text>
        {`  ${stripControl(pending.question)}`}
      </Text>
      <Box marginTop={1} flexDirection="column">
        {typing ? (
          <>
            <Text dimColor>Type your answer (Enter sends, Esc dismisses)</Text>
            <Input history={[]} onSubmit={(line) => onAnswer({ kind: "ask", answer: line })} />
          </>
        ) : (
          <Choice
            key={pending.id}
            options={options}
            escape={DISMISS}
            onChoose={(v) =>
              v === TYPE ? setTyping(true) : onAnswer({ kind: "ask", answer: v === DISMISS ? undefined : v })
            }
          />
        )}
      </Box>
    </Box>
  );
}
