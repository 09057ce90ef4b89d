// User and project settings (settings.json): default model, permission rules, tool search and the
// context window. A broken file is reported and ignored; it never stops the session. A wrong value of a
// key is reported with the file and key, and the key falls back to its default.
// Over 300 lines: one reader per settings key, each small, kept beside the others they merge with.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { paths, type Env } from "./paths.js";
import { ApprovalStore } from "./permissions/approvals.js";
import type { PermissionRules } from "./permissions/evaluate.js";
import { ruleProblems } from "./permissions/rule.js";

/** The approval name a project's own allow rules are trusted under (no server name can have a space). */
export const PROJECT_RULES_APPROVAL = "settings.json permissions";
import type { SandboxAdditions } from "./sandbox/policy.js";
import { readPrices } from "./cost/price-settings.js";
import type { PriceTable } from "./cost/prices.js";

export const TOOL_SEARCH_MODES = ["auto", "always", "never"] as const;
export type ToolSearchMode = (typeof TOOL_SEARCH_MODES)[number];
export const NATIVE_TOOL_SEARCH_MODES = ["auto", "always", "never"] as const;
/** §20.2: every definition sent, MCP tools found by search, or MCP tools called from execute_code scripts. */
export const TOOL_MODES = ["direct", "search", "code"] as const;
export type ToolMode = (typeof TOOL_MODES)[number];
export type NativeToolSearchMode = (typeof NATIVE_TOOL_SEARCH_MODES)[number];

export interface Settings {
  model?: string;
  /** `bash.env` (user settings only): names to pass to the bash tool from the environment, or values. */
  bashEnv?: string[] | Record<string, string | true>;
  /** Tokens the model's context window holds (overrides the built-in table, §10). */
  contextWindow?: number;
  permissions: PermissionRules;
  /**
   * The project's own `permissions.allow`, held back until the user trusts them (`codeagent mcp approve
   * --project-rules`, keyed to their hash as a server's approval is, §8.2): a cloned repository may narrow what
   * runs (deny, ask) but allow nothing by itself.
   */
  projectAllow?: { rules: string[]; file: string; trusted: boolean };
  /** `toolSearch` (§15.2), with the file it came from. */
  toolSearch?: { value: unknown; from: string };
  /** `nativeToolSearch` (§15.3): the provider's own tool search, with the file it came from. */
  nativeToolSearch?: { value: unknown; from: string };
  /** `toolMode` (§20.2), with the file it came from. */
  toolMode?: { value: unknown; from: string };
  /** `startup`: when servers start (§20.1, mcp/servers/lazy.ts), with the file it came from. */
  startup?: { value: unknown; from: string };
  /** `codeMode`: the limits of execute_code scripts (code-mode/limits.ts), with the file it came from. */
  codeMode?: { value: unknown; from: string };
  /** `sandbox` (user settings only, §18.4): the command sandbox on or off, and what its policy adds. */
  sandbox?: { enabled: boolean; additions?: SandboxAdditions };
  /** `prices` (user settings and --settings files, §23): US dollars per million tokens by model. */
  prices?: PriceTable;
  problems: string[];
}

export function readSettingsFile(
  file: string,
  problems: string[],
  required = false,
): Record<string, unknown> {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (e) {
    if (required) problems.push(`${file}: cannot be read (${(e as Error).message}); ignored`);
    return {};
  }
  try {
    const v = JSON.parse(text) as unknown;
    if (v !== null && typeof v === "object" && !Array.isArray(v)) return v as Record<string, unknown>;
    problems.push(`${file}: settings must be a JSON object; ignored`);
  } catch (e) {
    problems.push(`${file}: not valid JSON (${(e as Error).message}); ignored`);
  }
  return {};
}

function strings(v: unknown): string[] {
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : [];
}

function windowSetting(s: Record<string, unknown>, file: string, problems: string[]): number | undefined {
  const v = s.contextWindow;
  if (v === undefined) return undefined;
  if (typeof v === "number" && Number.isInteger(v) && v >= 1000) return v;
  problems.push(`${file}: "contextWindow" must be a whole number of tokens (at least 1000); ignored`);
  return undefined;
}

/**
 * User settings, any `--settings` files (the user's own, for this run), then the project's
 * `.codeagent/settings.json`; permission lists are concatenated. Rules that do not parse are reported with their
 * file and key, and left out.
 */
export function loadSettings(opts: { cwd: string; env?: Env; extraFiles?: readonly string[] }): Settings {
  const problems: string[] = [];
  const user = readSettingsFile(paths.settings(opts.env), problems);
  const extras = (opts.extraFiles ?? []).map((f) => ({ file: f, s: readSettingsFile(f, problems, true) }));
  const project = readSettingsFile(join(opts.cwd, ".codeagent", "settings.json"), problems);
  const perm = (s: Record<string, unknown>) => (s.permissions ?? {}) as Record<string, unknown>;
  const model = typeof user.model === "string" ? user.model : undefined;
  const bashEnv = readBashEnv(user, problems);
  const sandbox = readSandbox(user, paths.settings(opts.env), problems);
  const prices = mergePrices([
    readPrices(user.prices, paths.settings(opts.env), problems),
    ...extras.map((x) => readPrices(x.s.prices, x.file, problems)),
  ]);
  const projectFile = join(opts.cwd, ".codeagent", "settings.json");
  // Harmless to take from a project: they change what is sent, never what is allowed.
  const pick = (key: "toolSearch" | "nativeToolSearch" | "toolMode" | "codeMode" | "startup") =>
    project[key] !== undefined
      ? { value: project[key], from: projectFile }
      : user[key] !== undefined
        ? { value: user[key], from: paths.settings(opts.env) }
        : undefined;
  const userFile = paths.settings(opts.env);
  const rules = (s: Record<string, unknown>, key: "allow" | "ask" | "deny", file: string): string[] => {
    const list = strings(perm(s)[key]);
    const bad = ruleProblems(list, (i) => `${file}: permissions.${key}[${i}]`);
    problems.push(...bad.map((b) => `${b}; ignored`));
    return list.filter((_, i) => !bad.some((b) => b.startsWith(`${file}: permissions.${key}[${i}]:`)));
  };
  const allowRules = rules(project, "allow", projectFile);
  const projectAllow = {
    rules: allowRules,
    file: projectFile,
    trusted:
      allowRules.length > 0 &&
      new ApprovalStore(paths.approvals(opts.env)).isApproved(opts.cwd, PROJECT_RULES_APPROVAL, allowRules),
  };
  const toolSearch = pick("toolSearch");
  const nativeToolSearch = pick("nativeToolSearch");
  const toolMode = pick("toolMode");
  const codeMode = pick("codeMode");
  const startup = pick("startup");
  // The project may know its model's window better; either file may set it, the project's wins.
  const contextWindow =
    windowSetting(project, join(opts.cwd, ".codeagent", "settings.json"), problems) ??
    windowSetting(user, paths.settings(opts.env), problems);
  return {
    ...(model !== undefined && { model }),
    ...(bashEnv !== undefined && { bashEnv }),
    ...(toolSearch !== undefined && { toolSearch }),
    ...(nativeToolSearch !== undefined && { nativeToolSearch }),
    ...(toolMode !== undefined && { toolMode }),
    ...(codeMode !== undefined && { codeMode }),
    ...(startup !== undefined && { startup }),
    ...(contextWindow !== undefined && { contextWindow }),
    ...(sandbox !== undefined && { sandbox }),
    ...(prices !== undefined && { prices }),
    // A project may deny and ask, but allows nothing until the user trusts its rules: a cloned repo must not
    // pre-approve its own tools.
    permissions: {
      allow: [
        ...rules(user, "allow", userFile),
        ...extras.flatMap((x) => rules(x.s, "allow", x.file)),
        ...(projectAllow.trusted ? projectAllow.rules : []),
      ],
      ask: [
        ...rules(user, "ask", userFile),
        ...extras.flatMap((x) => rules(x.s, "ask", x.file)),
        ...rules(project, "ask", projectFile),
      ],
      deny: [
        ...rules(user, "deny", userFile),
        ...extras.flatMap((x) => rules(x.s, "deny", x.file)),
        ...rules(project, "deny", projectFile),
      ],
    },
    ...(projectAllow.rules.length > 0 && { projectAllow }),
    problems,
  };
}

/** The files' prices, a later file's entry winning for its model (a project's are not read: they are the bill's). */
function mergePrices(list: (PriceTable | undefined)[]): PriceTable | undefined {
  const found = list.filter((p) => p !== undefined);
  return found.length === 0 ? undefined : Object.assign({}, ...found);
}

/**
 * `"sandbox": { "enabled": false }` turns the command sandbox off; `filesystem` and `network` add to its policy.
 * Only the user's settings count: a cloned project must not be able to switch its commands' sandbox off.
 */
function readSandbox(
  user: Record<string, unknown>,
  file: string,
  problems: string[],
): Settings["sandbox"] | undefined {
  const v = user.sandbox;
  if (v === undefined) return undefined;
  const bad = (what: string) => {
    problems.push(`${file}: "sandbox"${what}; ignored`);
    return undefined;
  };
  if (v === null || typeof v !== "object" || Array.isArray(v))
    return bad(' must be an object such as { "enabled": false }');
  const o = v as Record<string, unknown>;
  if (o.enabled !== undefined && typeof o.enabled !== "boolean") return bad(".enabled must be true or false");
  const lists = (x: unknown, keys: string[], where: string): Record<string, string[]> | undefined | false => {
    if (x === undefined) return undefined;
    if (x === null || typeof x !== "object" || Array.isArray(x)) return false;
    const out: Record<string, string[]> = {};
    for (const [k, val] of Object.entries(x as Record<string, unknown>)) {
      if (!keys.includes(k) || !Array.isArray(val) || !val.every((e) => typeof e === "string")) {
        problems.push(
          `${file}: "sandbox.${where}.${k}" must be one of ${keys.join(", ")}, a list of strings; ignored`,
        );
        continue;
      }
      out[k] = val;
    }
    return out;
  };
  const filesystem = lists(o.filesystem, ["allowWrite", "denyRead", "allowRead"], "filesystem");
  const network = lists(o.network, ["allow"], "network");
  if (filesystem === false || network === false) return bad(".filesystem and .network must be objects");
  const additions: SandboxAdditions = {
    ...(filesystem !== undefined && { filesystem }),
    ...(network !== undefined && { network }),
  };
  return { enabled: o.enabled !== false, ...(Object.keys(additions).length > 0 && { additions }) };
}

/** Only the user's settings may pass secrets to shell commands; a cloned project's settings are not asked. */
function readBashEnv(
  user: Record<string, unknown>,
  problems: string[],
): string[] | Record<string, string | true> | undefined {
  const bash: unknown = user.bash;
  if (bash === undefined || bash === null || typeof bash !== "object") return undefined;
  const env: unknown = (bash as Record<string, unknown>).env;
  if (env === undefined) return undefined;
  if (Array.isArray(env) && env.every((x) => typeof x === "string")) return env;
  if (
    env !== null &&
    typeof env === "object" &&
    !Array.isArray(env) &&
    Object.values(env).every((v) => typeof v === "string" || v === true)
  )
    return env as Record<string, string | true>;
  problems.push('bash.env must be a list of variable names, or an object of NAME: "value" | true; ignored');
  return undefined;
}

/**
 * The tool-search mode (§15.2): CODEAGENT_TOOL_SEARCH wins over `toolSearch` in settings; default "auto".
 * A value that is not one of the modes is an error naming where it came from (a typo must not silently
 * send hundreds of tools, nor hide them).
 */
export function resolveToolSearch(
  env: Env,
  setting: Settings["toolSearch"],
): { ok: true; mode: ToolSearchMode } | { ok: false; message: string } {
  return resolveMode(
    TOOL_SEARCH_MODES,
    env.CODEAGENT_TOOL_SEARCH,
    "CODEAGENT_TOOL_SEARCH",
    "toolSearch",
    setting,
  );
}

/**
 * Whether the provider's native tool search may replace `search_tools` (§15.3): CODEAGENT_NATIVE_TOOL_SEARCH
 * wins over `nativeToolSearch` in settings; default "auto" (models known to support it), "always" (any
 * model of a provider that has it), "never" (a gateway or model that rejects it).
 */
export function resolveNativeToolSearch(
  env: Env,
  setting: Settings["nativeToolSearch"],
): { ok: true; mode: NativeToolSearchMode } | { ok: false; message: string } {
  return resolveMode(
    NATIVE_TOOL_SEARCH_MODES,
    env.CODEAGENT_NATIVE_TOOL_SEARCH,
    "CODEAGENT_NATIVE_TOOL_SEARCH",
    "nativeToolSearch",
    setting,
  );
}

function resolveMode<M extends string>(
  modes: readonly M[],
  raw: string | undefined,
  envName: string,
  key: string,
  setting: { value: unknown; from: string } | undefined,
): { ok: true; mode: M } | { ok: false; message: string } {
  const [value, from] =
    raw !== undefined && raw.trim() !== ""
      ? [raw.trim().toLowerCase(), envName]
      : setting !== undefined
        ? [setting.value, `"${key}" in ${setting.from}`]
        : [modes[0], ""];
  if (typeof value === "string" && (modes as readonly string[]).includes(value))
    return { ok: true, mode: value as M };
  return {
    ok: false,
    message: `${from} must be one of ${modes.map((m) => `"${m}"`).join(", ")}, got ${JSON.stringify(value)}`,
  };
}

/**
 * The tool mode (§20.2): `--tool-mode` wins over `toolMode` in settings; undefined when neither is set (then
 * `toolSearch` decides between sending definitions and deferring them). A value that is not a mode is an
 * error naming where it came from.
 */
export function resolveToolMode(
  flag: string | undefined,
  setting: Settings["toolMode"],
): { ok: true; mode: ToolMode | undefined } | { ok: false; message: string } {
  if (flag === undefined && setting === undefined) return { ok: true, mode: undefined };
  return resolveMode(TOOL_MODES, flag, "--tool-mode", "toolMode", setting);
}
