// Labelled blocks for text from outside that goes to the model (a server's instructions, a mentioned
// resource): the block names its source, and the content can neither close it nor forge another block.
import { stripControl } from "./strip.js";

/** An XML-ish attribute value: stripped, escaped, on one line. */
export function xmlAttr(s: string): string {
  return stripControl(s)
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;")
    .replace(/\n/g, "&#10;")
    .replace(/\t/g, "&#9;");
}

/** `<tag a="…">\nbody\n</tag>`; any `<tag` or `</tag` inside the body is escaped. */
export function labelled(tag: string, attrs: Record<string, string>, body: string): string {
  const open = new RegExp(`<(\\s*\\/?\\s*${tag})`, "gi");
  const inner = stripControl(body).replace(open, "&lt;$1");
  const a = Object.entries(attrs)
    .map(([k, v]) => ` ${k}="${xmlAttr(v)}"`)
    .join("");
  return `<${tag}${a}>\n${inner}\n</${tag}>`;
}
