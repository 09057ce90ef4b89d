import { describe, expect, it } from "vitest";
import { defaultPolicy, describePolicy, withAdditions, type SandboxAdditions } from "./policy.js";

const ctx = { home: "/h", codeagentHome: "/h/.codeagent", projectDir: "/p", addDirs: ["/extra"] };

describe("defaultPolicy", () => {
  it("hides credentials and codeagent's secrets, writes the project and --add-dir dirs, allows no host", () => {
    const p = defaultPolicy(ctx);
    expect(p.denyRead).toEqual(
      expect.arrayContaining([
        "/h/.ssh",
        "/h/.aws",
        "/h/.gnupg",
        "/h/.config/gcloud",
        "/h/.azure",
        "/h/.kube",
        "/h/.docker/config.json",
        "/h/.netrc",
        "/h/.npmrc",
        "/h/.pypirc",
        "/h/.mozilla",
        "/h/.config/google-chrome",
        "/h/.codeagent/oauth",
        "/h/.codeagent/sessions",
        "/h/.codeagent/permissions.json",
      ]),
    );
    expect(p.allowWrite).toEqual(["/p", "/extra"]);
    expect(p.denyWrite).toEqual([
      "/h/.codeagent",
      "/p/.codeagent",
      "/p/.mcp.json",
      "/p/.git/hooks",
      "/p/.git/config",
    ]);
    expect(p.allowRead).toEqual([]);
    expect(p.allowHosts).toEqual([]);
  });

  it("an --add-dir inside a credential store stays hidden: the deny list is not lifted", () => {
    const p = defaultPolicy({ ...ctx, addDirs: ["/h/.ssh"] });
    expect(p.allowWrite).toContain("/h/.ssh");
    expect(p.denyRead).toContain("/h/.ssh");
    expect(p.allowRead).toEqual([]);
  });
});

describe("withAdditions", () => {
  it.each([
    [undefined, { allowWrite: ["/p", "/extra"], allowRead: [], hosts: [] }],
    [
      {
        filesystem: { allowWrite: ["~/.cache/x", "out"], allowRead: ["~/.ssh/known_hosts"] },
        network: { allow: ["a.com", "a.com"] },
      },
      {
        allowWrite: ["/p", "/extra", "/h/.cache/x", "/p/out"],
        allowRead: ["/h/.ssh/known_hosts"],
        hosts: ["a.com"],
      },
    ],
    [{ filesystem: { denyRead: ["/srv/keys"] } }, { allowWrite: ["/p", "/extra"], allowRead: [], hosts: [] }],
  ] as [SandboxAdditions | undefined, unknown][])("%j", (add, want) => {
    const p = withAdditions(defaultPolicy(ctx), add, { home: "/h", baseDir: "/p" });
    expect({ allowWrite: p.allowWrite, allowRead: p.allowRead, hosts: p.allowHosts }).toEqual(want);
    if (add?.filesystem?.denyRead !== undefined) expect(p.denyRead).toContain("/srv/keys");
  });

  it("describePolicy says what is let through", () => {
    const p = withAdditions(
      defaultPolicy(ctx),
      { network: { allow: ["api.github.com"] } },
      { home: "/h", baseDir: "/p" },
    );
    expect(describePolicy(p)).toBe(
      "writes /p, /extra, a private temp dir; network api.github.com; credentials hidden",
    );
  });
});
