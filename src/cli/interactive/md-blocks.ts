// Streaming markdown is committed block by block: a block ends at a blank line outside a code fence, so a
// table, a list or a fenced code block is drawn whole once complete, and only the block still growing is
// redrawn. Pure, table-tested.

export interface Split {
  /** Complete blocks, in order (without the blank lines between them). */
  done: string[];
  /** The block still being written. */
  tail: string;
}

export function splitBlocks(text: string): Split {
  const lines = text.split("\n");
  // The last line is still being written, so it can end nothing.
  const last = lines.pop() ?? "";
  const done: string[] = [];
  let block: string[] = [];
  let fence: string | undefined;
  for (const line of lines) {
    const m = /^\s{0,3}(`{3,}|~{3,})/.exec(line);
    if (m !== null) {
      const mark = m[1] ?? "";
      if (fence === undefined) fence = mark;
      else if (mark.startsWith(fence.charAt(0)) && mark.length >= fence.length && line.trim() === mark)
        fence = undefined;
      block.push(line);
      continue;
    }
    if (fence === undefined && line.trim() === "") {
      if (block.length > 0) done.push(block.join("\n"));
      block = [];
      continue;
    }
    block.push(line);
  }
  return { done, tail: [...block, last].join("\n").replace(/^\n+/, "") };
}
