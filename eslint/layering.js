// The layering of src/core as a lint rule (STYLE.md): data flows config → mcp → tools → agent → cli, with the
// text helpers below everything. Each core folder (and each module at the core's root) has a rank; a file may
// import only units of a lower rank, never its own rank's siblings or anything above. Paths are resolved, so
// `../config/x.js` from `mcp/oauth/` is `mcp/config`, not the config folder. Tests may reach across for fixtures.
import { dirname, relative, resolve, sep } from "node:path";

/** Lowest first. A unit imports only units of earlier rows. */
export const LAYERS = [
  ["text", "diff", "cost"], // pure helpers: import no other part of codeagent
  ["errors.ts", "paths.ts", "version.ts"],
  ["fs", "git"], // atomic writes and file locks; the project's git state (a subprocess)
  ["schema", "search", "session", "sandbox"],
  ["config"],
  ["mcp", "permissions"],
  ["pinning", "settings.ts"],
  ["tools"],
  ["code-mode", "hooks"], // execute_code in a QuickJS isolate (§20.2); hook commands on agent events (§23)
  ["checkpoints"], // file contents before a turn's tool edits, and /rewind (§23)
  ["skills"], // SKILL.md folders, commands, skills over MCP (§21)
  ["agent"],
  ["host"], // the composition root: the MCP host, and the agent over it
  ["gateway"], // the host served as one MCP server (§22)
  ["index.ts"], // the library's entry point
];

const CORE = resolve(import.meta.dirname, "..", "src", "core");
const RANK = new Map(LAYERS.flatMap((row, rank) => row.map((unit) => [unit, rank])));
const SOURCE_EXT = /\.(ts|tsx|js)$/;

/** The unit a path under src/core belongs to: its first folder, or the module itself at the root. */
function unitOf(pathInCore) {
  const [first, ...rest] = pathInCore.split(sep);
  if (rest.length > 0) return first;
  return first.replace(SOURCE_EXT, ".ts");
}

/**
 * Why `from` (a path inside src/core) may not import `to` (a resolved path anywhere), or undefined when it may.
 * Pure, for table tests.
 */
export function layeringViolation(core, from, to) {
  const target = relative(core, to);
  const fromUnit = unitOf(relative(core, from));
  if (target.startsWith("..")) {
    const cli = relative(resolve(core, "..", "cli"), to);
    return cli.startsWith("..") ? undefined : "the core never imports the CLI (src/cli)";
  }
  const toUnit = unitOf(target);
  if (toUnit === fromUnit) return undefined;
  const a = RANK.get(fromUnit);
  const b = RANK.get(toUnit);
  const unknown = a === undefined ? fromUnit : b === undefined ? toUnit : undefined;
  if (unknown !== undefined)
    return `src/core/${unknown} has no layer: add it to LAYERS in eslint/layering.js`;
  if (b < a) return undefined;
  const where = b === a ? "sits beside" : "sits above";
  return `src/core/${toUnit} ${where} src/core/${fromUnit} in the layering (eslint/layering.js): a lower folder never imports a higher one`;
}

/** @type {import("eslint").Rule.RuleModule} */
export const coreLayersRule = {
  meta: {
    type: "problem",
    docs: { description: "lower core folders never import higher ones (STYLE.md)" },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    if (relative(CORE, file).startsWith("..") || /\.test\.tsx?$/.test(file)) return {};
    return relativeImports(context, (to) => layeringViolation(CORE, file, to));
  },
};

const MCP = resolve(CORE, "mcp");

/**
 * Why a CLI file may not import `to` this way, or undefined when it may. The CLI reaches the MCP layer through
 * the host (core/host) and the manager; from core/mcp it takes types only (`import type`), which load nothing.
 * Pure, for table tests.
 */
export function cliImportViolation(to, typeOnly) {
  if (typeOnly || relative(MCP, to).startsWith("..")) return undefined;
  return "the CLI takes only types from src/core/mcp (import type); reach the MCP layer through src/core/host";
}

/** @type {import("eslint").Rule.RuleModule} */
export const cliMcpTypesRule = {
  meta: {
    type: "problem",
    docs: { description: "the CLI imports only types from core/mcp (STYLE.md: one composition root)" },
    schema: [],
  },
  create(context) {
    if (/\.test\.tsx?$/.test(context.filename)) return {};
    return relativeImports(context, (to, typeOnly) => cliImportViolation(to, typeOnly));
  },
};

/**
 * The visitors that report each relative import, re-export or import() of a file for which `why(resolved
 * path, type only)` gives a reason.
 */
function relativeImports(context, why) {
  const check = (node, typeOnly) => {
    const spec = node?.type === "Literal" && typeof node.value === "string" ? node.value : undefined;
    if (spec === undefined || !spec.startsWith(".")) return;
    const message = why(resolve(dirname(context.filename), spec), typeOnly);
    if (message !== undefined) context.report({ node, message: `"${spec}": ${message}` });
  };
  return {
    ImportDeclaration: (n) => check(n.source, n.importKind === "type"),
    ExportNamedDeclaration: (n) => check(n.source, n.exportKind === "type"),
    ExportAllDeclaration: (n) => check(n.source, n.exportKind === "type"),
    ImportExpression: (n) => check(n.source, false),
  };
}

export const layeringPlugin = { rules: { "core-layers": coreLayersRule, "cli-mcp-types": cliMcpTypesRule } };
