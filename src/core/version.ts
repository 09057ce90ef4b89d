// The package's version, read once from its package.json, so `--version`, the clientInfo sent in
// initialize and the library report the same number. The path is the same from src/ and from dist/.
import { readFileSync } from "node:fs";

function readVersion(): string {
  const pkg = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as {
    version?: unknown;
  };
  if (typeof pkg.version !== "string") throw new Error("codeagent's package.json has no version");
  return pkg.version;
}

export const VERSION: string = readVersion();
