// Rewrites another host's variable syntax into ours (§3.3: `${VAR}`, `${VAR:-default}`). Pure. VS Code's
// `${input:ID}` prompts become a variable named after the input (`${input:github-token}` → `${GITHUB_TOKEN}`),
// so the server starts once that variable is set; what has no equivalent (`${command:…}`) is untranslatable.
import { basename } from "node:path";

export type Dialect = "claude" | "cursor" | "vscode" | "gemini";

export type VariableResult = { ok: true; value: string; notes: string[] } | { ok: false; reason: string };

const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const OURS = /^[A-Za-z_][A-Za-z0-9_]*(?::-[^}]*)?$/;

export function translateVariables(
  value: string,
  field: string,
  ctx: { dialect: Dialect; workspace: string },
): VariableResult {
  const notes: string[] = [];
  let failure: string | undefined;
  const editorVars: Record<string, string> = {
    workspaceFolder: ctx.workspace,
    workspaceRoot: ctx.workspace,
    cwd: ctx.workspace,
    workspaceFolderBasename: basename(ctx.workspace),
    userHome: "${HOME}",
    pathSeparator: "/",
  };
  let out = value.replace(/\$\{([^}]*)\}/g, (whole, body: string) => {
    if (body.startsWith("env:") && NAME.test(body.slice(4))) {
      notes.push(`${field}: \${${body}} → \${${body.slice(4)}}`);
      return `\${${body.slice(4)}}`;
    }
    if (ctx.dialect === "vscode" || ctx.dialect === "cursor") {
      const replacement = editorVars[body];
      if (replacement !== undefined) {
        notes.push(`${field}: \${${body}} → ${replacement}`);
        return replacement;
      }
      if (body.startsWith("input:") && body.length > 6) {
        const variable = inputVariable(body.slice(6));
        notes.push(
          `${field}: \${${body}} → \${${variable}} (VS Code asked for it; set ${variable} in the environment, -D or .env)`,
        );
        return `\${${variable}}`;
      }
    }
    if (!OURS.test(body)) failure ??= `${field} uses \${${body}}, which has no codeagent equivalent`;
    return whole;
  });
  // Gemini CLI also expands a bare $VAR; ours needs the braces.
  if (ctx.dialect === "gemini") {
    out = out.replace(/(?<!\$)\$([A-Za-z_][A-Za-z0-9_]*)/g, (_m, name: string) => {
      notes.push(`${field}: $${name} → \${${name}}`);
      return `\${${name}}`;
    });
  }
  return failure !== undefined ? { ok: false, reason: failure } : { ok: true, value: out, notes };
}

/** The variable that stands for a VS Code input: its id upper-cased, other characters as `_`. Pure. */
export function inputVariable(id: string): string {
  const name = id
    .trim()
    .replace(/[^A-Za-z0-9_]+/g, "_")
    .replace(/^_+|_+$/g, "")
    .toUpperCase();
  if (name === "") return "INPUT";
  return /^[0-9]/.test(name) ? `INPUT_${name}` : name;
}
