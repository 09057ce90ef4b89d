// A vitest reporter that ends the run with its ten slowest test files, so a suite that grows slow says where
// (`npm test`; the default reporter stays for everything else).
import type { Reporter, TestModule } from "vitest/node";

const SHOWN = 10;

export default class SlowestFiles implements Reporter {
  onTestRunEnd(modules: readonly TestModule[]): void {
    const timed = modules
      .map((m) => ({ file: m.relativeModuleId, ms: m.diagnostic().duration }))
      .sort((a, b) => b.ms - a.ms)
      .slice(0, SHOWN);
    if (timed.length === 0) return;
    const lines = timed.map((t) => `  ${(t.ms / 1000).toFixed(1).padStart(6)} s  ${t.file}`);
    process.stdout.write(`\nSlowest test files:\n${lines.join("\n")}\n`);
  }
}
