// Small JSON state files under $CODEAGENT_HOME: read fresh each time (another process may have written),
// write atomically (temp file + rename) with owner-only permissions.
import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";

export type JsonFileRead =
  { kind: "missing" } | { kind: "ok"; value: unknown } | { kind: "corrupt"; message: string };

/** Reads and parses `file`; a missing file is not an error, unreadable or invalid JSON is `corrupt`. */
export function readJsonFile(file: string): JsonFileRead {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") return { kind: "missing" };
    return { kind: "corrupt", message: `${file}: cannot be read (${(e as Error).message})` };
  }
  try {
    return { kind: "ok", value: JSON.parse(text) };
  } catch (e) {
    return { kind: "corrupt", message: `${file}: not valid JSON (${(e as Error).message})` };
  }
}

/** Writes `value` as JSON via a sibling temp file and a rename, so readers never see half a file. */
export function writeJsonFileAtomic(file: string, value: unknown): void {
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  const tmp = `${file}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`;
  try {
    writeFileSync(tmp, `${JSON.stringify(value, null, 2)}\n`, { mode: 0o600, flag: "wx" });
    renameSync(tmp, file);
  } catch (e) {
    rmSync(tmp, { force: true });
    throw e;
  }
}

export function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** Sets an own property even for keys like `__proto__`, which plain assignment would not. */
export function setOwn(obj: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
}
