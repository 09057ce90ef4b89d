// How built-in tools show a path to the model: relative to the project directory when inside it (so it
// can be passed straight back to another tool), absolute otherwise.
import { isAbsolute, relative, sep } from "node:path";

export function displayPath(cwd: string, abs: string): string {
  const rel = relative(cwd, abs);
  if (rel === "") return ".";
  if (rel.startsWith("..") || isAbsolute(rel)) return abs;
  return sep === "/" ? rel : rel.split(sep).join("/");
}
