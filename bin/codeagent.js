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
  // does not compile the same code again. Node 20 has no such call and compiles as before.
  module.enableCompileCache?.();
  // The CLI runs from its esbuild bundle (scripts/build-cli.mjs), which `npm run build` writes beside dist/.
  const bundle = new URL("../dist/cli-bundle/main.js", import.meta.url);
  const { main } = await import(bundle.href).catch((e) => {
    if (e?.code !== "ERR_MODULE_NOT_FOUND" || e.url !== bundle.href) throw e;
    process.stderr.write(
      "codeagent: the CLI is not built (dist/cli-bundle/main.js is missing): run `npm run build`\n",
    );
    process.exit(1);
  });
  const code = await main(argv);
  // One-shot commands have shut their servers down; exit now rather than wait on idle sockets or timers.
  process.exit(code);
}
