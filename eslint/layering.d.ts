// Types of eslint/layering.js for the tests that import it.
import type { ESLint, Rule } from "eslint";

export declare const LAYERS: string[][];
export declare function layeringViolation(core: string, from: string, to: string): string | undefined;
export declare const coreLayersRule: Rule.RuleModule;
export declare function cliImportViolation(to: string, typeOnly: boolean): string | undefined;
export declare const cliMcpTypesRule: Rule.RuleModule;
export declare const layeringPlugin: ESLint.Plugin;
