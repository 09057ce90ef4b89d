// Lint: type-aware rules for the TypeScript sources; fixtures and build output are left alone.
import js from "@eslint/js";
import tseslint from "typescript-eslint";

/**
 * Layering (STYLE.md): data flows config → mcp → tools → agent → cli, with text/ below everything. A lower
 * folder importing a higher one is a lint error, not a convention. Tests may reach across for fixtures.
 */
function layer(files, message, above) {
  const depths = ["../", "../../", "../../../"];
  const group = above.flatMap((f) => depths.flatMap((d) => [`${d}${f}`, `${d}${f}/**`]));
  return {
    files,
    ignores: ["src/**/*.test.ts", "src/**/*.test.tsx"],
    rules: { "no-restricted-imports": ["error", { patterns: [{ group, message }] }] },
  };
}
const UPPER = ["tools", "agent", "host", "cli"];

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
  layer(["src/core/**"], "the core never imports the CLI", ["cli"]),
  layer(
    ["src/core/{schema,mcp,config,permissions}/**"],
    "schema/, mcp/, config/ and permissions/ sit below tools/, agent/, host/ and the CLI",
    UPPER,
  ),
  layer(["src/core/text/**"], "text/ is the lowest core folder: it imports no other part of codeagent", [
    ...["schema", "mcp", "config", "permissions", ...UPPER],
    ...["errors.js", "paths.js", "settings.js"],
  ]),
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
