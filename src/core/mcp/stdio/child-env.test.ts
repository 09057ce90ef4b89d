import { describe, expect, it } from "vitest";
import type { Env } from "../../paths.js";
import { childEnv } from "./child-env.js";

interface Case {
  name: string;
  parent: Env;
  configured: Record<string, string>;
  platform: NodeJS.Platform;
  expected: Record<string, string>;
}

const parent = {
  PATH: "/usr/local/bin:/usr/bin",
  HOME: "/home/ada",
  USER: "ada",
  LOGNAME: "ada",
  LANG: "en_GB.UTF-8",
  LC_ALL: "en_GB.UTF-8",
  TERM: "xterm-256color",
  TMPDIR: "/tmp",
  SHELL: "/bin/zsh",
  TZ: "Europe/London",
  OPENAI_API_KEY: "sk-parent",
  ANTHROPIC_API_KEY: "sk-ant-parent",
  AWS_SECRET_ACCESS_KEY: "aws-parent",
  GITHUB_TOKEN: "ghp-parent",
  NODE_OPTIONS: "--require /tmp/evil.js",
  NODE_EXTRA_CA_CERTS: "/etc/corp.pem",
  CODEAGENT_HOME: "/home/ada/.codeagent",
  UNSET_ONE: undefined,
};

const posixBase = {
  PATH: "/usr/local/bin:/usr/bin",
  HOME: "/home/ada",
  USER: "ada",
  LOGNAME: "ada",
  LANG: "en_GB.UTF-8",
  LC_ALL: "en_GB.UTF-8",
  TERM: "xterm-256color",
  TMPDIR: "/tmp",
  SHELL: "/bin/zsh",
  TZ: "Europe/London",
};

describe("childEnv", () => {
  it.each<Case>([
    {
      name: "keeps only the essentials of the parent on POSIX",
      parent,
      configured: {},
      platform: "linux",
      expected: posixBase,
    },
    {
      name: "adds the configured env, which wins over the parent",
      parent,
      configured: { API_KEY: "configured", PATH: "/opt/bin" },
      platform: "darwin",
      expected: { ...posixBase, PATH: "/opt/bin", API_KEY: "configured" },
    },
    {
      name: "passes a secret or NODE_EXTRA_CA_CERTS only when configured",
      parent,
      configured: { OPENAI_API_KEY: "sk-for-this-server", NODE_EXTRA_CA_CERTS: "/etc/corp.pem" },
      platform: "linux",
      expected: { ...posixBase, OPENAI_API_KEY: "sk-for-this-server", NODE_EXTRA_CA_CERTS: "/etc/corp.pem" },
    },
    {
      name: "drops exported shell functions",
      parent: { PATH: "/usr/bin", SHELL: "() { echo pwned; }" },
      configured: {},
      platform: "linux",
      expected: { PATH: "/usr/bin" },
    },
    {
      name: "keeps the Windows essentials, matching names case-insensitively",
      parent: {
        Path: "C:\\Windows\\system32",
        PATHEXT: ".COM;.EXE;.BAT;.CMD",
        SystemRoot: "C:\\Windows",
        ComSpec: "C:\\Windows\\system32\\cmd.exe",
        APPDATA: "C:\\Users\\ada\\AppData\\Roaming",
        USERPROFILE: "C:\\Users\\ada",
        TEMP: "C:\\Users\\ada\\AppData\\Local\\Temp",
        OPENAI_API_KEY: "sk-parent",
        HOME: "C:\\Users\\ada",
      },
      configured: { PATH: "C:\\tools" },
      platform: "win32",
      expected: {
        PATHEXT: ".COM;.EXE;.BAT;.CMD",
        SystemRoot: "C:\\Windows",
        ComSpec: "C:\\Windows\\system32\\cmd.exe",
        APPDATA: "C:\\Users\\ada\\AppData\\Roaming",
        USERPROFILE: "C:\\Users\\ada",
        TEMP: "C:\\Users\\ada\\AppData\\Local\\Temp",
        PATH: "C:\\tools",
      },
    },
  ])("$name", ({ parent: p, configured, platform, expected }) => {
    expect(childEnv(p, configured, platform)).toEqual(expected);
  });
});
