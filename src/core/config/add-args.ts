// Builds the entry `mcp add` writes from its flags: a command (stdio) or a URL (http/sse), -e and -H.
import { CodeagentError } from "../errors.js";

export interface AddArgs {
  transport?: "stdio" | "http" | "sse";
  /** `-e KEY=VALUE`, stdio only. */
  env: string[];
  /** `-H "Name: value"`, http/sse only. */
  headers: string[];
  commandOrUrl: string;
  args: string[];
  /** Claude Code's OAuth flags for a remote server: `--client-id`, `--client-secret`, `--callback-port`. */
  oauth?: { clientId?: string; clientSecret?: string; callbackPort?: string };
}

/** The entry `mcp add` writes. A URL target means http (with SSE fallback) unless --transport says otherwise. */
export function entryFromAddArgs(a: AddArgs): Record<string, unknown> {
  const usage = (message: string) => new CodeagentError("USAGE", message);
  if (a.commandOrUrl === "") throw usage("mcp add needs a command or a URL after the name");
  const looksLikeUrl = /^https?:\/\//i.test(a.commandOrUrl);
  const transport = a.transport ?? (looksLikeUrl ? "http" : "stdio");
  const oauth = oauthOf(a.oauth);
  if (transport === "stdio") {
    if (a.headers.length > 0) throw usage("-H/--header applies to http and sse servers, not to a command");
    if (oauth !== undefined)
      throw usage(
        "--client-id, --client-secret and --callback-port apply to http and sse servers, not to a command",
      );
    const env = pairs(
      a.env,
      "=",
      /^[A-Za-z_][A-Za-z0-9_]*$/,
      (item) => `-e expects KEY=VALUE, got ${JSON.stringify(item)}`,
    );
    return {
      command: a.commandOrUrl,
      ...(a.args.length > 0 && { args: a.args }),
      ...(a.env.length > 0 && { env }),
    };
  }
  if (!looksLikeUrl)
    throw usage(`--transport ${transport} needs an http(s) URL, got ${JSON.stringify(a.commandOrUrl)}`);
  if (a.args.length > 0) throw usage(`unexpected arguments after the URL: ${a.args.join(" ")}`);
  if (a.env.length > 0)
    throw usage("-e/--env applies to stdio servers; send values to a remote server with -H");
  const headers = pairs(
    a.headers,
    ":",
    /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/,
    (item) => `-H expects "Name: value", got ${JSON.stringify(item)}`,
  );
  return {
    ...(a.transport !== undefined && { type: transport }),
    url: a.commandOrUrl,
    ...(a.headers.length > 0 && { headers }),
    ...(oauth !== undefined && { oauth }),
  };
}

function oauthOf(o: AddArgs["oauth"]): Record<string, unknown> | undefined {
  if (o === undefined) return undefined;
  const out: Record<string, unknown> = {};
  if (o.clientId !== undefined) out.clientId = o.clientId;
  if (o.clientSecret !== undefined) out.clientSecret = o.clientSecret;
  if (o.callbackPort !== undefined) {
    const port = Number(o.callbackPort);
    if (!Number.isInteger(port) || port < 1 || port > 65535)
      throw new CodeagentError(
        "USAGE",
        `--callback-port must be a port number (1-65535), got "${o.callbackPort}"`,
      );
    out.callbackPort = port;
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

function pairs(
  items: string[],
  sep: string,
  key: RegExp,
  bad: (item: string) => string,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const item of items) {
    const at = item.indexOf(sep);
    const k = item.slice(0, at).trim();
    if (at === -1 || !key.test(k)) throw new CodeagentError("USAGE", bad(item));
    out[k] = sep === ":" ? item.slice(at + 1).trim() : item.slice(at + 1);
  }
  return out;
}
