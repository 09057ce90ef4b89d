// Redraws the start-up chart from a saved run: `node bench/chart.mjs bench/results/<stamp>.json [out.svg]`
// (default output docs/startup-chart.svg).
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { startupChart } from "./lib/chart.mjs";

const [file, out = fileURLToPath(new URL("../docs/startup-chart.svg", import.meta.url))] =
  process.argv.slice(2);
if (file === undefined) {
  process.stderr.write("usage: node bench/chart.mjs bench/results/<stamp>.json [out.svg]\n");
  process.exit(2);
}
const { meta, summary } = JSON.parse(readFileSync(file, "utf8"));
writeFileSync(out, startupChart(summary.startup, meta));
process.stderr.write(`wrote ${out}\n`);
