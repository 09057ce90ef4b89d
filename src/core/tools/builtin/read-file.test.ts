import { describe, expect, it } from "vitest";
import { readFileTool } from "./read-file.js";
import { call, tempProject } from "./test-project.js";

describe("read_file", () => {
  const cwd = tempProject({
    "a.txt": "one\ntwo\nthree\n",
    "crlf.txt": "x\r\ny\r\n",
    "bin.dat": Buffer.from([0x89, 0x00, 0x01]),
    "empty.txt": "",
    "dir/inner.txt": "in",
  });
  const tool = readFileTool({ cwd });

  it("numbers lines, relative to the project directory", async () => {
    expect(await call(tool, { path: "a.txt" })).toEqual({ text: "1\tone\n2\ttwo\n3\tthree", isError: false });
  });

  it("reads a window and says how to read on", async () => {
    expect(await call(tool, { path: `${cwd}/a.txt`, offset: 2, limit: 1 })).toEqual({
      text: "2\ttwo\n\n[lines 2-2 of 3; pass offset=3 to read on]",
      isError: false,
    });
  });

  it("drops carriage returns", async () => {
    expect((await call(tool, { path: "crlf.txt" })).text).toBe("1\tx\n2\ty");
  });

  it("refuses binary files, directories and missing files with a hint", async () => {
    expect(await call(tool, { path: "bin.dat" })).toEqual({
      text: "bin.dat is a binary file (3 bytes); read_file shows text only.",
      isError: true,
    });
    expect(await call(tool, { path: "dir" })).toEqual({
      text: "dir is a directory; use list_directory to see its entries.",
      isError: true,
    });
    expect(await call(tool, { path: "nope.txt" })).toEqual({
      text: "Cannot read nope.txt: no such file or directory.",
      isError: true,
    });
  });

  it("reports an empty file and an offset past the end", async () => {
    expect((await call(tool, { path: "empty.txt" })).text).toBe("(empty.txt is empty)");
    expect((await call(tool, { path: "a.txt", offset: 9 })).text).toBe(
      "(a.txt has 3 lines; offset 9 is past the end)",
    );
  });

  it("rejects arguments of the wrong type with the parameter's name", async () => {
    expect(await call(tool, { path: 3 })).toEqual({
      text: 'read_file: "path" is required and must be a string',
      isError: true,
    });
    expect(await call(tool, { path: "a.txt", offset: 0 })).toEqual({
      text: 'read_file: "offset" must be an integer >= 1',
      isError: true,
    });
  });

  it("attaches images when the model takes media", async () => {
    const png = Buffer.from("89504e470d0a1a0a0000", "hex");
    const dir = tempProject({ "p.png": png });
    const r = await readFileTool({ cwd: dir }).execute({ path: "p.png" }, { supportsMedia: true });
    expect(r.media).toEqual([{ type: "image", mimeType: "image/png", data: png.toString("base64") }]);
  });
});
