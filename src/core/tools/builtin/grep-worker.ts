// Runs grep's line matching in a worker thread. The worker compiles the pattern for V8's linear-time engine
// (`--enable-experimental-regexp-engine`, the `l` flag) whenever the pattern allows it, so `^(a+)+$` on a long line
// takes linear time; only patterns that engine cannot run (backreferences, lookaround, `\b`) backtrack. Those cost
// at most `fileTimeoutMs` per file: the worker is then terminated (which interrupts even a regex that never
// yields) and started afresh for the next file, so one file's timeout loses no other file's matches.
import { Worker } from "node:worker_threads";

export const FILE_TIMEOUT_MS = 3000;

export interface LineMatch {
  n: number;
  text: string;
}

/** undefined: skipped (binary or too large); `[]`: unreadable or no match. */
export type FileMatches = LineMatch[] | undefined;

// Plain JS, evaluated in the worker (no build step, works under the test runner's TypeScript loader too).
const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const { readFileSync, statSync } = require("node:fs");
// The flag only makes the l (linear) flag available; no other regular expression changes.
require("node:v8").setFlagsFromString("--enable-experimental-regexp-engine");
let re;
try {
  re = new RegExp(workerData.source, workerData.flags + "l");
} catch {
  re = new RegExp(workerData.source, workerData.flags);
}
parentPort.on("message", (file) => {
  let buf;
  try {
    if (statSync(file).size > workerData.maxBytes) return parentPort.postMessage({ file, skipped: true });
    buf = readFileSync(file);
  } catch {
    return parentPort.postMessage({ file, lines: [] });
  }
  const n = Math.min(buf.length, 8192);
  for (let i = 0; i < n; i++) if (buf[i] === 0) return parentPort.postMessage({ file, skipped: true });
  const lines = buf.toString("utf8").split("\\n");
  const found = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i].replace(/\\r$/, "");
    re.lastIndex = 0;
    if (re.test(line)) {
      found.push({ n: i + 1, text: line.length > workerData.maxShown ? line.slice(0, workerData.maxShown) + "…" : line });
    }
  }
  parentPort.postMessage({ file, lines: found });
});
`;

export class PatternTimeout extends Error {
  constructor(readonly file: string) {
    super(`the pattern ran longer than ${FILE_TIMEOUT_MS / 1000} s on one file`);
  }
}

export interface LineMatcher {
  match(file: string, signal?: AbortSignal): Promise<FileMatches>;
  close(): Promise<void>;
}

export function startLineMatcher(
  re: RegExp,
  o: { maxBytes: number; maxShown: number; fileTimeoutMs?: number },
): LineMatcher {
  let current: { worker: Worker; dead?: Error } | undefined;
  /** The running worker, or a new one after a timeout ended the last. */
  const running = () => {
    if (current !== undefined) return current;
    const w = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { source: re.source, flags: re.flags, maxBytes: o.maxBytes, maxShown: o.maxShown },
    });
    w.unref();
    const c: { worker: Worker; dead?: Error } = { worker: w };
    w.on("error", (e) => (c.dead = e));
    return (current = c);
  };
  const stop = () => {
    if (current === undefined) return;
    void current.worker.terminate();
    current = undefined;
  };
  return {
    match(file, signal) {
      const { worker, dead } = running();
      if (dead !== undefined) return Promise.reject(dead);
      return new Promise<FileMatches>((resolve, reject) => {
        const done = () => {
          clearTimeout(timer);
          worker.off("message", onMessage);
          signal?.removeEventListener("abort", onAbort);
        };
        const onMessage = (m: { file: string; skipped?: boolean; lines?: LineMatch[] }) => {
          if (m.file !== file) return;
          done();
          resolve(m.skipped === true ? undefined : (m.lines ?? []));
        };
        const onAbort = () => {
          done();
          stop();
          reject(signal?.reason instanceof Error ? signal.reason : new Error("cancelled"));
        };
        const timer = setTimeout(() => {
          done();
          stop();
          reject(new PatternTimeout(file));
        }, o.fileTimeoutMs ?? FILE_TIMEOUT_MS);
        worker.on("message", onMessage);
        signal?.addEventListener("abort", onAbort, { once: true });
        worker.postMessage(file);
      });
    },
    async close() {
      await current?.worker.terminate();
      current = undefined;
    },
  };
}
