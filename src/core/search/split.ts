// Where text splits into words (§15.1): at anything not a letter or digit, lower→Upper (camelCase), before
// the last capital of UPPERLower (HTTPServer), and between ASCII letters and digits. Indexing 5 000 tools
// splits megabytes of text on every `mcp search`, so ASCII (nearly all of it) takes one character scan;
// text with a letter or digit outside ASCII takes the regex path, which splits at the same places.

const OTHER = 0;
const LOWER = 1;
const UPPER = 2;
const DIGIT = 3;
/** A letter or digit outside ASCII: the scan gives up. */
const UNICODE = 4;
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

function kind(c: number): number {
  if (c >= 97 && c <= 122) return LOWER;
  if (c >= 65 && c <= 90) return UPPER;
  if (c >= 48 && c <= 57) return DIGIT;
  if (c < 128) return OTHER;
  // Dashes, quotes, arrows and other punctuation are common in descriptions and split like ASCII's.
  return LETTER_OR_DIGIT.test(String.fromCharCode(c)) ? UNICODE : OTHER;
}

/** The char code lower-cased (ASCII only: the scan only runs over ASCII words). */
export function lowerCode(c: number): number {
  return c >= 65 && c <= 90 ? c + 32 : c;
}

/**
 * Calls `emit(start, end, hash)` for every word of an ASCII text, `hash` being FNV-1a (cut to a small
 * integer, a cheap map key) of its lower-cased
 * char codes. Returns false (having maybe emitted some) when the text needs `unicodeWords` instead.
 */
export function scanWords(text: string, emit: (start: number, end: number, hash: number) => void): boolean {
  const n = text.length;
  let start = -1;
  let prev = OTHER;
  let h = 0;
  for (let i = 0; i <= n; i++) {
    const c = i < n ? text.charCodeAt(i) : 32;
    let k = kind(c);
    let width = 1;
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < n) {
      // An astral character (emoji, mostly): one code point of two code units.
      const cp = text.codePointAt(i)!;
      if (cp > 0xffff) {
        if (LETTER_OR_DIGIT.test(String.fromCodePoint(cp))) return false;
        k = OTHER;
        width = 2;
      }
    }
    if (k === UNICODE) return false;
    if (k === OTHER) {
      if (start >= 0) emit(start, i, h & 0x3fffffff);
      start = -1;
    } else {
      if (start < 0) {
        start = i;
        h = 0x811c9dc5;
      } else if (
        (prev === LOWER && k === UPPER) ||
        (prev === UPPER && k === UPPER && i + 1 < n && kind(text.charCodeAt(i + 1)) === LOWER) ||
        (prev === DIGIT) !== (k === DIGIT)
      ) {
        emit(start, i, h & 0x3fffffff);
        start = i;
        h = 0x811c9dc5;
      }
      h = Math.imul(h ^ lowerCode(c), 16777619);
    }
    prev = k;
    i += width - 1;
  }
  return true;
}

/** The same words for any text, lower-cased. */
export function unicodeWords(text: string): string[] {
  const out: string[] = [];
  // camelCase and letter/digit boundaries become spaces before splitting on anything not alphanumeric.
  const spaced = text
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2")
    .replace(/([A-Za-z])(\d)/g, "$1 $2")
    .replace(/(\d)([A-Za-z])/g, "$1 $2")
    .toLowerCase();
  for (const w of spaced.split(/[^\p{L}\p{N}]+/u)) if (w.length > 0) out.push(w);
  return out;
}
