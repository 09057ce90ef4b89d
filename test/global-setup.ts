// Builds dist/ once before the suite so the end-to-end tests run the same CLI a user runs.
// A type error elsewhere must not hide every test result, so a failed build is reported, not thrown.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

export default function setup(): void {
  const root = fileURLToPath(new URL("..", import.meta.url));
  const r = spawnSync(process.execPath, ["node_modules/typescript/bin/tsc", "-p", "tsconfig.build.json"], {
    cwd: root,
    encoding: "utf8",
  });
  if (r.status !== 0) process.stderr.write(`global-setup: build reported errors:\n${r.stdout}${r.stderr}\n`);
}
