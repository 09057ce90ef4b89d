// The layering of src/core as a lint rule (STYLE.md): data flows config → mcp → tools → agent → cli, with the
// text helpers below everything. Each core folder (and each module at the core's root) has a rank; a file may
// import only units of a lower rank, never its own rank's siblings or anything above. Paths are resolved, so
// `../config/x.js` from `mcp/oauth/` is `mcp/config`, not the config folder. Tests may reach across for fixtures.
import { dirname, relative, resolve, sep } from "node:path";

/** Lowest first. A unit imports only units of earlier rows. */
export const LAYERS = [
  ["text", "diff", "cost"], // pure helpers: import no other part of codeagent
  ["errors.ts", "paths.ts", "version.ts"],
  ["fs"], // atomic writes and file locks
  ["schema", "search", "session", "sandbox"],
  ["config"],
  ["mcp", "permissions"],
  ["pinning", "settings.ts"],
  ["tools"],
  ["code-mode"], // execute_code: scripts in a QuickJS isolate calling the registry's tools (§20.2)
  ["skills"], // SKILL.md folders, commands, skills over MCP (§21)
  ["host"], // the composition root of the MCP host
  ["agent", "gateway"], // gateway: the host served as one MCP server (§22)
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
    const check = (node) => {
      const spec = node?.type === "Literal" && typeof node.value === "string" ? node.value : undefined;
      if (spec === undefined || !spec.startsWith(".")) return;
      const message = layeringViolation(CORE, file, resolve(dirname(file), spec));
      if (message !== undefined) context.report({ node, message: `"${spec}": ${message}` });
    };
    return {
      ImportDeclaration: (n) => check(n.source),
      ExportNamedDeclaration: (n) => check(n.source),
      ExportAllDeclaration: (n) => check(n.source),
      ImportExpression: (n) => check(n.source),
    };
  },
};

export const layeringPlugin = { rules: { "core-layers": coreLayersRule } };
