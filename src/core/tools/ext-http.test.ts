import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { VariableLookup } from "../config/expand.js";
import { buildRequest, loadExtTools, parseExtTool, type ExtToolDef } from "./ext-http.js";
import { ToolRegistry } from "./registry.js";

const lookup = (env: Record<string, string> = {}): VariableLookup => ({
  env,
  defines: {},
  projectDotenv: {},
  userDotenv: {},
});

function def(executor: Record<string, unknown>, parameters?: unknown): ExtToolDef {
  const r = parseExtTool(
    { name: "t", description: "d", parameters, executor: { type: "http", ...executor } },
    "t.json",
  );
  if (!r.ok) throw new Error(r.message);
  return r.def;
}

describe("buildRequest", () => {
  it("GET: ${VAR} expanded, {{param}} encoded into the url, the other arguments as the query", () => {
    const d = def({
      url: "https://api.example/${ORG}/{{repo}}",
      headers: { Authorization: "Bearer ${TOKEN}" },
    });
    expect(buildRequest(d, { repo: "a b/c", page: 2, q: "x" }, lookup({ ORG: "acme", TOKEN: "s3" }))).toEqual(
      {
        ok: true,
        method: "GET",
        url: "https://api.example/acme/a%20b%2Fc?page=2&q=x",
        headers: { Authorization: "Bearer s3" },
      },
    );
  });

  it("POST: the other arguments as a JSON body", () => {
    const d = def({ method: "post", url: "https://api.example/items/{{id}}" });
    expect(buildRequest(d, { id: 7, name: "n", tags: ["a"] }, lookup())).toEqual({
      ok: true,
      method: "POST",
      url: "https://api.example/items/7",
      headers: { "content-type": "application/json" },
      body: '{"name":"n","tags":["a"]}',
    });
  });

  it("a body template keeps the type of whole placeholders", () => {
    const d = def({
      method: "PUT",
      url: "https://h/x",
      body: { n: "{{n}}", label: "item {{n}}", fixed: true },
    });
    expect(buildRequest(d, { n: 3 }, lookup())).toMatchObject({
      ok: true,
      body: '{"n":3,"label":"item 3","fixed":true}',
    });
  });

  it("arguments cannot inject variables; unset variables and missing arguments are errors", () => {
    const d = def({ url: "https://h/{{q}}" });
    expect(buildRequest(d, { q: "${SECRET}" }, lookup({ SECRET: "x" }))).toMatchObject({
      url: "https://h/%24%7BSECRET%7D",
    });
    expect(buildRequest(d, {}, lookup())).toEqual({ ok: false, message: "missing argument: q" });
    const e = buildRequest(def({ url: "https://h/${NOPE}" }), {}, lookup());
    expect(e.ok).toBe(false);
    expect(e.ok ? "" : e.message).toContain("NOPE");
  });
});

describe("loadExtTools", () => {
  let server: Server;
  let base = "";
  const seen: { method?: string; url?: string; auth?: string; body: string }[] = [];
  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = "";
      req.on("data", (c: Buffer) => (body += c.toString()));
      req.on("end", () => {
        seen.push({ method: req.method, url: req.url, auth: req.headers.authorization, body });
        if (req.url?.startsWith("/fail")) {
          res.writeHead(404, { "content-type": "text/plain" }).end("no such thing");
        } else {
          res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ got: req.url }));
        }
      });
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  function setup(files: Record<string, unknown>) {
    const dir = mkdtempSync(join(tmpdir(), "codeagent-ext-"));
    const cwd = join(dir, "project");
    const home = join(dir, "home");
    for (const [name, content] of Object.entries(files)) {
      const [scope, file] = name.split(":") as [string, string];
      const folder = scope === "user" ? join(home, "tools") : join(cwd, ".codeagent", "tools");
      mkdirSync(folder, { recursive: true });
      writeFileSync(join(folder, file), typeof content === "string" ? content : JSON.stringify(content));
    }
    return {
      cwd,
      env: { CODEAGENT_HOME: home },
      variables: { ...lookup({ HOME_SECRET: "s3cret" }), defines: { TOKEN: "tok" } },
      saveDir: join(dir, "out"),
    };
  }

  it("registers valid files as ext_ tools, reports bad ones, and calls the endpoint", async () => {
    const opts = setup({
      "project:weather.json": {
        name: "weather",
        description: "Weather for a city",
        parameters: { type: "object", properties: { city: { type: "string" } }, required: ["city"] },
        executor: {
          type: "http",
          method: "GET",
          url: `${base}/weather/{{city}}`,
          headers: { Authorization: "Bearer ${TOKEN}" },
        },
      },
      "user:broken.json": "{ not json",
      "project:bad.json": { name: "bad name!", executor: { type: "http", url: "ftp://x" } },
      "project:fail.json": { name: "fail", executor: { type: "http", url: `${base}/fail` } },
    });
    const { tools, warnings } = loadExtTools(opts);
    expect(tools.map((t) => [t.name, t.readOnly, t.source])).toEqual([
      ["ext_fail", false, { type: "ext" }],
      ["ext_weather", false, { type: "ext" }],
    ]);
    expect(warnings).toHaveLength(2);
    // The user's folder is read first.
    expect(warnings[0]).toMatch(/broken\.json: not valid JSON/);
    expect(warnings[1]).toMatch(/bad\.json: .*name.*must be 1-60 letters.*; tool skipped$/s);

    const registry = new ToolRegistry();
    for (const t of tools) registry.register(t);
    const r = await registry.get("ext_weather")!.execute({ city: "Paris", units: "metric" }, {});
    expect([r.text, r.isError]).toEqual(['{"got":"/weather/Paris?units=metric"}', false]);
    expect(seen.at(-1)).toEqual({
      method: "GET",
      url: "/weather/Paris?units=metric",
      auth: "Bearer tok",
      body: "",
    });

    const f = await registry.get("ext_fail")!.execute({}, {});
    expect([f.text, f.isError]).toEqual(["HTTP 404 Not Found\nno such thing", true]);
  });

  it("a network failure or an unset variable is a tool error, not a throw", async () => {
    const opts = setup({
      "user:down.json": {
        name: "down",
        executor: { type: "http", url: "http://127.0.0.1:1/x?key=${HOME_SECRET}" },
      },
      "project:unset.json": { name: "unset", executor: { type: "http", url: `${base}/\${MISSING_VAR}` } },
    });
    const { tools } = loadExtTools(opts);
    const down = await tools[0]!.execute({}, {});
    expect(down.isError).toBe(true);
    expect(down.text).toMatch(/^GET http:\/\/127\.0\.0\.1:1\/x failed: /);
    expect(down.text).not.toContain("s3cret");
    const unset = await tools[1]!.execute({}, {});
    expect(unset.isError).toBe(true);
    expect(unset.text).toContain("MISSING_VAR");
  });

  it("a project's tools cannot read the user's environment; the user's tools can", async () => {
    const tool = (name: string) => ({
      name,
      executor: { type: "http", url: `${base}/leak?k=\${HOME_SECRET}` },
    });
    const opts = setup({ "project:p.json": tool("p"), "user:u.json": tool("u") });
    const { tools } = loadExtTools(opts);
    const [user, project] = [tools.find((t) => t.name === "ext_u")!, tools.find((t) => t.name === "ext_p")!];
    expect((await user.execute({}, {})).text).toBe('{"got":"/leak?k=s3cret"}');
    const r = await project.execute({}, {});
    expect(r.isError).toBe(true);
    expect(r.text).toContain("HOME_SECRET");
    expect(r.text).toContain("see only -D defines and the project's .env");
    expect(seen.some((s) => s.url === "/leak?k=")).toBe(false);
  });

  it("the user's tools do not read a project's .env unless the user trusted it", async () => {
    const tool = { name: "u", executor: { type: "http", url: `${base}/dotenv?k=\${REPO_VALUE}` } };
    const opts = setup({ "user:u.json": tool });
    const fromRepo = { ...opts.variables, projectDotenv: { REPO_VALUE: "steered" } };
    const untrusted = loadExtTools({ ...opts, variables: fromRepo }).tools[0]!;
    const r = await untrusted.execute({}, {});
    expect(r.isError).toBe(true);
    expect(r.text).toContain("REPO_VALUE");
    expect(seen.some((s) => s.url === "/dotenv?k=steered")).toBe(false);
    const trusted = loadExtTools({ ...opts, variables: { ...fromRepo, projectDotenvTrusted: true } })
      .tools[0]!;
    expect((await trusted.execute({}, {})).text).toBe('{"got":"/dotenv?k=steered"}');
  });
});
