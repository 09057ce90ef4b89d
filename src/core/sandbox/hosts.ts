// Host names, pure: whether the proxy lets a host through, and which hosts a server entry itself names (the
// network allowlist a user server gets by default, §18.3).

/**
 * `pattern` is `host`, `*.host` (any subdomain, not the host itself) or either with `:port`. Names compare
 * without case and without a trailing dot. Without a port, any port matches.
 */
export function hostAllowed(host: string, port: number, patterns: readonly string[]): boolean {
  const h = normalizeHost(host);
  return patterns.some((raw) => {
    const { name, port: p } = splitPattern(raw);
    if (p !== undefined && p !== port) return false;
    if (name.startsWith("*.")) return h.endsWith(name.slice(1)) && h.length > name.length - 1;
    return h === name;
  });
}

function normalizeHost(host: string): string {
  return host
    .toLowerCase()
    .replace(/^\[|\]$/g, "")
    .replace(/\.$/, "");
}

function splitPattern(raw: string): { name: string; port?: number } {
  const m = /^(.*?)(?::(\d{1,5}))?$/.exec(raw.trim());
  const name = normalizeHost(m?.[1] ?? raw);
  const port = m?.[2] !== undefined ? Number(m[2]) : undefined;
  return port !== undefined ? { name, port } : { name };
}

/** The registries a package launcher downloads from, and the cache it writes to (relative to the home). */
const LAUNCHERS: Record<string, { hosts: string[]; caches: string[] }> = {
  npx: { hosts: ["registry.npmjs.org"], caches: [".npm"] },
  npm: { hosts: ["registry.npmjs.org"], caches: [".npm"] },
  pnpm: { hosts: ["registry.npmjs.org"], caches: [".local/share/pnpm", ".cache/pnpm"] },
  bunx: { hosts: ["registry.npmjs.org"], caches: [".bun"] },
  uvx: { hosts: ["pypi.org", "files.pythonhosted.org"], caches: [".cache/uv"] },
  uv: { hosts: ["pypi.org", "files.pythonhosted.org"], caches: [".cache/uv"] },
  pipx: { hosts: ["pypi.org", "files.pythonhosted.org"], caches: [".local/pipx", ".cache/pip"] },
};

/** What a launcher command (`npx`, `uvx`, …) needs to fetch and run its package; nothing for other commands. */
export function launcherNeeds(command: string): { hosts: string[]; caches: string[] } {
  const base = command.split(/[\\/]/).pop() ?? command;
  return LAUNCHERS[base.replace(/\.(cmd|exe)$/i, "")] ?? { hosts: [], caches: [] };
}

const URL_HOST = /\b(https?|wss?):\/\/(?:[^@/\s]*@)?(\[[^\]]+\]|[A-Za-z0-9.-]+)(?::(\d+))?/g;

/**
 * Hosts an entry names in its args, env values or url: `https://api.example.com/v1` names `api.example.com`, and
 * `http://localhost:9000` names `localhost:9000` (a loopback service is allowed only with its port).
 */
export function hostsNamedBy(entry: {
  command?: string;
  args?: readonly string[];
  env?: Record<string, string>;
}): string[] {
  const texts = [...(entry.args ?? []), ...Object.values(entry.env ?? {})];
  const out = new Set<string>(launcherNeeds(entry.command ?? "").hosts);
  for (const t of texts) {
    for (const m of t.matchAll(URL_HOST)) {
      const host = normalizeHost(m[2] ?? "");
      if (host === "") continue;
      const secure = m[1] === "https" || m[1] === "wss";
      out.add(isLoopbackName(host) ? `${host}:${m[3] ?? (secure ? 443 : 80)}` : host);
    }
  }
  return [...out];
}

export function isLoopbackName(host: string): boolean {
  const h = normalizeHost(host);
  return h === "localhost" || h.endsWith(".localhost") || h === "::1" || /^127\.\d+\.\d+\.\d+$/.test(h);
}
