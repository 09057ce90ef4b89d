// The bounds of model requests (§10): three timeouts at the socket and the retry limits, from settings.json
// (`modelConnectTimeoutMs`, `modelFirstByteTimeoutMs`, `modelIdleTimeoutMs`, `modelMaxRetries`,
// `modelRetryMaxWaitMs`) or the environment (CODEAGENT_MODEL_…), the environment winning. A bad value is
// reported with where it came from and falls back to the default.
import { join } from "node:path";
import { paths, type Env } from "../../paths.js";
import { readSettingsFile } from "../../settings.js";
import { DEFAULT_RETRY, type RetrySettings } from "./retry-policy.js";
import type { ModelTimeouts } from "./timed-fetch.js";

export interface ModelRequestSettings {
  timeouts: ModelTimeouts;
  retry: RetrySettings;
}

export const DEFAULT_TIMEOUTS: ModelTimeouts = { connectMs: 10_000, firstByteMs: 60_000, idleMs: 90_000 };

export const DEFAULT_REQUEST: ModelRequestSettings = { timeouts: DEFAULT_TIMEOUTS, retry: DEFAULT_RETRY };

const KEYS = [
  ["modelConnectTimeoutMs", "CODEAGENT_MODEL_CONNECT_TIMEOUT_MS", 1] as const,
  ["modelFirstByteTimeoutMs", "CODEAGENT_MODEL_FIRST_BYTE_TIMEOUT_MS", 1] as const,
  ["modelIdleTimeoutMs", "CODEAGENT_MODEL_IDLE_TIMEOUT_MS", 1] as const,
  ["modelMaxRetries", "CODEAGENT_MODEL_MAX_RETRIES", 0] as const,
  ["modelRetryMaxWaitMs", "CODEAGENT_MODEL_RETRY_MAX_WAIT_MS", 0] as const,
];

/** `files`: settings objects, lowest precedence first, each with its path for messages. */
export function readRequestSettings(
  files: readonly { path: string; values: Record<string, unknown> }[],
  env: Env,
  problems: string[],
): ModelRequestSettings {
  const got = new Map<string, number>();
  for (const [key, envName, min] of KEYS) {
    for (const f of files) {
      const v = f.values[key];
      if (v === undefined) continue;
      if (typeof v === "number" && Number.isInteger(v) && v >= min) got.set(key, v);
      else
        problems.push(`${f.path}: "${key}" must be a whole number of at least ${min}; the default is used`);
    }
    const raw = env[envName];
    if (raw !== undefined && raw.trim() !== "") {
      const n = Number(raw);
      if (Number.isInteger(n) && n >= min) got.set(key, n);
      else problems.push(`${envName}="${raw}" must be a whole number of at least ${min}; ignored`);
    }
  }
  const t = DEFAULT_TIMEOUTS;
  return {
    timeouts: {
      connectMs: got.get("modelConnectTimeoutMs") ?? t.connectMs,
      firstByteMs: got.get("modelFirstByteTimeoutMs") ?? t.firstByteMs,
      idleMs: got.get("modelIdleTimeoutMs") ?? t.idleMs,
    },
    retry: {
      maxRetries: got.get("modelMaxRetries") ?? DEFAULT_RETRY.maxRetries,
      maxWaitMs: got.get("modelRetryMaxWaitMs") ?? DEFAULT_RETRY.maxWaitMs,
    },
  };
}

/** From the user's settings.json, then the project's `.codeagent/settings.json`, then the environment. */
export function loadRequestSettings(o: { cwd: string; env: Env }): {
  settings: ModelRequestSettings;
  problems: string[];
} {
  const problems: string[] = [];
  const files = [paths.settings(o.env), join(o.cwd, ".codeagent", "settings.json")].map((path) => ({
    path,
    // Problems of the files themselves (bad JSON) are reported by loadSettings already.
    values: readSettingsFile(path, []),
  }));
  return { settings: readRequestSettings(files, o.env, problems), problems };
}
