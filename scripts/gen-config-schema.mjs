// Writes schema/mcp-config.schema.json from the built zod schema (run `npm run build` first).
// A unit test compares the shipped file with the generator, so the two cannot drift apart.
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { configJsonSchema } from "../dist/core/config/json-schema.js";

const out = fileURLToPath(new URL("../schema/mcp-config.schema.json", import.meta.url));
writeFileSync(out, `${JSON.stringify(configJsonSchema(), null, 2)}\n`);
console.log(`wrote ${out}`);
