// `mcp add NAME CMD -y pkg` without `--`: commander stops at the command's own `-y` ("unknown option"), which
// says nothing of the cure. This finds that case so the error can say to put `--` before the command's options.

/** `mcp add`'s own options, with whether each takes a value. */
const ADD_OPTIONS = new Map<string, boolean>([
  ["-s", true],
  ["--scope", true],
  ["-t", true],
  ["--transport", true],
  ["-e", true],
  ["--env", true],
  ["-H", true],
  ["--header", true],
  ["--client-id", true],
  ["--client-secret", true],
  ["--callback-port", true],
  ["--force", false],
  ["--json", false],
  ["--yes", false],
  ["--strict-mcp-config", false],
  ["--mcp-config", true],
  ["-D", true],
  ["--define", true],
  ["--startup-wait", true],
  ["--add-dir", true],
  ["-h", false],
  ["--help", false],
]);

/**
 * For `mcp add NAME CMD … -opt …` with no `--`, where `-opt` is not one of `mcp add`'s options: the message to
 * print instead of commander's "unknown option". Undefined for every other command line.
 */
export function addOptionWithoutDashes(argv: readonly string[]): string | undefined {
  const at = argv.indexOf("add");
  if (argv[at - 1] !== "mcp" || argv.includes("--")) return undefined;
  const positionals: string[] = [];
  for (let i = at + 1; i < argv.length; i++) {
    const a = argv[i] ?? "";
    if (!a.startsWith("-") || a === "-") {
      positionals.push(a);
      continue;
    }
    const flag = a.includes("=") ? a.slice(0, a.indexOf("=")) : a;
    const takesValue = ADD_OPTIONS.get(flag);
    if (takesValue === undefined) {
      if (positionals.length < 2) return undefined; // no command yet: commander's own message fits
      const [name, ...target] = positionals;
      const rest = argv.slice(i).join(" ");
      return (
        `error: ${a} looks like an option of the server's command, not of mcp add: put -- before the command, ` +
        `e.g. codeagent mcp add ${name} -- ${[...target, rest].join(" ")}`
      );
    }
    if (takesValue && !a.includes("=")) i++;
  }
  return undefined;
}
