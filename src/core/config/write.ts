// Edits config files for `mcp add`, `mcp add-json` and `mcp remove`: validated first, written atomically,
// never touching a file that does not parse, and keeping everything else in the file (comments included).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { isDeepStrictEqual } from "node:util";
import { CodeagentError } from "../errors.js";
import { writeFileAtomic } from "../fs/atomic-write.js";
import { withFileLock } from "../fs/file-lock.js";
import { paths, type Env } from "../paths.js";
import { deleteMember, setMember } from "./json-edit.js";
import { parseJsonc, stripBom, type JsonObjectNode } from "./parse-json.js";
import { isObject, validateServerEntry } from "./validate-entry.js";

export { entryFromAddArgs, type AddArgs } from "./add-args.js";

export type WritableScope = "user" | "project" | "local";

export function configFileForScope(scope: WritableScope, opts: { cwd: string; env?: Env }): string {
  const env = opts.env ?? process.env;
  if (scope === "user") return paths.userConfig(env);
  if (scope === "local") return paths.localConfig(opts.cwd, env);
  return join(opts.cwd, ".mcp.json");
}

export interface AddServerResult {
  /** The name existed and `force` replaced it. */
  replaced: boolean;
  /** The file did not exist (or was empty) and was created. */
  created: boolean;
  /** Non-fatal notes about the entry, e.g. unknown keys. */
  warnings: string[];
}

/** Adds (or with `force` replaces) one entry, holding the file's lock from the read to the write. */
export function addServer(
  file: string,
  name: string,
  entry: Record<string, unknown>,
  opts: { force?: boolean } = {},
): AddServerResult {
  return withFileLock(file, () => addServerLocked(file, name, entry, opts));
}

function addServerLocked(
  file: string,
  name: string,
  entry: Record<string, unknown>,
  opts: { force?: boolean },
): AddServerResult {
  // What will be on disk (no undefined values), so that the edit can be checked against it.
  entry = JSON.parse(JSON.stringify(entry)) as Record<string, unknown>;
  const doc = readDocument(file);
  const rootKey = doc === undefined ? "mcpServers" : serversKey(doc.value);
  const checked = validateServerEntry(name, entry, { file, rootKey });
  if (!checked.ok) throw new CodeagentError("CONFIG_INVALID", checked.error);
  const result = { replaced: false, created: doc === undefined, warnings: checked.warnings };
  if (doc === undefined) {
    writeAtomic(file, `${JSON.stringify({ mcpServers: { [name]: entry } }, null, 2)}\n`);
    return result;
  }
  const servers = doc.value[rootKey];
  if (servers !== undefined && !isObject(servers))
    throw new CodeagentError(
      "CONFIG_INVALID",
      `${file}: ${rootKey} is not an object; fix the file by hand first`,
    );
  if (servers !== undefined && Object.hasOwn(servers, name)) {
    if (opts.force !== true)
      throw new CodeagentError(
        "USAGE",
        `server "${name}" already exists in ${file}; use --force to replace it, or \`mcp remove ${name}\` first`,
      );
    result.replaced = true;
  }
  const expected = { ...doc.value, [rootKey]: { ...servers, [name]: entry } };
  const serversNode = memberNode(doc.tree, rootKey);
  const edited =
    serversNode === undefined
      ? setMember(doc.text, doc.tree, rootKey, { [name]: entry })
      : setMember(doc.text, serversNode, name, entry);
  writeAtomic(file, doc.bom + checkedEdit(file, doc, edited, expected));
  return result;
}

/** Removes `name` from the file; false when the file or the name does not exist. */
export function removeServer(file: string, name: string): boolean {
  return withFileLock(file, () => removeServerLocked(file, name));
}

function removeServerLocked(file: string, name: string): boolean {
  const doc = readDocument(file);
  if (doc === undefined) return false;
  let text = doc.text;
  let removed = false;
  const expected: Record<string, unknown> = { ...doc.value };
  for (const rootKey of ["mcpServers", "servers"]) {
    const servers = doc.value[rootKey];
    if (!isObject(servers) || !Object.hasOwn(servers, name)) continue;
    const { [name]: _gone, ...rest } = servers;
    expected[rootKey] = rest;
    removed = true;
    // One member per pass: a name written twice is removed twice, re-parsing in between.
    for (let guard = 0; guard < 100; guard++) {
      const tree = reparse(file, text);
      const node = memberNode(tree, rootKey);
      if (node === undefined || !node.members.some((m) => m.key === name)) break;
      text = deleteMember(text, node, name);
    }
  }
  if (!removed) return false;
  writeAtomic(file, doc.bom + checkedEdit(file, doc, text, expected));
  return true;
}

interface Document {
  text: string;
  bom: string;
  value: Record<string, unknown>;
  tree: JsonObjectNode;
  hasComments: boolean;
}

/** The parsed file, or undefined when it is missing or empty. Throws, touching nothing, when it does not parse. */
function readDocument(file: string): Document | undefined {
  let source: string;
  try {
    source = readFileSync(file, "utf8");
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === "ENOENT") return undefined;
    throw new CodeagentError("CONFIG_PARSE", `${file}: cannot read the file (${code ?? String(e)})`, {
      cause: e,
    });
  }
  const text = stripBom(source);
  if (text.trim() === "") return undefined;
  const parsed = parseJsonc(text, file);
  if (!parsed.ok)
    throw new CodeagentError(
      "CONFIG_PARSE",
      `${parsed.error.message} (the file was left unchanged; fix it first)`,
    );
  if (!isObject(parsed.value) || parsed.tree.kind !== "object")
    throw new CodeagentError(
      "CONFIG_INVALID",
      `${file}: expected a JSON object with "mcpServers"; the file was left unchanged`,
    );
  const bom = source.length === text.length ? "" : "\uFEFF";
  return { text, bom, value: parsed.value, tree: parsed.tree, hasComments: parsed.hasComments };
}

function serversKey(root: Record<string, unknown>): string {
  return "mcpServers" in root || !("servers" in root) ? "mcpServers" : "servers";
}

function memberNode(tree: JsonObjectNode, key: string): JsonObjectNode | undefined {
  const node = tree.members.findLast((m) => m.key === key)?.value;
  return node?.kind === "object" ? node : undefined;
}

function reparse(file: string, text: string): JsonObjectNode {
  const parsed = parseJsonc(text, file);
  if (!parsed.ok || parsed.tree.kind !== "object")
    throw new CodeagentError(
      "INTERNAL",
      `${file}: editing produced invalid JSON; the file was left unchanged`,
    );
  return parsed.tree;
}

/** The textual edit must mean exactly `expected`; if it does not, a file without comments is rewritten whole. */
function checkedEdit(file: string, doc: Document, edited: string, expected: unknown): string {
  const parsed = parseJsonc(edited, file);
  if (parsed.ok && isDeepStrictEqual(parsed.value, expected)) return edited;
  if (!doc.hasComments) return `${JSON.stringify(expected, null, 2)}\n`;
  throw new CodeagentError(
    "INTERNAL",
    `${file}: could not edit the file without losing its comments; edit it by hand`,
  );
}

function writeAtomic(file: string, content: string): void {
  writeFileAtomic(file, content);
}
