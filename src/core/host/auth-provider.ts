// A program's own OAuth (the `authProvider` option, §17): the SDK's `OAuthClientProvider` shape, for every remote
// server or per server name. Where it gives none, codeagent's flow and stored tokens apply (§8.5).
import type { OAuthClientProvider } from "@modelcontextprotocol/client";
import type { HostAuthProvider } from "./options.js";

export function programProvider(p: HostAuthProvider): (server: string) => OAuthClientProvider | undefined {
  return typeof p === "function" ? p : () => p;
}
