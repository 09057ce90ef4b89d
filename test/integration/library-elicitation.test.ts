// A program answers elicitation (§9, §17): createMcpHost({ onElicitation }) gets every server's form and URL
// requests with the server's name, its answer reaches the tool, and a URL that is not https is declined first.
import { afterEach, describe, expect, it } from "vitest";
import { createMcpHost, type ElicitationRequest, type McpHost } from "../../src/core/index.js";
import { fixture, sandbox } from "../helpers/env.js";

const hosts: McpHost[] = [];
afterEach(async () => {
  await Promise.all(hosts.splice(0).map((h) => h.close()));
});

async function hostAnswering(answer: (r: ElicitationRequest) => Record<string, unknown>) {
  const asked: ElicitationRequest[] = [];
  const sb = sandbox();
  const h = await createMcpHost({
    cwd: sb.project,
    env: sb.env,
    servers: { e: { command: process.execPath, args: [fixture("elicit.mjs")] } },
    startupWaitMs: 15_000,
    onElicitation: (r) => {
      asked.push(r);
      return Promise.resolve(answer(r) as never);
    },
  });
  hosts.push(h);
  return { h, asked };
}

describe("createMcpHost({ onElicitation })", () => {
  it("hands a form to the program and returns its answer to the server", async () => {
    const { h, asked } = await hostAnswering(() => ({
      action: "accept",
      content: { name: "Grace", age: 36 },
    }));
    const r = await h.callTool("mcp__e__ask");
    expect(JSON.parse(r.text)).toEqual({ action: "accept", content: { name: "Grace", age: 36 } });
    expect(asked).toMatchObject([{ server: "e", mode: "form", message: "Who are you?" }]);
  });

  it("hands an https URL request to the program, and declines a file: URL without asking", async () => {
    const { h, asked } = await hostAnswering(() => ({ action: "accept" }));
    const ok = await h.callTool("mcp__e__visit", { url: "https://example.com/login" });
    expect(ok.text).toContain("accept");
    expect(asked).toMatchObject([{ server: "e", mode: "url", url: "https://example.com/login" }]);
    const refused = await h.callTool("mcp__e__visit", { url: "file:///etc/passwd" });
    expect(refused.text).toContain("decline");
    expect(asked).toHaveLength(1);
  });

  it("declines when the program gives no handler", async () => {
    const sb = sandbox();
    const h = await createMcpHost({
      cwd: sb.project,
      env: sb.env,
      servers: { e: { command: process.execPath, args: [fixture("elicit.mjs")] } },
      startupWaitMs: 15_000,
    });
    hosts.push(h);
    expect(JSON.parse((await h.callTool("mcp__e__ask")).text)).toEqual({ action: "decline" });
  });
});
