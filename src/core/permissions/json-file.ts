// Small JSON state files under $CODEAGENT_HOME: read fresh each time (another process may have written),
// write atomically with owner-only permissions; callers hold `withFileLock` across a read-modify-write.
import { readFileSync } from "node:fs";
import { writeFileAtomic } from "../fs/atomic-write.js";

export type JsonFileRead =
  { kind: "missing" } | { kind: "ok"; value: unknown } | { kind: "corrupt"; message: string };

/** Reads and parses `file`; a missing file is not an error, unreadable or invalid JSON is `corrupt`. */
export function readJsonFile(file: string): JsonFileRead {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (e) {
    // ENOTDIR: a part of the path is a file (a misplaced $CODEAGENT_HOME): nothing is stored there either.
    const code = (e as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ENOTDIR") return { kind: "missing" };
    return { kind: "corrupt", message: `${file}: cannot be read (${(e as Error).message})` };
  }
  try {
    return { kind: "ok", value: JSON.parse(text) };
  } catch (e) {
    return { kind: "corrupt", message: `${file}: not valid JSON (${(e as Error).message})` };
  }
}

/** Writes `value` as JSON (0600), so readers never see half a file. */
export function writeJsonFileAtomic(file: string, value: unknown): void {
  writeFileAtomic(file, `${JSON.stringify(value, null, 2)}\n`, { secret: true });
}

export function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** Sets an own property even for keys like `__proto__`, which plain assignment would not. */
export function setOwn(obj: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
}
