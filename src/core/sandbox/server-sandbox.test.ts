import { describe, expect, it } from "vitest";
import { Sandbox } from "./sandbox.js";
import { serverConfine, type ServerFacts } from "./server-sandbox.js";

const missing = () => ({
  ok: false as const,
  reason: "bwrap (bubblewrap) is not installed",
  install: "apt-get install bubblewrap socat",
});
const context = { home: "/home/u", codeagentHome: "/home/u/.codeagent", projectDir: "/p", addDirs: [] };
const spec = { command: "node", args: ["s.js"], env: {} };
const facts = (setting: ServerFacts["setting"]): ServerFacts => ({
  name: "box",
  scope: "user",
  setting,
  baseDir: "/p",
});

function setup(answer?: boolean) {
  const asked: string[] = [];
  const logged: string[] = [];
  const sandbox = new Sandbox({ cwd: "/p", probe: missing });
  const s = {
    sandbox,
    context,
    ...(answer !== undefined && {
      unconfined: (server: string) => (asked.push(server), Promise.resolve(answer)),
    }),
  };
  const run = (setting: ServerFacts["setting"]) => {
    const c = serverConfine(s, facts(setting), (t) => logged.push(t));
    return c === undefined ? undefined : c(spec, () => undefined);
  };
  return { run, asked, logged };
}

const rejection = (p: Promise<unknown> | undefined) =>
  p?.then(
    () => "started",
    (e: unknown) => `${(e as { code: string }).code}: ${(e as Error).message}`,
  );

describe("serverConfine where no sandbox can start (§18.5)", () => {
  it("refuses a server that would be confined when nobody can be asked, naming the ways out", async () => {
    const { run } = setup();
    expect(await rejection(run(undefined))).toBe(
      'SANDBOX_UNAVAILABLE: server "box" runs in the OS sandbox, which is unavailable: bwrap (bubblewrap) is ' +
        "not installed; to fix it, apt-get install bubblewrap socat; to run it unconfined anyway, pass " +
        '--no-sandbox or set "sandbox": false in its entry',
    );
  });

  it("starts it unconfined only when the user allows it, and says so in its log", async () => {
    const yes = setup(true);
    const started = await yes.run(true);
    expect(started).toMatchObject(spec);
    expect(yes.asked).toEqual(["box"]);
    expect(yes.logged).toEqual([
      expect.stringMatching(/^sandbox unavailable: .* Started unconfined, as allowed\.$/),
    ]);
    const no = setup(false);
    expect(await rejection(no.run(true))).toMatch(/it was not allowed to start unconfined$/);
    expect(no.logged).toEqual([]);
  });

  it('refuses "required" without asking, and leaves "sandbox": false alone', async () => {
    const { run, asked } = setup(true);
    expect(await rejection(run("required"))).toMatch(
      /^SANDBOX_UNAVAILABLE: server "box" has "sandbox": "required"/,
    );
    expect(asked).toEqual([]);
    expect(run(false)).toBeUndefined();
  });
});
