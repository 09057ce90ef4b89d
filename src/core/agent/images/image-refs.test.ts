import { describe, expect, it } from "vitest";
import { imageRefs } from "./image-refs.js";

describe("imageRefs", () => {
  it.each([
    ["what is wrong in @shot.png?", { paths: ["shot.png"], pasted: false }],
    ["compare @a.PNG and @dir/b.jpeg, and @a.PNG", { paths: ["a.PNG", "dir/b.jpeg"], pasted: false }],
    ['look at @"my shot.webp"', { paths: ["my shot.webp"], pasted: false }],
    ["@notes.txt and @srv:file:///x.png", { paths: [], pasted: false }],
    ["mail me@x.png", { paths: [], pasted: false }],
    // What terminals type when a file is dragged onto them.
    ["/tmp/Screen\\ Shot\\ 1.png", { paths: ["/tmp/Screen Shot 1.png"], pasted: true }],
    [
      "'/tmp/Screen Shot 1.png' \"/tmp/b.gif\"",
      { paths: ["/tmp/Screen Shot 1.png", "/tmp/b.gif"], pasted: true },
    ],
    ["file:///tmp/a%20b.jpg", { paths: ["/tmp/a b.jpg"], pasted: true }],
    ["  shot.png  ", { paths: ["shot.png"], pasted: true }],
    ["shot.png is broken", { paths: [], pasted: false }],
    ["'/tmp/open.png", { paths: [], pasted: false }],
  ])("%j → %j", (input, want) => {
    expect(imageRefs(input)).toEqual(want);
  });
});
