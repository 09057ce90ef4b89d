// The marker column at the start of a transcript line.
import { Box, Text } from "ink";

/** A one-cell marker in a two-cell column that never shrinks, so wrapped text keeps its indent. */
export function Mark({ children, color, dim }: { children: string; color?: string; dim?: boolean }) {
  return (
    <Box width={2} flexShrink={0}>
      <Text color={color} dimColor={dim}>
        {children}
      </Text>
    </Box>
  );
}
