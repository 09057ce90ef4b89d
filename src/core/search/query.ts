// What a request's words weigh (§15.1). A request says its task in its main clause; what follows "so I can",
// "so that", "because" says why, and its words (the branch to switch to, who to ask) are weaker evidence of
// the tool. So is what the request hands the tool: a quoted name ("the 'fix login bug' card") and the text
// after a colon ("file a bug: login button does nothing") are the payload, whose words describe the content,
// not the action. Values in a request (an email address, a path, a time) are not tool words: they are
// replaced by what they are (values.ts).
import { replaceValues } from "./values.js";

/** Where a clause of purpose or reason starts. */
const PURPOSE =
  /\b(so\s+(that\s+)?(i|we|you|it|they|he|she)\b|so\s+that\b|because\b|since\s+(i|we|it|they)\b|in\s+order\s+to\b|(before|after|while|once|until|till|when)\s+(i|we|you|they|he|she)\b)/i;
/** Weight of the words of a purpose clause. */
export const PURPOSE_WEIGHT = 0.5;
/** Weight of the words of the payload. */
export const PAYLOAD_WEIGHT = 0.3;

/** A quoted name: quotes at word edges, so "we're" and "don't" are no quotes. */
const QUOTED = /(^|[\s(])(?:["“]([^"“”]{1,80})["”]|['‘]([^'‘’"“”]{1,80})['’])(?=$|[\s,.;:!?)])/g;
/**
 * What is remembered, told or noted: the clause after "remember that", "tell sam that", "let them know that"
 * is the content handed over, not the task ("remember that Kim prefers morning meetings" is no meeting).
 */
const THAT_CLAUSE =
  /^(.*?\b(?:(?:remember|note|record|memorize|memorise|say|mention|announce|confirm|explain|(?:tell|remind|warn|inform|ask|email|e-mail|mail|message|text|ping|dm|notify)\s+(?:\S+\s+){0,3}?|let\s+(?:\S+\s+){1,3}?know)\s+that|(?:ask|asking|email|message|text|ping|dm)\s+(?:\S+\s+){0,3}?(?:whether|if)|saying|that\s+says|which\s+says))\s+(\S.*)$/is;
/** A negated verb, dropped unless it starts the request ("don't delete Sam's branch" asks to keep it). */
const NEGATED = /\b(without|don'?t|do\s+not|never|no\s+need\s+to)\s+[a-z]+\b/gi;
/** A colon after three or more words ("nx: how do I …", "gitlab mr: …" name a topic, not a payload). */
const COLON = /^(\s*\S+\s+\S+\s+\S+[^:]*?):\s+(\S.*)$/s;

export interface ReadQuery {
  main: string;
  purpose: string;
  payload: string;
}

/** The request with values replaced by their kind, split into its main part, purpose clause and payload. */
export function readQuery(query: string): ReadQuery {
  const payload: string[] = [];
  let text = replaceValues(query, payload).replace(
    QUOTED,
    (_m, lead: string, double?: string, single?: string) => {
      payload.push(double ?? single ?? "");
      return `${lead} `;
    },
  );
  // What the request says not to do ("without cloning", "but don't send it yet") is no action wanted.
  text = text.replace(NEGATED, (m, _neg: string, offset: number) => (offset === 0 ? m : " "));
  for (const re of [COLON, THAT_CLAUSE]) {
    const m = re.exec(text);
    if (m === null) continue;
    text = m[1]!;
    payload.push(m[2]!);
  }
  const m = PURPOSE.exec(text);
  const at = m === null || m.index === 0 ? text.length : m.index;
  return { main: tidy(text.slice(0, at)), purpose: tidy(text.slice(at)), payload: tidy(payload.join(" ")) };
}

function tidy(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}
