// A region at most `height` rows tall whose content scrolls with PgUp/PgDn, for prompts whose text can be taller
// than the screen (an ask_user question, a plan). The content is laid out whole and measured, then clipped, so
// markdown and wrapping render as they would unclipped.
import { Box, measureElement, Text, useInput, type DOMElement } from "ink";
import { useEffect, useRef, useState, type ReactNode } from "react";

export interface ScrollViewProps {
  /** The most rows the content may take on screen. */
  height: number;
  /** Whether PgUp/PgDn reach this view (off while another part of the prompt takes the keys). */
  isActive?: boolean;
  children: ReactNode;
}

export function ScrollView({ height, isActive = true, children }: ScrollViewProps) {
  const content = useRef<DOMElement>(null);
  // Unknown until the first layout: until then the region is `height` tall, never taller than the screen.
  const [total, setTotal] = useState<number | undefined>(undefined);
  const [offset, setOffset] = useState(0);
  // Keys can arrive before the re-render that follows a scroll: each one moves from where the last one left.
  const at = useRef(0);
  useEffect(() => {
    if (content.current === null) return;
    const h = measureElement(content.current).height;
    if (h !== total) setTotal(h);
  });
  const scrolls = total === undefined || total > height;
  const last = Math.max(0, (total ?? height) - height);
  const top = Math.min(offset, last);
  useInput(
    (_input, key) => {
      // From where the view is now: content that got shorter (a resize) may have moved it up.
      const from = Math.min(at.current, last);
      if (key.pageDown) at.current = Math.min(from + height - 1, last);
      else if (key.pageUp) at.current = Math.max(0, from - (height - 1));
      else return;
      setOffset(at.current);
    },
    { isActive: isActive && total !== undefined && total > height },
  );
  return (
    <Box flexDirection="column">
      <Box flexDirection="column" overflow="hidden" {...(scrolls && { height })}>
        <Box ref={content} flexDirection="column" flexShrink={0} marginTop={-top}>
          {children}
        </Box>
      </Box>
      {total !== undefined && total > height && (
        <Text
          dimColor
        >{`rows ${top + 1}–${Math.min(top + height, total)} of ${total} · PgUp/PgDn to scroll`}</Text>
      )}
    </Box>
  );
}
