// Images through `codeagent -p` (§23): `@shot.png`, a pasted path and read_file of an image reach the model as
// image parts in each wire format (Anthropic `image` blocks, chat completions `image_url` data URLs, Responses
// `input_image`), and a model that takes no images gets a note instead — checked on what the model was sent.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { Script } from "../fixtures/model-server.js";
import { runCli } from "../helpers/cli.js";
import { agentSandbox, type AgentSandbox } from "./agent-helpers.js";

// A 1×1 PNG.
const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c63f8cfc0f01f0005000201e0a3c9460000000049454e44ae426082",
  "hex",
);
const DATA = PNG.toString("base64");

let current: AgentSandbox | undefined;
afterEach(async () => {
  await current?.model.close();
  current = undefined;
});

async function setup(script: Script) {
  current = await agentSandbox(script, "probe");
  writeFileSync(join(current.sb.project, "shot.png"), PNG);
  return current;
}

type Part = Record<string, unknown>;
const userParts = (body: Record<string, unknown>, key: "messages" | "input"): Part[] => {
  const list = body[key] as { role: string; content: unknown }[];
  const user = list.find((m) => m.role === "user");
  return Array.isArray(user?.content) ? (user.content as Part[]) : [];
};

describe("images reach the model", () => {
  it("Anthropic: @shot.png is an image block; read_file of it is one inside the tool result", async () => {
    const t = await setup([
      { toolCalls: [{ name: "read_file", args: { path: "shot.png" } }] },
      { text: "a blue pixel" },
    ]);
    const r = await runCli(
      t.sb,
      ["-p", "what is in @shot.png", "--model", "anthropic:claude-test", "--mcp-config", t.config],
      { env: { ANTHROPIC_API_KEY: "k", ANTHROPIC_BASE_URL: t.model.url } },
    );
    expect([r.code, r.stdout]).toEqual([0, "a blue pixel\n"]);
    const parts = userParts(t.model.requests[0]!.body, "messages");
    // toMatchObject: the last block of the request also carries its prompt-cache marker (cache_control).
    expect(parts).toMatchObject([
      { type: "text", text: "what is in @shot.png\n\n[image shot.png attached below (image/png)]" },
      { type: "image", source: { type: "base64", media_type: "image/png", data: DATA } },
    ]);
    const messages = t.model.requests[1]!.body.messages as { role: string; content: Part[] }[];
    const result = messages.at(-1)!.content.find((p) => p.type === "tool_result")!;
    expect(result.content).toMatchObject([
      { type: "text", text: "Image shot.png (image/png, 70 bytes) is attached." },
      { type: "image", source: { type: "base64", media_type: "image/png", data: DATA } },
    ]);
  });

  it("chat completions: a pasted path is an image_url data URL when the endpoint takes images", async () => {
    const t = await setup([{ text: "seen" }]);
    const path = join(t.sb.project, "shot.png");
    const r = await t.run(`'${path}'`, [], { env: { CODEAGENT_IMAGES: "1" } });
    expect([r.code, r.stdout]).toEqual([0, "seen\n"]);
    expect(userParts(t.model.requests[0]!.body, "messages")).toEqual([
      { type: "text", text: `'${path}'\n\n[image ${path} attached below (image/png)]` },
      { type: "image_url", image_url: { url: `data:image/png;base64,${DATA}` } },
    ]);
  });

  it("Responses: @shot.png is an input_image", async () => {
    const t = await setup([{ text: "seen" }]);
    const r = await runCli(
      t.sb,
      [
        "-p",
        "look @shot.png",
        "--model",
        "openai:gpt-test",
        "--base-url",
        `${t.model.url}/v1`,
        "--mcp-config",
        t.config,
      ],
      { env: { OPENAI_API_KEY: "k" } },
    );
    expect([r.code, r.stdout]).toEqual([0, "seen\n"]);
    const parts = userParts(t.model.requests[0]!.body, "input");
    expect(parts.map((p) => p.type)).toEqual(["input_text", "input_image"]);
    expect(parts[1]!.image_url).toBe(`data:image/png;base64,${DATA}`);
  });

  it("a text-only model gets a note in the image's place, and the user is told", async () => {
    const t = await setup([
      { toolCalls: [{ name: "read_file", args: { path: "shot.png" } }] },
      { text: "ok" },
    ]);
    const r = await t.run("what is in @shot.png");
    expect(r.code).toBe(0);
    expect(r.stderr).toContain("image: shot.png: this model does not accept images; the image was not sent");
    expect(t.model.view(0).user).toEqual([
      "what is in @shot.png\n\n[image shot.png: this model does not accept images; the image was not sent]",
    ]);
    expect(t.model.view(1).toolResults).toEqual([
      {
        id: "call_1",
        text: "shot.png is an image (70 bytes): this model does not accept images; the image was not sent.",
        isError: false,
      },
    ]);
  });
});
