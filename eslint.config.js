// Lint: type-aware rules for the TypeScript sources; fixtures and build output are left alone.
import js from "@eslint/js";
import tseslint from "typescript-eslint";
import { layeringPlugin } from "./eslint/layering.js";

export default tseslint.config(
  {
    ignores: [
      "dist/**",
      "packages/*/dist/**",
      "node_modules/**",
      "coverage/**",
      "test/fixtures/**",
      "bench/results/**",
    ],
  },
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
  // Layering (STYLE.md): a lower core folder importing a higher one is a lint error, not a convention.
  {
    files: ["src/core/**/*.ts", "src/core/**/*.tsx"],
    plugins: { layering: layeringPlugin },
    rules: { "layering/core-layers": "error" },
  },
  {
    files: ["src/cli/**/*.ts", "src/cli/**/*.tsx"],
    plugins: { layering: layeringPlugin },
    rules: { "layering/cli-mcp-types": "error" },
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
