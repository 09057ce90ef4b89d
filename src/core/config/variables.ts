// Builds the lookup tiers for ${VAR} expansion (§3.3): process env, -D defines, the project's and the user's `.env`.
// `.env` files are parsed with dotenv.parse only: their values are data, never executed or interpolated.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import dotenv from "dotenv";
import { CodeagentError } from "../errors.js";
import { userHome, type Env } from "../paths.js";
import type { VariableLookup } from "./expand.js";

const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

export function loadVariableLookup(opts: {
  cwd: string;
  env?: Env;
  defines?: Record<string, string>;
}): VariableLookup {
  const env = opts.env ?? process.env;
  return {
    env,
    defines: opts.defines ?? {},
    projectDotenv: readDotenv(join(opts.cwd, ".env")),
    userDotenv: readDotenv(join(userHome(env), ".env")),
  };
}

/** A missing or unreadable file is an empty tier: a variable it would have set then reports itself as unset. */
export function readDotenv(file: string): Record<string, string> {
  try {
    return dotenv.parse(readFileSync(file));
  } catch {
    return {};
  }
}

/** `-D KEY=VALUE` (repeatable; a later KEY wins). The value may be empty and may contain `=`. */
export function parseDefines(list: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const item of list) {
    const eq = item.indexOf("=");
    const key = eq === -1 ? item : item.slice(0, eq);
    if (eq === -1 || !NAME.test(key))
      throw new CodeagentError(
        "USAGE",
        `-D expects KEY=VALUE with KEY made of letters, digits and _ (not starting with a digit), got ${JSON.stringify(item)}`,
      );
    out[key] = item.slice(eq + 1);
  }
  return out;
}
