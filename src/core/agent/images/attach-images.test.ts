import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { attachImages, sessionCopy } from "./attach-images.js";

const PNG = Buffer.from("89504e470d0a1a0a0000", "hex");

function project() {
  const dir = mkdtempSync(join(tmpdir(), "attach-images-"));
  writeFileSync(join(dir, "shot.png"), PNG);
  return dir;
}

describe("attachImages", () => {
  it("puts a mentioned image after the text, as an image part", async () => {
    const cwd = project();
    const r = await attachImages("why @shot.png", "why @shot.png", { cwd, supportsMedia: true });
    expect(r).toEqual({
      content: [
        { type: "text", text: "why @shot.png\n\n[image shot.png attached below (image/png)]" },
        { type: "image", image: PNG.toString("base64"), mediaType: "image/png" },
      ],
      warnings: [],
    });
  });

  it("a model without images gets a note in the image's place, and the user a warning", async () => {
    const r = await attachImages("why @shot.png", "why @shot.png", { cwd: project(), supportsMedia: false });
    expect(r).toEqual({
      content: "why @shot.png\n\n[image shot.png: this model does not accept images; the image was not sent]",
      warnings: ["shot.png: this model does not accept images; the image was not sent"],
    });
  });

  it("a missing mentioned image is a warning; a pasted line of missing paths is just text", async () => {
    const cwd = project();
    expect(await attachImages("see @gone.png", "see @gone.png", { cwd, supportsMedia: true })).toEqual({
      content: "see @gone.png",
      warnings: ["@gone.png: no such file, not attached"],
    });
    expect(await attachImages("gone.png", "gone.png", { cwd, supportsMedia: true })).toEqual({
      content: "gone.png",
      warnings: [],
    });
  });
});

describe("sessionCopy", () => {
  it("keeps images inline while the budget lasts, then a note", () => {
    const m = (data: string) => ({
      role: "user",
      content: [
        { type: "text", text: "t" },
        { type: "image", image: data, mediaType: "image/png" },
      ],
    });
    const budget = { left: 10 };
    expect(sessionCopy(m("aaaaaaaa"), budget)).toEqual(m("aaaaaaaa"));
    expect(sessionCopy(m("bbbbbbbb"), budget)).toEqual({
      role: "user",
      content: [
        { type: "text", text: "t" },
        {
          type: "text",
          text: "[an image (image/png, 6 bytes) was attached here; the session file keeps no more images]",
        },
      ],
    });
    expect(budget.left).toBe(2);
    expect(sessionCopy({ role: "assistant", content: "x" }, budget)).toEqual({
      role: "assistant",
      content: "x",
    });
  });
});
