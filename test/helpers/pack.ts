// Test helpers for the packages as users get them: `npm pack` a package of this repo and install the tarball
// (with whatever else a user would add) into an empty project, offline from the npm cache where it can.
import { execFileSync } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ROOT } from "./env.js";

export interface Packed {
  tarball: string;
  files: string[];
}

/** Packs the root package (`codeagent`) or a workspace (`@codeagent/host`) into `dir`; dist/ must be built. */
export function pack(dir: string, workspace?: string): Packed {
  const args = ["pack", "--ignore-scripts", "--json", "--pack-destination", dir];
  if (workspace !== undefined) args.push("--workspace", workspace);
  const out = execFileSync("npm", args, { cwd: ROOT, encoding: "utf8" });
  const [p] = JSON.parse(out) as { filename: string; files: { path: string }[] }[];
  return { tarball: join(dir, p!.filename), files: p!.files.map((f) => f.path) };
}

/**
 * `pack(…, workspace)` once per test run, shared by the files that install the same tarball: the first to ask
 * packs it (for `@codeagent/host`, after building the library's dist/), the others wait for its tarball. Each
 * build and pack of the library cost 5–16 s of CPU, and two files building packages/host/dist at once raced.
 * The tarball lives in the run's temporary directory (the global setup points TMPDIR there), so the next run
 * packs afresh; an install never changes it, so sharing it changes nothing a test checks.
 */
export async function packOnce(workspace?: string, timeoutMs = 300_000): Promise<Packed> {
  const dir = join(tmpdir(), "codeagent-packs", (workspace ?? "codeagent").replace(/[@/]/g, "_"));
  const done = join(dir, "packed.json");
  const failed = join(dir, "failed.txt");
  mkdirSync(join(dir, ".."), { recursive: true });
  let mine = true;
  try {
    mkdirSync(dir); // atomic: exactly one caller of the run makes it and packs
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
    mine = false;
  }
  if (mine) {
    try {
      if (workspace === "@codeagent/host") buildHostPackage();
      const packed = pack(dir, workspace);
      writeFileSync(`${done}.tmp`, JSON.stringify(packed));
      renameSync(`${done}.tmp`, done);
      return packed;
    } catch (e) {
      writeFileSync(failed, String(e instanceof Error ? e.message : e));
      throw e;
    }
  }
  const end = Date.now() + timeoutMs;
  while (!existsSync(done)) {
    if (existsSync(failed))
      throw new Error(
        `packing ${workspace ?? "codeagent"} failed in another test file: ${readFileSync(failed, "utf8")}`,
      );
    if (Date.now() > end)
      throw new Error(`packing ${workspace ?? "codeagent"} in another test file did not finish`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return JSON.parse(readFileSync(done, "utf8")) as Packed;
}

/** Builds the library package's dist/ (incremental: fast when nothing changed since the last build). */
export function buildHostPackage(): void {
  execFileSync(
    process.execPath,
    [join(ROOT, "node_modules", "typescript", "bin", "tsc"), "-p", "tsconfig.json"],
    {
      cwd: join(ROOT, "packages", "host"),
      encoding: "utf8",
    },
  );
}

/** A fresh ESM project at `dir` with `specs` installed as a user's `npm install --omit=dev` would. */
export function freshProject(dir: string, specs: string[]): string {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "fresh", private: true, type: "module" }));
  execFileSync(
    "npm",
    ["install", ...specs, "--omit=dev", "--no-audit", "--no-fund", "--prefer-offline", "--loglevel=error"],
    { cwd: dir, encoding: "utf8", env: { ...process.env, npm_config_engine_strict: "false" } },
  );
  return dir;
}

/** The version of a package installed in this repo (so a fresh project gets what the lockfile pinned). */
export function installedVersion(name: string): string {
  const pkg = JSON.parse(readFileSync(join(ROOT, "node_modules", name, "package.json"), "utf8")) as {
    version: string;
  };
  return pkg.version;
}

/** How many packages a project's install holds (its lockfile's entries) and their bytes on disk. */
export function installSize(project: string): { packages: number; bytes: number } {
  const lock = JSON.parse(readFileSync(join(project, "node_modules", ".package-lock.json"), "utf8")) as {
    packages: Record<string, unknown>;
  };
  return { packages: Object.keys(lock.packages).length, bytes: du(join(project, "node_modules")) };
}

function du(path: string): number {
  const st = statSync(path);
  if (!st.isDirectory()) return st.size;
  let total = 0;
  for (const e of readdirSync(path)) total += du(join(path, e));
  return total;
}
