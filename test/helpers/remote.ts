// Runs the remote fixture (test/fixtures/servers/remote.mjs) and collects the JSON events it prints.
import { spawn, type ChildProcess } from "node:child_process";
import { fixture } from "./env.js";

export interface RemoteEvent {
  event: "notification" | "request" | "delete" | "transport-error";
  method?: string;
  params?: Record<string, unknown>;
  message?: string;
}

export interface RemoteFixture {
  port: number;
  url(path: "/mcp" | "/sse"): string;
  events(): RemoteEvent[];
  /** Resolves once an event matching `pred` was printed. */
  waitFor(pred: (e: RemoteEvent) => boolean, what: string): Promise<void>;
  stop(): void;
}

const running = new Set<ChildProcess>();

export function stopAllRemotes(): void {
  for (const c of running) c.kill("SIGKILL");
  running.clear();
}

export function startRemote(env: Record<string, string> = {}): Promise<RemoteFixture> {
  const child = spawn(process.execPath, [fixture("remote.mjs")], {
    env: { ...process.env, PORT: "0", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  running.add(child);
  const events: RemoteEvent[] = [];
  const waiters: { pred: (e: RemoteEvent) => boolean; resolve: () => void }[] = [];
  let out = "";
  let err = "";
  child.stderr.on("data", (d: Buffer) => (err += d.toString()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`remote fixture did not start: ${out}${err}`)), 15_000);
    child.on("exit", (code) => reject(new Error(`remote fixture exited ${code}: ${out}${err}`)));
    child.stdout.on("data", (d: Buffer) => {
      out += d.toString();
      let nl: number;
      while ((nl = out.indexOf("\n")) >= 0) {
        const line = out.slice(0, nl);
        out = out.slice(nl + 1);
        const port = /^PORT (\d+)$/.exec(line);
        if (port) {
          clearTimeout(timer);
          const p = Number(port[1]);
          resolve({
            port: p,
            url: (path) => `http://127.0.0.1:${p}${path}`,
            events: () => [...events],
            waitFor: (pred, what) =>
              events.some(pred)
                ? Promise.resolve()
                : new Promise<void>((res, rej) => {
                    const t = setTimeout(
                      () => rej(new Error(`no ${what}; saw ${JSON.stringify(events)}`)),
                      15_000,
                    );
                    waiters.push({
                      pred,
                      resolve: () => {
                        clearTimeout(t);
                        res();
                      },
                    });
                  }),
            stop: () => {
              child.kill("SIGKILL");
              running.delete(child);
            },
          });
          continue;
        }
        const e = JSON.parse(line) as RemoteEvent;
        events.push(e);
        for (const w of waiters.splice(0)) {
          if (w.pred(e)) w.resolve();
          else waiters.push(w);
        }
      }
    });
  });
}
