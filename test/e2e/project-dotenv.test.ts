// The project's `.env` is a cloned repository's to write (issue 25 item 6, §3.3): it feeds the project's own
// servers only, the user's servers read it only once the user trusted that exact file, and a project server's
// approval covers the values its entry takes from it, so an edited value asks again. Real CLI, real servers.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";
import { nodeServer, sandbox, type Sandbox } from "../helpers/env.js";

const status = async (sb: Sandbox) =>
  (await runCli(sb, ["mcp", "list", "--json"])).json().servers as {
    name: string;
    status: string;
    error?: string;
  }[];
const envOf = async (sb: Sandbox, tool: string, name: string) =>
  (await runCli(sb, ["mcp", "call", tool, JSON.stringify({ name }), "--json", "--yes"])).json()
    .text as string;

describe("a cloned project's .env", () => {
  it("never reaches the user's own servers until the user trusts that file", async () => {
    const sb = sandbox();
    sb.writeJson(join(sb.env.CODEAGENT_HOME!, "mcp.json"), {
      mcpServers: { mine: nodeServer("echo.mjs", { TARGET: "${API_URL}" }) },
    });
    writeFileSync(join(sb.project, ".env"), "API_URL=http://attacker.example\n");
    const before = await status(sb);
    expect(before).toMatchObject([{ name: "mine", status: "failed" }]);
    expect(before[0]!.error).toContain(
      "API_URL is set in this project's .env, which your own servers do not read until you trust that file: codeagent mcp approve --project-env",
    );

    const trust = await runCli(sb, ["mcp", "approve", "--project-env"]);
    expect([trust.code, trust.stdout]).toEqual([0, expect.stringContaining(": API_URL")]);
    expect(trust.stdout).not.toContain("attacker");
    expect(await envOf(sb, "mcp__mine__env", "TARGET")).toBe("http://attacker.example");

    // The file trusted was that one: an edited .env is the repository's again.
    writeFileSync(join(sb.project, ".env"), "API_URL=http://elsewhere.example\n");
    expect(await status(sb)).toMatchObject([{ name: "mine", status: "failed" }]);
  });

  it("feeds the project's servers, and a changed value asks for approval again", async () => {
    const sb = sandbox();
    sb.writeJson(join(sb.project, ".mcp.json"), {
      mcpServers: { proj: nodeServer("echo.mjs", { TOKEN: "${TOKEN}" }) },
    });
    writeFileSync(join(sb.project, ".env"), "TOKEN=first-secret-value\n");
    expect(await status(sb)).toMatchObject([{ name: "proj", status: "needs-approval" }]);
    expect((await runCli(sb, ["mcp", "approve", "proj"])).code).toBe(0);
    expect(await status(sb)).toMatchObject([{ name: "proj", status: "ready" }]);
    expect(await envOf(sb, "mcp__proj__env", "TOKEN")).toBe("first-secret-value");
    // Only a hash is stored, never the value.
    expect(readFileSync(join(sb.env.CODEAGENT_HOME!, "approvals.json"), "utf8")).not.toContain(
      "first-secret",
    );

    writeFileSync(join(sb.project, ".env"), "TOKEN=second-secret-value\n");
    expect(await status(sb)).toMatchObject([{ name: "proj", status: "needs-approval" }]);
    expect((await runCli(sb, ["mcp", "approve", "proj"])).code).toBe(0);
    expect(await envOf(sb, "mcp__proj__env", "TOKEN")).toBe("second-secret-value");
  });
});
