// Pure `${VAR}` / `${VAR:-default}` expansion of a server's config, done when the server starts.
// Single pass: an expanded value is never expanded again and nothing is ever executed.
import { isAbsolute, join, resolve } from "node:path";
import { CodeagentError } from "../errors.js";
import { userHome, type Env } from "../paths.js";
import { formatKeyPath } from "./key-path.js";
import { isHttpUrl } from "./server-config.js";
import type { OAuthConfig, ServerConfig, VariableSource, VariableUse } from "./types.js";

export interface VariableLookup {
  env: Env;
  defines: Record<string, string>;
  projectDotenv: Record<string, string>;
  userDotenv: Record<string, string>;
  /** The user trusted this project's `.env` for their own servers too (dotenv-boundary.ts). */
  projectDotenvTrusted?: boolean;
  /** Names the project's `.env` sets but this server may not read (an unset one says how to trust it). */
  withheld?: readonly string[];
}

export type ExpandTemplateResult =
  | { ok: true; value: string; uses: VariableUse[]; warnings: string[] }
  | { ok: false; error: CodeagentError; uses: VariableUse[] };

export type ExpandConfigResult =
  | { ok: true; config: ServerConfig; variables: VariableUse[]; warnings: string[] }
  | { ok: false; error: CodeagentError; variables: VariableUse[] };

const REFERENCE = /^(?:env:)?([A-Za-z_][A-Za-z0-9_]*)(?::-([\s\S]*))?$/;
const VSCODE_VARIABLES = new Set([
  "workspaceFolder",
  "workspaceFolderBasename",
  "userHome",
  "cwd",
  "file",
  "pathSeparator",
]);
const FOREIGN: [RegExp, (m: string) => string][] = [
  [/%([A-Za-z_][A-Za-z0-9_]*)%/, (v) => `Windows syntax; write \${${v}}`],
  [/(?<!\$)\{env:([A-Za-z_][A-Za-z0-9_]*)\}/, (v) => `write \${${v}}`],
];
const BARE = /(?<!\$)\$([A-Za-z_][A-Za-z0-9_]*)/;

/** Looks `name` up in the tiers of §3.3; the first tier that has it wins, even with an empty value. */
export function lookupVariable(
  name: string,
  lookup: VariableLookup,
): { value: string; source: VariableSource } | undefined {
  const tiers: [Env | Record<string, string>, VariableSource][] = [
    [lookup.env, "env"],
    [lookup.defines, "define"],
    [lookup.projectDotenv, "project-dotenv"],
    [lookup.userDotenv, "user-dotenv"],
  ];
  for (const [record, source] of tiers) {
    const value = Object.hasOwn(record, name) ? record[name] : undefined;
    if (value !== undefined) return { value, source };
  }
  return undefined;
}

export function expandTemplate(
  template: string,
  field: string,
  lookup: VariableLookup,
): ExpandTemplateResult {
  const uses: VariableUse[] = [];
  const invalid = (message: string): ExpandTemplateResult => ({
    ok: false,
    error: new CodeagentError("CONFIG_INVALID", `${field}: ${message}`),
    uses,
  });
  let out = "";
  let i = 0;
  for (;;) {
    const dollar = template.indexOf("$", i);
    if (dollar === -1) break;
    out += template.slice(i, dollar);
    if (template.startsWith("$${", dollar)) {
      out += "${";
      i = dollar + 3;
      continue;
    }
    if (template[dollar + 1] !== "{") {
      out += "$";
      i = dollar + 1;
      continue;
    }
    const close = template.indexOf("}", dollar + 2);
    if (close === -1) return invalid("unterminated ${; write $${ for a literal ${");
    const body = template.slice(dollar + 2, close);
    if (body.startsWith("input:"))
      return invalid(
        `\${${body}} cannot be prompted for; use \${NAME} and set NAME in the environment, with -D or in .env`,
      );
    const m = REFERENCE.exec(body);
    if (m === null || m[1] === undefined)
      return invalid(`\${${body}} is not a valid variable reference; write $\${ for a literal \${`);
    const [, name, fallback] = m;
    if (fallback?.includes("${"))
      return invalid(`nested \${…} in the default of \${${name}} is not supported`);
    const found = lookupVariable(name, lookup);
    if (fallback !== undefined && (found === undefined || found.value === "")) {
      out += fallback;
      addUse(uses, { name, source: "default", field });
    } else if (found !== undefined) {
      out += found.value;
      addUse(uses, { name, source: found.source, field });
    } else addUse(uses, { name, source: "unset", field });
    i = close + 1;
  }
  out += template.slice(i);
  if (uses.some((u) => u.source === "unset"))
    return { ok: false, error: unsetError(uses, lookup.withheld), uses };
  return { ok: true, value: out, uses, warnings: foreignSyntax(template, field) };
}

export function expandServerConfig(
  config: ServerConfig,
  lookup: VariableLookup,
  opts: { baseDir: string },
): ExpandConfigResult {
  const variables: VariableUse[] = [];
  const warnings: string[] = [];
  const unset: VariableUse[] = [];
  let failure: CodeagentError | undefined;
  const x = (template: string, ...path: (string | number)[]): string => {
    const r = expandTemplate(template, formatKeyPath(path), lookup);
    for (const u of r.uses) addUse(variables, u);
    if (r.ok) {
      warnings.push(...r.warnings);
      return r.value;
    }
    if (r.error.code === "VARIABLE_UNSET") unset.push(...r.uses.filter((u) => u.source === "unset"));
    else failure ??= r.error;
    return template;
  };
  const xMap = (rec: Record<string, string>, key: string) =>
    Object.fromEntries(Object.entries(rec).map(([k, v]) => [k, x(v, key, k)]));

  let expanded: ServerConfig;
  if (config.transport === "stdio") {
    expanded = {
      ...config,
      command: x(config.command, "command"),
      args: config.args.map((a, n) => x(a, "args", n)),
      env: xMap(config.env, "env"),
    };
    if (config.cwd !== undefined) expanded.cwd = resolveCwd(x(config.cwd, "cwd"), opts.baseDir, lookup.env);
  } else {
    expanded = { ...config, url: x(config.url, "url"), headers: xMap(config.headers, "headers") };
    if (config.oauth !== undefined) expanded.oauth = expandOAuth(config.oauth, x, opts.baseDir, lookup.env);
  }
  if (Array.isArray(config.roots))
    expanded.roots = config.roots.map((d, n) => resolveCwd(x(d, "roots", n), opts.baseDir, lookup.env));
  if (failure !== undefined) return { ok: false, error: failure, variables };
  if (unset.length > 0) return { ok: false, error: unsetError(unset, lookup.withheld), variables };
  const invalid = afterExpansionProblem(expanded, variables);
  if (invalid !== undefined)
    return { ok: false, error: new CodeagentError("CONFIG_INVALID", invalid), variables };
  return { ok: true, config: expanded, variables, warnings };
}

function expandOAuth(
  o: OAuthConfig,
  x: (t: string, ...path: (string | number)[]) => string,
  baseDir: string,
  env: Env,
): OAuthConfig {
  const out: OAuthConfig = { ...o };
  for (const key of ["clientId", "clientSecret", "clientMetadataUrl", "assertion", "issuer"] as const) {
    const v = o[key];
    if (v !== undefined) out[key] = x(v, "oauth", key);
  }
  // Files resolve like `cwd`: against the config file's directory, `~` at the home directory.
  for (const key of ["privateKeyFile", "assertionFile"] as const) {
    const v = o[key];
    if (v !== undefined) out[key] = resolveCwd(x(v, "oauth", key), baseDir, env);
  }
  if (o.scopes !== undefined) out.scopes = o.scopes.map((s, n) => x(s, "oauth", "scopes", n));
  if (o.idp !== undefined) {
    const idp = { ...o.idp };
    for (const key of ["tokenEndpoint", "clientId", "clientSecret", "idToken"] as const) {
      const v = o.idp[key];
      if (v !== undefined) idp[key] = x(v, "oauth", "idp", key);
    }
    if (o.idp.idTokenFile !== undefined)
      idp.idTokenFile = resolveCwd(x(o.idp.idTokenFile, "oauth", "idp", "idTokenFile"), baseDir, env);
    out.idp = idp;
  }
  return out;
}

function resolveCwd(cwd: string, baseDir: string, env: Env): string {
  if (cwd === "~" || cwd.startsWith("~/")) return join(userHome(env), cwd.slice(1));
  return isAbsolute(cwd) ? cwd : resolve(baseDir, cwd);
}

function afterExpansionProblem(c: ServerConfig, variables: VariableUse[]): string | undefined {
  const used = (field: string) => {
    const names = variables.filter((v) => v.field === field).map((v) => v.name);
    return names.length > 0 ? ` (check ${names.join(", ")})` : "";
  };
  if (c.transport === "stdio")
    return c.command === "" ? `command is empty after expansion${used("command")}` : undefined;
  if (!isHttpUrl(c.url)) return `url is not an http(s) URL after expansion${used("url")}`;
  for (const [k, v] of Object.entries(c.headers)) {
    const field = formatKeyPath(["headers", k]);
    if (/[\r\n]/.test(v)) return `${field} contains a line break after expansion${used(field)}`;
  }
  return undefined;
}

function unsetError(uses: VariableUse[], withheld: readonly string[] = []): CodeagentError {
  const fields = new Map<string, string[]>();
  for (const u of uses)
    if (u.source === "unset") fields.set(u.name, [...(fields.get(u.name) ?? []), u.field]);
  const names = [...fields.keys()];
  const hint = (n: string) =>
    VSCODE_VARIABLES.has(n) ? `, a VS Code variable that codeagent does not define` : "";
  const usedIn = (n: string) => `(used in ${(fields.get(n) ?? []).join(", ")}${hint(n)})`;
  const first = names[0] ?? "NAME";
  const parts = names.map((n) => `${n} ${usedIn(n)}`);
  const message =
    names.length === 1
      ? `variable ${first} is not set ${usedIn(first)}; set it in the environment, pass -D ${first}=…, or add it to .env`
      : `variables ${parts.slice(0, -1).join(", ")} and ${parts.at(-1)} are not set; set them in the environment, pass -D ${first}=…, or add them to .env`;
  const inDotenv = names.filter((n) => withheld.includes(n));
  const trust =
    inDotenv.length === 0
      ? ""
      : `; ${inDotenv.join(", ")} ${inDotenv.length === 1 ? "is" : "are"} set in this project's .env, which your own servers do not read until you trust that file: codeagent mcp approve --project-env`;
  return new CodeagentError("VARIABLE_UNSET", message + trust);
}

function foreignSyntax(template: string, field: string): string[] {
  const out: string[] = [];
  for (const [re, advice] of FOREIGN) {
    const m = re.exec(template);
    if (m?.[1] !== undefined) out.push(`${field}: "${m[0]}" is not expanded (${advice(m[1])})`);
  }
  // In args a bare $VAR is usually meant for a shell (`sh -c "echo $HOME"`), so only other fields are checked.
  const bare = field.startsWith("args[") ? null : BARE.exec(template);
  if (bare?.[1] !== undefined) out.push(`${field}: "${bare[0]}" is not expanded (write \${${bare[1]}})`);
  return out;
}

function addUse(list: VariableUse[], use: VariableUse): void {
  if (!list.some((u) => u.name === use.name && u.field === use.field && u.source === use.source))
    list.push(use);
}
