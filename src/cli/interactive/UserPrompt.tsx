// The model asks the person: an ask_user question (choices by number, or a typed answer) or an
// exit_plan_mode plan to approve (approve, keep planning, or keep planning with feedback). Esc dismisses.
// A question or plan taller than the screen scrolls with PgUp/PgDn; the choices stay in view below it.
import { Box, Text, useInput, useStdout } from "ink";
import { useState } from "react";
import { stripControl } from "../../core/text/strip.js";
import { Choice, type ChoiceOption } from "./Choice.js";
import { Input } from "./Input.js";
import { Markdown } from "./Markdown.js";
import { ScrollView } from "./ScrollView.js";
import { useColumns } from "./use-columns.js";
import type { PendingQuestion, QuestionAnswer } from "./user-queue.js";

export interface UserPromptProps {
  pending: PendingQuestion;
  onAnswer: (a: QuestionAnswer) => void;
  /** The width to lay out for (default: the terminal's). */
  columns?: number;
  /** The terminal's height (default: the terminal's, else 24). */
  rows?: number;
}

/** Rows around the scrolled text: borders, title, margins, the scroll line, and the prompt's line below. */
const CHROME_ROWS = 9;
/** "❯ 1  " before an option's label. */
const OPTION_INDENT = 5;

const TYPE = Symbol("type an answer");
const DISMISS = Symbol("dismiss");

export function UserPrompt({ pending, onAnswer, columns, rows }: UserPromptProps) {
  const termColumns = useColumns();
  const { stdout } = useStdout();
  const width = Math.max(20, (columns ?? termColumns) - 4); // round border and one space of padding each side
  const screen = rows ?? (stdout.rows || 24);
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
          <ScrollView height={Math.max(5, screen - CHROME_ROWS - 1 - options.length)} isActive={!typing}>
            <Markdown text={stripControl(pending.plan)} />
          </ScrollView>
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
  // Choices keep one row each so they always fit; one cut short is also shown whole, with the question.
  const cut = options.some((o) => o.label.length > width - OPTION_INDENT || o.label.includes("\n"));
  return (
    <Box flexDirection="column" borderStyle="round" borderColor="cyan" paddingX={1} marginTop={1}>
      <ScrollView height={Math.max(3, screen - CHROME_ROWS - options.length)} isActive={!typing}>
        <Text>
          <Text bold color="cyan">
            Question
          </Text>
          {`  ${stripControl(pending.question)}`}
        </Text>
        {cut && (
          <Box marginTop={1} flexDirection="column">
            {options.slice(0, pending.options.length).map((o) => (
              <Box key={o.key}>
                <Text bold>{o.key}</Text>
                <Box marginLeft={2} width={Math.max(10, width - o.key.length - 2)}>
                  <Text>{o.label}</Text>
                </Box>
              </Box>
            ))}
          </Box>
        )}
      </ScrollView>
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
            oneRow
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
