// Lint: type-aware rules for the TypeScript sources; fixtures and build output are left alone.
import js from "@eslint/js";
import tseslint from "typescript-eslint";

/** A no-restricted-imports pattern for relative imports that reach one of `folders` (or files) of src/. */
function layer(message, ...folders) {
  return {
    group: folders.flatMap((f) => [
      `../${f}`,
      `../${f}/**`,
      `../../${f}`,
      `../../${f}/**`,
      `../../../${f}/**`,
    ]),
    message,
  };
}

export default tseslint.config(
  { ignores: ["dist/**", "node_modules/**", "coverage/**", "test/fixtures/**", "bench/results/**"] },
  js.configs.recommended,
  {
    files: ["**/*.ts", "**/*.tsx"],
    extends: [...tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-misused-promises": "error",
      "@typescript-eslint/consistent-type-imports": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/require-await": "off",
      "@typescript-eslint/no-unsafe-assignment": "off",
      "@typescript-eslint/no-unsafe-member-access": "off",
      "@typescript-eslint/no-unsafe-argument": "off",
      "@typescript-eslint/no-unsafe-return": "off",
      "@typescript-eslint/no-unsafe-call": "off",
      "@typescript-eslint/restrict-template-expressions": "off",
      "no-console": "error",
    },
  },
  {
    files: ["src/cli/**", "scripts/**", "bench/**", "test/**"],
    rules: { "no-console": "off" },
  },
  // Layering (STYLE.md): data flows config → mcp → tools → agent → cli, with text/ below everything. A lower
  // folder importing a higher one is a lint error, not a convention.
  {
    files: ["src/core/**"],
    ignores: ["src/core/**/*.test.ts", "src/core/**/*.test.tsx"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [layer("the core never imports the CLI", "cli")] }],
    },
  },
  {
    files: ["src/core/{schema,mcp,config,permissions}/**"],
    ignores: ["src/core/**/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            layer(
              "schema/, mcp/, config/ and permissions/ sit below tools/, agent/, host/ and the CLI",
              "tools",
              "agent",
              "host",
              "cli",
            ),
          ],
        },
      ],
    },
  },
  {
    files: ["src/core/text/**"],
    ignores: ["src/core/**/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            layer(
              "text/ is the lowest core folder: it imports no other part of codeagent",
              "schema",
              "mcp",
              "config",
              "permissions",
              "tools",
              "agent",
              "host",
              "cli",
              "errors.js",
              "paths.js",
              "settings.js",
            ),
          ],
        },
      ],
    },
  },
  {
    files: ["**/*.js", "**/*.mjs"],
    languageOptions: {
      globals: {
        process: "readonly",
        console: "readonly",
        setTimeout: "readonly",
        clearTimeout: "readonly",
        setInterval: "readonly",
        clearInterval: "readonly",
        Buffer: "readonly",
        URL: "readonly",
      },
    },
  },
);
