// The JavaScript engine of code mode: QuickJS compiled to WebAssembly (quickjs-emscripten's release-sync
// variant). The WebAssembly module is compiled once per process; a script runs in an instance of its own
// with its own linear memory, whose maximum is the script's memory limit. That memory is the limit QuickJS
// cannot lie about: its own malloc accounting is broken under Emscripten (quickjs-emscripten #255, #271), so
// `setMemoryLimit` alone lets a script allocate without bound. Growing past the maximum fails the allocation
// and QuickJS throws "out of memory"; that instance is dropped with the script. An instance whose script ended
// cleanly is kept for a later one (a new runtime and context each time: no JavaScript state carries over, and
// a script cannot read raw memory), which saves instantiating WebAssembly per script.
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import type * as QuickJsCore from "quickjs-emscripten-core";
import type { QuickJSSyncVariant, QuickJSWASMModule } from "quickjs-emscripten-core";
import { CodeagentError, errorMessage } from "../errors.js";

/** WebAssembly pages are 64 KiB; the variant's memory starts at 16 MiB (256 pages). */
const PAGE = 65536;
const INITIAL_PAGES = 256;

/** The parts of the WebAssembly global used here (Node has it; its types live in the DOM lib). */
interface Wasm {
  compile(bytes: Uint8Array): Promise<object>;
  Memory: new (d: { initial: number; maximum: number }) => object;
}
const wasm = (globalThis as unknown as { WebAssembly: Wasm }).WebAssembly;

let compiled: Promise<object> | undefined;
let quickjs: Promise<QuickJs> | undefined;

interface QuickJs {
  core: typeof QuickJsCore;
  variant: QuickJSSyncVariant;
}

/** QuickJS's JavaScript, loaded with the first engine rather than with the library: most hosts never run code. */
function loadQuickJs(): Promise<QuickJs> {
  quickjs ??= Promise.all([
    import("quickjs-emscripten-core"),
    import("@jitl/quickjs-wasmfile-release-sync"),
  ]).then(
    // The package's types describe its CommonJS build; Node loads its ESM build, whose default is the variant.
    ([core, releaseSync]) => ({
      core,
      variant: (releaseSync as unknown as { default: QuickJSSyncVariant }).default,
    }),
  );
  return quickjs;
}

function compiledModule(): Promise<object> {
  compiled ??= (async () => {
    const file = createRequire(import.meta.url).resolve("@jitl/quickjs-wasmfile-release-sync/wasm");
    return wasm.compile(await readFile(file));
  })().catch((e: unknown) => {
    compiled = undefined;
    throw new CodeagentError("INTERNAL", `the code-mode engine (QuickJS) could not load: ${errorMessage(e)}`);
  });
  return compiled;
}

/** Instances kept for reuse, per memory limit (at most a few: parallel scripts each need their own). */
const idle = new Map<number, QuickJSWASMModule[]>();
const KEEP = 2;

export interface EngineLease {
  engine: QuickJSWASMModule;
  /** Gives the instance back: kept when its script ended cleanly, dropped after a fault (out of memory). */
  release(reusable: boolean): void;
}

/** An engine whose heap can never pass `memoryMb`: an idle one, or a fresh instance. */
export async function leaseEngine(memoryMb: number): Promise<EngineLease> {
  const engine = idle.get(memoryMb)?.pop() ?? (await newEngine(memoryMb));
  return {
    engine,
    release(reusable) {
      if (!reusable) return;
      const list = idle.get(memoryMb) ?? [];
      if (list.length < KEEP) idle.set(memoryMb, [...list, engine]);
    },
  };
}

/** A fresh engine whose heap can never pass `memoryMb`. */
export async function newEngine(memoryMb: number): Promise<QuickJSWASMModule> {
  const wasmModule = await compiledModule();
  const maximum = Math.max(INITIAL_PAGES, Math.floor((memoryMb * 1024 * 1024) / PAGE));
  const wasmMemory = new wasm.Memory({ initial: INITIAL_PAGES, maximum });
  const { core, variant } = await loadQuickJs();
  return core.newQuickJSWASMModuleFromVariant(core.newVariant(variant, { wasmModule, wasmMemory }));
}

/** Compiles the engine ahead of the first script (the agent does it while servers start). */
export function warmEngine(): Promise<void> {
  return compiledModule().then(() => undefined);
}
