// Formats a key path the way messages show it: `mcpServers.fs.args[2]`, `env.LOG`, `headers["X.Y"]`.

export type KeyPath = readonly (string | number)[];

const PLAIN_KEY = /^[A-Za-z0-9_$-]+$/;

export function formatKeyPath(path: KeyPath): string {
  let out = "";
  for (const segment of path) {
    if (typeof segment === "number") out += `[${segment}]`;
    else if (PLAIN_KEY.test(segment)) out += out === "" ? segment : `.${segment}`;
    else out += `[${JSON.stringify(segment)}]`;
  }
  return out;
}
