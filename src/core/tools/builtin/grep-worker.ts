// Runs grep's line matching in a worker thread, so a model-supplied regex that backtracks catastrophically
// (`^(a+)+$` on a long line) costs at most `fileTimeoutMs` per file: the worker is then terminated, which
// interrupts even a regex that never yields, and the call ends with a clear error. The main thread stays free.
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
const re = new RegExp(workerData.source, workerData.flags);
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
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { source: re.source, flags: re.flags, maxBytes: o.maxBytes, maxShown: o.maxShown },
  });
  worker.unref();
  let dead: Error | undefined;
  worker.on("error", (e) => (dead = e));
  return {
    match(file, signal) {
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
          void worker.terminate();
          reject(signal?.reason instanceof Error ? signal.reason : new Error("cancelled"));
        };
        const timer = setTimeout(() => {
          done();
          void worker.terminate();
          reject(new PatternTimeout(file));
        }, o.fileTimeoutMs ?? FILE_TIMEOUT_MS);
        worker.on("message", onMessage);
        signal?.addEventListener("abort", onAbort, { once: true });
        worker.postMessage(file);
      });
    },
    async close() {
      await worker.terminate();
    },
  };
}
