// The last resort when a request is still longer than the context window after compaction: the largest tool
// results are cut (their start and end kept) until the conversation is `needChars` shorter, each with a note
// that tells the model what happened and how to get the rest. Pure.
import type { ModelMessage, ToolModelMessage } from "ai";

/** No result is cut below this; the model still sees what kind of output it was. */
const FLOOR_CHARS = 2000;

export interface CutOutcome {
  messages: ModelMessage[];
  /** Tool results cut, and characters removed from them. */
  cut: number;
  removed: number;
}

interface Slot {
  message: number;
  part: number;
  /** Index of the text inside a `content` output; undefined for text / error-text outputs. */
  item?: number;
  length: number;
}

export function cutToolResults(messages: readonly ModelMessage[], needChars: number): CutOutcome {
  const slots: Slot[] = [];
  messages.forEach((m, mi) => {
    if (m.role !== "tool") return;
    m.content.forEach((p, pi) => {
      if (p.type !== "tool-result") return;
      const o = p.output;
      if (o.type === "text" || o.type === "error-text")
        slots.push({ message: mi, part: pi, length: o.value.length });
      else if (o.type === "json" || o.type === "error-json")
        slots.push({ message: mi, part: pi, length: JSON.stringify(o.value).length });
      else if (o.type === "content")
        o.value.forEach((c, ci) => {
          if (c.type === "text") slots.push({ message: mi, part: pi, item: ci, length: c.text.length });
        });
    });
  });
  const cap = capFor(
    slots.map((s) => s.length),
    needChars,
  );
  if (cap === undefined) return { messages: [...messages], cut: 0, removed: 0 };
  const out = [...messages];
  let cut = 0;
  let removed = 0;
  for (const s of slots) {
    if (s.length <= cap) continue;
    const m = out[s.message] as ToolModelMessage;
    const content = [...m.content];
    const p = content[s.part];
    if (p === undefined || p.type !== "tool-result") continue;
    const o = p.output;
    let output = o;
    if (o.type === "text" || o.type === "error-text") output = { ...o, value: shorten(o.value, cap) };
    else if (o.type === "json" || o.type === "error-json")
      output = {
        type: o.type === "json" ? "text" : "error-text",
        value: shorten(JSON.stringify(o.value), cap),
      };
    else if (o.type === "content" && s.item !== undefined)
      output = {
        ...o,
        value: o.value.map((c, ci) =>
          ci === s.item && c.type === "text" ? { ...c, text: shorten(c.text, cap) } : c,
        ),
      };
    content[s.part] = { ...p, output };
    out[s.message] = { ...m, content };
    cut++;
    removed += s.length - cap;
  }
  return { messages: out, cut, removed };
}

/**
 * The largest length every result may keep so that at least `need` characters go: water-filling from the
 * top. Undefined when nothing is above the floor.
 */
export function capFor(lengths: readonly number[], need: number): number | undefined {
  const sorted = [...lengths].sort((a, b) => b - a);
  if ((sorted[0] ?? 0) <= FLOOR_CHARS) return undefined;
  let removed = 0;
  for (let i = 0; i < sorted.length; i++) {
    const here = sorted[i] as number;
    const next = Math.max(FLOOR_CHARS, sorted[i + 1] ?? FLOOR_CHARS);
    // Lowering the first i+1 results from `here` to `next` removes this much more.
    const step = (here - next) * (i + 1);
    if (removed + step >= need) return Math.max(FLOOR_CHARS, Math.floor(here - (need - removed) / (i + 1)));
    removed += step;
    if (next === FLOOR_CHARS) return FLOOR_CHARS;
  }
  return FLOOR_CHARS;
}

function shorten(text: string, max: number): string {
  if (text.length <= max) return text;
  const head = Math.floor(max * 0.7);
  const tail = max - head;
  return (
    `${text.slice(0, head)}\n\n[codeagent: ${text.length - max} of ${text.length} characters of this result were ` +
    "cut because the conversation no longer fit the model's context window; run the tool again with a " +
    `narrower request (a line range, a filter, a smaller page) if you need the missing part]\n\n${text.slice(-tail)}`
  );
}
