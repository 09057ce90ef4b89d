// `codeagent -p` against a failing provider and an unwritable home (§10): what the user reads on stderr, the
// exit code, and that the session goes on (`--continue`) after any failure.
import { writeFileSync } from "node:fs";
import { createServer, type AddressInfo } from "node:net";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { agentSandbox, type AgentSandbox } from "./agent-helpers.js";

let s: AgentSandbox | undefined;
afterEach(async () => {
  await s?.model.close();
  s = undefined;
});

const lines = (stderr: string) => stderr.split("\n").filter((l) => l.startsWith("codeagent: "));

describe("a failing provider, headless", () => {
  it("retries an overloaded provider visibly, then names the endpoint and exits 5; --continue works after", async () => {
    const overloaded = {
      status: 503,
      headers: { "retry-after-ms": "10" },
      errorBody: `{"error":{"message":"Service overloaded","type":"server_error"}}`,
    };
    s = await agentSandbox([overloaded, overloaded, overloaded, { text: "back again" }], "probe");
    const env = { CODEAGENT_MODEL_MAX_RETRIES: "2" };
    const r = await s.run("first try", [], { env });
    expect(r.code).toBe(5);
    expect(r.stdout).toBe("");
    expect(lines(r.stderr)).toEqual([
      "codeagent: model request failed; retrying in 0 s (1/2): HTTP 503: server_error: Service overloaded",
      "codeagent: model request failed; retrying in 0 s (2/2): HTTP 503: server_error: Service overloaded",
      `codeagent: openai-compatible:scripted at ${s.model.url}/v1 failed: HTTP 503: server_error: Service overloaded (3 attempts). The provider is failing or overloaded; try again later, raise "modelMaxRetries" in settings.json, or use another model (--model). The prompt was not kept in the session: --continue goes on from before it.`,
    ]);
    const again = await s.run("second try", ["--continue"], { env });
    expect({ code: again.code, out: again.stdout.trim() }).toEqual({ code: 0, out: "back again" });
    // The resumed session goes on without the prompt the provider never answered.
    expect(s.model.view(3).user).toEqual(["second try"]);
  });

  it("a request still too long after everything is an error naming what to do, and does not brick --continue", async () => {
    const tooLong = {
      status: 400,
      errorBody: `{"type":"error","error":{"type":"invalid_request_error","message":"prompt is too long: 250000 tokens > 200000 maximum"}}`,
    };
    s = await agentSandbox([tooLong, { text: "fine now" }], "probe");
    const r = await s.run("x".repeat(2000));
    expect(r.code).toBe(5);
    expect(r.stderr).toContain("says the request is longer than the model's context window");
    expect(r.stderr).toContain('set "contextWindow" in settings.json');
    const again = await s.run("short question", ["-c", "--output-format", "json"]);
    expect({ code: again.code, result: again.json().result }).toEqual({ code: 0, result: "fine now" });
    expect(s.model.view(1).user).toEqual(["short question"]);
  });

  it("nothing listening is said at once, naming the base URL setting, without retries", async () => {
    s = await agentSandbox([], "probe");
    const port = await freePort();
    const r = await s.run("hi", ["--base-url", `http://127.0.0.1:${port}/v1`]);
    expect(r.code).toBe(5);
    expect(lines(r.stderr)).toEqual([
      `codeagent: openai-compatible:scripted at http://127.0.0.1:${port}/v1: connection refused — nothing is listening there. Start the model server, or point --base-url or CODEAGENT_BASE_URL at it. The prompt was not kept in the session: --continue goes on from before it.`,
    ]);
  });
});

/** A port nothing listens on (one just freed). */
async function freePort(): Promise<number> {
  const srv = createServer();
  await new Promise<void>((r) => srv.listen(0, "127.0.0.1", r));
  const { port } = srv.address() as AddressInfo;
  await new Promise((r) => srv.close(r));
  return port;
}

describe("an unwritable $CODEAGENT_HOME", () => {
  it("still answers -p, with one warning naming what is not saved and why", async () => {
    s = await agentSandbox([{ text: "the answer" }], "probe");
    const file = join(s.sb.dir, "not-a-dir");
    writeFileSync(file, "");
    const r = await s.run("hi", [], { env: { CODEAGENT_HOME: join(file, "home") } });
    expect({ code: r.code, out: r.stdout.trim() }).toEqual({ code: 0, out: "the answer" });
    expect(lines(r.stderr)).toEqual([
      `codeagent: cannot save to ${join(file, "home", "sessions")} (ENOTDIR: a part of the path is a file, not a directory): this session is not saved (--continue will not find it), nor are input history, "always" permission answers, tool pins and caches under $CODEAGENT_HOME; the session itself works`,
    ]);
    expect(r.stderr).not.toMatch(/permissions:|ENOTDIR: not a directory/);
  });
});
