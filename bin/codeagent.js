#!/usr/bin/env node
// Entry point. `--version` is answered before anything else is loaded, so it costs one file read.
import { readFileSync } from "node:fs";
import module from "node:module";

const argv = process.argv.slice(2);
if (argv.length === 1 && (argv[0] === "--version" || argv[0] === "-V")) {
  const pkg = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8"));
  process.stdout.write(`${pkg.version}\n`);
} else {
  // Node 22.1+ keeps the compiled code of the modules loaded from here on in its compile cache (its own folder
  // under the temp directory, or $NODE_COMPILE_CACHE; NODE_DISABLE_COMPILE_CACHE=1 turns it off), so a run
  // does not compile the same ~300 modules again. Node 20 has no such call and compiles as before.
  module.enableCompileCache?.();
  const { main } = await import("../dist/cli-bundle/main.js");
  const code = await main(argv);
  // One-shot commands have shut their servers down; exit now rather than wait on idle sockets or timers.
  process.exit(code);
}
