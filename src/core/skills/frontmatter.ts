// SKILL.md and command files: the YAML frontmatter between `---` lines, read with a real YAML parser (YAML 1.2
// core schema, so `on`/`yes` stay strings and no timestamps appear), and the markdown body after it. Pure.
import { createRequire } from "node:module";
import type * as Yaml from "yaml";

// The YAML parser loads with the first skill read, not with the library (its CommonJS build, synchronously).
let yamlModule: typeof Yaml | undefined;
const yamlLib = (): typeof Yaml => (yamlModule ??= createRequire(import.meta.url)("yaml") as typeof Yaml);

export type FrontmatterResult =
  | { ok: true; frontmatter: Record<string, unknown>; body: string; note?: string }
  | { ok: false; reason: string };

/** The YAML between the `---` lines and the body after them; `undefined` when the text has no frontmatter. */
export function splitFrontmatter(markdown: string): { yaml: string; body: string } | undefined {
  let text = markdown.replaceAll("\r\n", "\n");
  if (text.codePointAt(0) === 0xfeff) text = text.slice(1);
  if (!text.startsWith("---\n") && text !== "---") return undefined;
  const rest = text.slice(4);
  const close = /^---[\t ]*$/m.exec(rest);
  if (close === null) return undefined;
  let body = rest.slice(close.index + close[0].length);
  if (body.startsWith("\n")) body = body.slice(1);
  return { yaml: rest.slice(0, close.index), body };
}

/** Parses frontmatter YAML into a plain object; throws with the line of the fault. */
export function parseFrontmatterYaml(yaml: string): Record<string, unknown> {
  if (yaml.trim() === "") return {};
  const value: unknown = yamlLib().parse(yaml, { schema: "core", uniqueKeys: true, maxAliasCount: 50 });
  if (value === null || value === undefined) return {};
  if (typeof value !== "object" || Array.isArray(value)) {
    throw new Error("frontmatter must be a mapping of keys to values");
  }
  return value as Record<string, unknown>;
}

/**
 * A skill or command file: frontmatter and body. `required` files (SKILL.md) must have frontmatter; a command
 * file without any is all body (Claude Code's plain commands).
 */
export function readFrontmatter(markdown: string, opts: { required: boolean }): FrontmatterResult {
  const split = splitFrontmatter(markdown);
  if (split === undefined) {
    if (opts.required) return { ok: false, reason: 'no frontmatter: the file must begin with a "---" line' };
    return { ok: true, frontmatter: {}, body: markdown.replace(/^\ufeff/, "") };
  }
  try {
    return { ok: true, frontmatter: parseFrontmatterYaml(split.yaml), body: split.body };
  } catch (e) {
    const relaxed = quoteLooseValues(split.yaml);
    if (relaxed !== split.yaml) {
      try {
        const frontmatter = parseFrontmatterYaml(relaxed);
        const note = 'frontmatter read leniently: quote values holding ": " or starting with "["';
        return { ok: true, frontmatter, body: split.body, note };
      } catch {
        // Reported below with the strict parser's reason.
      }
    }
    const where =
      e instanceof yamlLib().YAMLParseError && e.linePos !== undefined
        ? ` (line ${e.linePos[0].line + 1})`
        : "";
    // The parser's own "at line N" counts from the first YAML line; `where` counts from the file's.
    const first = ((e instanceof Error ? e.message : String(e)).split("\n")[0] ?? "").replace(
      / at line \d+, column \d+:?$/,
      "",
    );
    return { ok: false, reason: `frontmatter is not valid YAML${where}: ${first}` };
  }
}

/**
 * Claude Code files often hold `argument-hint: [pr] [priority]` or `description: Fix: the bug`, which YAML
 * refuses; they are read as the strings their authors meant. Only top-level one-line plain values are quoted.
 */
export function quoteLooseValues(yaml: string): string {
  return yaml
    .split("\n")
    .map((line) => {
      const m = /^([A-Za-z][\w-]*):[ \t]+(.+?)[ \t]*$/.exec(line);
      if (m === null) return line;
      const value = m[2] ?? "";
      if (/^["'|>&*!]/.test(value) || /^\[[^\]]*\]$/.test(value) || /^\{[^}]*\}$/.test(value)) return line;
      if (!/: /.test(value) && !value.startsWith("[") && !value.startsWith("{")) return line;
      return `${m[1] ?? ""}: ${JSON.stringify(value)}`;
    })
    .join("\n");
}
