// Applying a restore (§23): each file is put back as recorded, or removed when it did not exist. Files that
// already stand as recorded are left alone; a file that cannot be written is reported and the rest go on.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { errorMessage } from "../errors.js";
import type { FileTarget } from "./plan.js";

export interface RestoreReport {
  restored: string[];
  removed: string[];
  unchanged: string[];
  failed: { path: string; error: string }[];
}

export function applyRestore(targets: readonly FileTarget[]): RestoreReport {
  const r: RestoreReport = { restored: [], removed: [], unchanged: [], failed: [] };
  for (const t of targets) {
    try {
      const now = current(t.path);
      if (t.content === null) {
        if (now === null) r.unchanged.push(t.path);
        else {
          rmSync(t.path, { force: true });
          r.removed.push(t.path);
        }
      } else if (now !== null && now.equals(t.content)) r.unchanged.push(t.path);
      else {
        mkdirSync(dirname(t.path), { recursive: true });
        writeFileSync(t.path, t.content);
        r.restored.push(t.path);
      }
    } catch (e) {
      r.failed.push({ path: t.path, error: errorMessage(e) });
    }
  }
  return r;
}

function current(path: string): Buffer | null {
  try {
    return readFileSync(path);
  } catch (e) {
    if ((e as { code?: string }).code === "ENOENT") return null;
    throw e;
  }
}
