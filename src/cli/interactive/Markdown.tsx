// Markdown in assistant messages, drawn for the terminal: headings, emphasis, inline code, links, lists
// (task lists too), code blocks, block quotes, tables and rules. marked parses; this walks its tokens.
// Text arrives already stripped of terminal control sequences.
import { Box, Text } from "ink";
import { lexer, type Token, type Tokens } from "marked";
import type { ReactNode } from "react";

export function Markdown({ text }: { text: string }) {
  let tokens: Token[];
  try {
    tokens = lexer(text, { gfm: true });
  } catch {
    return <Text>{text}</Text>;
  }
  const blocks = tokens.filter((t) => t.type !== "space");
  if (blocks.length === 0) return <Text> </Text>;
  return (
    <Box flexDirection="column">
      {blocks.map((t, i) => (
        <Box key={i} marginTop={i > 0 && spaced(t, blocks[i - 1]) ? 1 : 0}>
          <Block token={t} />
        </Box>
      ))}
    </Box>
  );
}

/** Consecutive paragraphs, lists and code get a blank line between them, as in the source. */
function spaced(t: Token, prev: Token | undefined): boolean {
  return (
    prev !== undefined && !(t.type === "list" && prev.type === "paragraph" && !prev.raw.endsWith("\n\n"))
  );
}

function Block({ token }: { token: Token }): ReactNode {
  switch (token.type) {
    case "heading": {
      const t = token as Tokens.Heading;
      return (
        <Text bold color={t.depth <= 2 ? "cyan" : undefined} underline={t.depth === 1}>
          {inline(t.tokens)}
        </Text>
      );
    }
    case "paragraph":
      return <Text>{inline((token as Tokens.Paragraph).tokens)}</Text>;
    case "text": {
      const t = token as Tokens.Text;
      return <Text>{t.tokens !== undefined ? inline(t.tokens) : t.text}</Text>;
    }
    case "code": {
      const t = token as Tokens.Code;
      return (
        <LeftRule>
          {t.lang !== undefined && t.lang !== "" && <Text dimColor>{t.lang}</Text>}
          <Text color="yellow">{t.text}</Text>
        </LeftRule>
      );
    }
    case "blockquote": {
      const t = token as Tokens.Blockquote;
      return (
        <LeftRule>
          {t.tokens
            .filter((x) => x.type !== "space")
            .map((x, i) => (
              <Text key={i} italic dimColor>
                <Block token={x} />
              </Text>
            ))}
        </LeftRule>
      );
    }
    case "list":
      return <List list={token as Tokens.List} />;
    case "table":
      return <Table table={token as Tokens.Table} />;
    case "hr":
      return <Text dimColor>{"─".repeat(40)}</Text>;
    case "html":
      return <Text>{(token as Tokens.HTML).text.replace(/\n$/, "")}</Text>;
    default:
      return <Text>{token.raw.replace(/\n+$/, "")}</Text>;
  }
}

function List({ list }: { list: Tokens.List }) {
  const start = typeof list.start === "number" ? list.start : 1;
  return (
    <Box flexDirection="column">
      {list.items.map((item, i) => {
        const bullet = item.task
          ? item.checked === true
            ? "[x]"
            : "[ ]"
          : list.ordered
            ? `${start + i}.`
            : "•";
        const parts = item.tokens.filter((x) => x.type !== "space" && x.type !== "checkbox");
        return (
          <Box key={i}>
            <Box flexShrink={0} marginRight={1}>
              <Text dimColor={!list.ordered}>{bullet}</Text>
            </Box>
            <Box flexDirection="column" flexGrow={1}>
              {parts.map((x, j) => (
                <Block key={j} token={x} />
              ))}
            </Box>
          </Box>
        );
      })}
    </Box>
  );
}

function Table({ table }: { table: Tokens.Table }) {
  const cell = (c: Tokens.TableCell) => plain(c.tokens);
  const rows = [table.header.map(cell), ...table.rows.map((r) => r.map(cell))];
  const widths = table.header.map((_, col) => Math.max(3, ...rows.map((r) => width(r[col] ?? ""))));
  const pad = (s: string, col: number) => {
    const w = widths[col] ?? 0;
    const gap = " ".repeat(Math.max(0, w - width(s)));
    const align = table.align[col];
    if (align === "right") return gap + s;
    if (align === "center") return gap.slice(0, gap.length >> 1) + s + gap.slice(gap.length >> 1);
    return s + gap;
  };
  const line = (r: string[]) => `│ ${r.map((c, i) => pad(c, i)).join(" │ ")} │`;
  const rule = (l: string, m: string, r: string) => `${l}${widths.map((w) => "─".repeat(w + 2)).join(m)}${r}`;
  return (
    <Box flexDirection="column">
      <Text dimColor>{rule("┌", "┬", "┐")}</Text>
      <Text bold>{line(rows[0] ?? [])}</Text>
      <Text dimColor>{rule("├", "┼", "┤")}</Text>
      {rows.slice(1).map((r, i) => (
        <Text key={i}>{line(r)}</Text>
      ))}
      <Text dimColor>{rule("└", "┴", "┘")}</Text>
    </Box>
  );
}

/** Inline tokens as nested <Text> spans. */
function inline(tokens: readonly Token[] | undefined): ReactNode[] {
  return (tokens ?? []).map((t, i) => {
    switch (t.type) {
      case "strong":
        return (
          <Text key={i} bold>
            {inline((t as Tokens.Strong).tokens)}
          </Text>
        );
      case "em":
        return (
          <Text key={i} italic>
            {inline((t as Tokens.Em).tokens)}
          </Text>
        );
      case "del":
        return (
          <Text key={i} strikethrough>
            {inline((t as Tokens.Del).tokens)}
          </Text>
        );
      case "codespan":
        return (
          <Text key={i} color="yellow">
            {decode((t as Tokens.Codespan).text)}
          </Text>
        );
      case "link": {
        const l = t as Tokens.Link;
        const label = plain(l.tokens);
        return (
          <Text key={i} color="blue" underline>
            {label === l.href ? l.href : `${label} (${l.href})`}
          </Text>
        );
      }
      case "br":
        return <Text key={i}>{"\n"}</Text>;
      case "text": {
        const x = t as Tokens.Text;
        return <Text key={i}>{x.tokens !== undefined ? inline(x.tokens) : decode(x.text)}</Text>;
      }
      case "escape":
        return <Text key={i}>{decode((t as Tokens.Escape).text)}</Text>;
      default:
        return <Text key={i}>{decode(t.raw)}</Text>;
    }
  });
}

/** A cell's or label's text without styling (tables need widths). */
function plain(tokens: readonly Token[] | undefined): string {
  return (tokens ?? [])
    .map((t) => {
      const inner = (t as { tokens?: Token[] }).tokens;
      if (inner !== undefined && t.type !== "codespan") return plain(inner);
      if (t.type === "codespan" || t.type === "text" || t.type === "escape") {
        return decode((t as { text: string }).text);
      }
      return decode(t.raw);
    })
    .join("");
}

/** marked escapes &, <, >, quotes in text; the terminal wants them back. */
function decode(s: string): string {
  return s
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&");
}

/** Terminal cells of a string: wide (CJK, emoji) characters take two. */
function width(s: string): number {
  let w = 0;
  for (const ch of s) {
    const c = ch.codePointAt(0) ?? 0;
    w +=
      c >= 0x1100 &&
      (c <= 0x115f ||
        (c >= 0x2e80 && c <= 0xa4cf) ||
        (c >= 0xac00 && c <= 0xd7a3) ||
        (c >= 0xf900 && c <= 0xfaff) ||
        (c >= 0xfe30 && c <= 0xfe4f) ||
        (c >= 0xff00 && c <= 0xff60) ||
        (c >= 0x1f300 && c <= 0x1faff))
        ? 2
        : 1;
  }
  return w;
}

/** A grey rule down the left, for code blocks and quotes. */
function LeftRule({ children }: { children: ReactNode }) {
  return (
    <Box
      flexDirection="column"
      paddingLeft={1}
      borderStyle="single"
      borderLeft
      borderRight={false}
      borderTop={false}
      borderBottom={false}
      borderColor="gray"
    >
      {children}
    </Box>
  );
}
