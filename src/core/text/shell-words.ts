// Shell-like words, as a person types them at a prompt: whitespace separates, single and double quotes group
// (and are removed), a backslash outside quotes takes the next character as it is. Pure.

export interface ShellWords {
  words: string[];
  /** A quote was left open at the end (its word is kept as far as it went). */
  open: boolean;
}

/** `doubleQuoteEscapes`: a backslash inside double quotes also escapes the next character (a slash command). */
export function shellWords(s: string, o: { doubleQuoteEscapes?: boolean } = {}): ShellWords {
  const words: string[] = [];
  let cur = "";
  let inWord = false;
  let quote: '"' | "'" | undefined;
  for (let i = 0; i < s.length; i++) {
    const c = s.charAt(i);
    if (quote !== undefined) {
      if (c === quote) quote = undefined;
      else if (c === "\\" && quote === '"' && o.doubleQuoteEscapes === true && i + 1 < s.length)
        cur += s.charAt(++i);
      else cur += c;
    } else if (c === '"' || c === "'") {
      quote = c;
      inWord = true;
    } else if (c === "\\" && i + 1 < s.length) {
      cur += s.charAt(++i);
      inWord = true;
    } else if (/\s/.test(c)) {
      if (inWord) words.push(cur);
      cur = "";
      inWord = false;
    } else {
      cur += c;
      inWord = true;
    }
  }
  if (inWord) words.push(cur);
  return { words, open: quote !== undefined };
}
