// Runs one measurement in a fresh Node process (bench/worker.mjs) and returns its RESULT line as an object; and
// times a whole command from spawn to exit, for the CLI cold-start figures.
import { spawn } from "node:child_process";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";

const WORKER = fileURLToPath(new URL("../worker.mjs", import.meta.url));

export function runJob(job, { timeoutMs = 180_000 } = {}) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [WORKER, JSON.stringify(job)], {
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    let err = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (err = (err + d).slice(-4000)));
    const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      const line = out.split("\n").find((l) => l.startsWith("RESULT "));
      if (line === undefined) {
        resolve({ error: `worker exited (${signal ?? code}) without a result: ${err.trim().slice(-600)}` });
        return;
      }
      const r = JSON.parse(line.slice(7));
      if (r.error !== undefined && err.trim() !== "") r.stderr = err.trim().slice(-600);
      resolve(r);
    });
  });
}

/** Wall time in ms from spawn to exit of `command args…`; rejects on a non-zero exit. */
export function timeCommand(command, args, { env, cwd } = {}) {
  return new Promise((resolve, reject) => {
    let out = "";
    const t0 = performance.now();
    const child = spawn(command, args, { env, cwd, stdio: ["ignore", "pipe", "pipe"] });
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (out += d));
    child.on("error", reject);
    child.on("close", (code) => {
      const ms = performance.now() - t0;
      if (code === 0) resolve({ ms, out });
      else reject(new Error(`${[command, ...args].join(" ")} exited with ${code}: ${out.slice(-400)}`));
    });
  });
}

/** Rotates a list by `k` places, so each repetition starts with a different client. */
export function rotate(list, k) {
  const i = ((k % list.length) + list.length) % list.length;
  return [...list.slice(i), ...list.slice(0, i)];
}
