import { describe, expect, it, vi } from "vitest";
import { runInteractive } from "./index.js";

describe("runInteractive", () => {
  it("refuses without a terminal (exit 2) and points to -p, starting nothing", async () => {
    const write = vi.spyOn(process.stderr, "write").mockImplementation(() => true);
    const isTTY = process.stdin.isTTY;
    process.stdin.isTTY = false;
    try {
      expect(await runInteractive({ mcpConfig: ["/nonexistent.json"] })).toBe(2);
      expect(write).toHaveBeenCalledWith(
        'codeagent: the interactive session needs a terminal; for one headless turn use: codeagent -p "PROMPT"\n',
      );
    } finally {
      process.stdin.isTTY = isTTY;
      write.mockRestore();
    }
  });
});
