import { describe, expect, it } from "vitest";
import { renderContent } from "./render-content.js";
import { promptBlocks, promptText } from "./render-prompt.js";

const media = { supportsMedia: false, maxMediaBytes: 1 << 20 };
const conversation = {
  messages: [
    { role: "user", content: { type: "text", text: "Explain \x1b]0;pwned\x07this" } },
    { role: "assistant\x1b[31m", content: [{ type: "text", text: "Sure." }] },
    { content: { type: "text", text: "no role" } },
  ],
};

describe("promptBlocks (get_prompt, mcp prompt)", () => {
  it.each<[string, unknown, string]>([
    [
      "one user message",
      { messages: [{ role: "user", content: { type: "text", text: "Hi" } }] },
      "[user]\nHi",
    ],
    [
      "several messages: each labelled, blank line between, escapes stripped, no role is the user's",
      conversation,
      "[user]\nExplain this\n\n[assistant]\nSure.\n\n[user]\nno role",
    ],
    ["no messages", {}, ""],
    ["messages not an array", { messages: "nope" }, ""],
    ["entries that are not objects are dropped", { messages: [null, 3, { role: "user" }] }, "[user]"],
  ])("%s", (_name, result, text) => {
    expect(renderContent(promptBlocks(result), media).text).toBe(text);
  });
});

describe("promptText (a prompt sent as the user's message)", () => {
  it.each<[string, unknown, string]>([
    ["one user message", { messages: [{ role: "user", content: { type: "text", text: "Hi" } }] }, "Hi"],
    ["a conversation", conversation, "Explain this\n\n[assistant]\nSure.\n\nno role"],
    ["no messages", {}, ""],
  ])("%s", (_name, result, text) => {
    expect(promptText(result)).toBe(text);
  });
});
