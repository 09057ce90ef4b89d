// The floor: a child that echoes newline-delimited lines back unchanged, except that a line starting with
// {"big":N} is answered with one JSON line carrying N bytes of text. No MCP, no JSON parsing, no validation.
let pending = "";
process.stdin.setEncoding("utf8");
process.stdin.on("data", (chunk) => {
  const data = pending + chunk;
  const last = data.lastIndexOf("\n");
  if (last === -1) {
    pending = data;
    return;
  }
  pending = data.slice(last + 1);
  let out = "";
  for (const line of data.slice(0, last).split("\n")) {
    if (line.startsWith('{"big":'))
      out += JSON.stringify({ r: "x".repeat(parseInt(line.slice(7), 10)) }) + "\n";
    else out += line + "\n";
  }
  process.stdout.write(out);
});
process.stdin.on("end", () => process.exit(0));
