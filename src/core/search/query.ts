// What a request's words weigh (§15.1). A request says its task in its main clause; what follows "so I can",
// "so that", "because" says why, and its words (the branch to switch to, who to ask) are weaker evidence of
// the tool. Values in a request (an email address, a domain, a URL) are not tool words: they are replaced by
// what they are ("email", "domain", "url"), which is.

/** Where a clause of purpose or reason starts. */
const PURPOSE =
  /\b(so\s+(that\s+)?(i|we|you|it|they|he|she)\b|so\s+that\b|because\b|since\s+(i|we|it|they)\b|in\s+order\s+to\b)/i;
/** Weight of the words of a purpose clause. */
export const PURPOSE_WEIGHT = 0.5;

const EMAIL = /\b[\w.+-]+@[\w-]+(\.[\w-]+)+\b/g;
const URL = /\bhttps?:\/\/\S+/gi;
const DOMAIN =
  /\b[a-z0-9-]+(\.[a-z0-9-]+)*\.(com|io|org|net|dev|app|co|ai|de|fr|uk|us|eu|info|biz|me|sh|xyz|cloud|site|tech)\b/gi;

/** The request with values replaced by their kind, split into its main part and its purpose clause. */
export function readQuery(query: string): { main: string; purpose: string } {
  const text = query.replace(URL, " url ").replace(EMAIL, " email ").replace(DOMAIN, " domain ");
  const m = PURPOSE.exec(text);
  if (m === null || m.index === 0) return { main: text, purpose: "" };
  return { main: text.slice(0, m.index), purpose: text.slice(m.index) };
}
