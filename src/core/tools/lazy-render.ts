// The model's view of a result, worked out when first read: a program calling tools through the library often
// reads only `content`, and rendering, capping and saving a 1 MiB result it never reads was most of its cost.
// Reading `text`, `media`, `truncated` or `savedTo` renders once (renderToolResult: the view is the same text);
// `isError` needs no rendering and is set at once. A small result is rendered at once: the accessors cost more
// than rendering a few kilobytes, and most calls return a few kilobytes.
import { renderToolResult, type RenderedResult, type RenderOptions } from "./output.js";

/** Where a lazy object keeps what it renders from (not enumerable: JSON, spreads and clones skip it). */
const SOURCE = Symbol("render source");

interface Source {
  raw: unknown;
  opts: RenderOptions;
  rendered?: RenderedResult;
}

type Lazy = Record<string | symbol, unknown> & { [SOURCE]: Source };

/** The view fields as own, enumerable accessors shared by every lazy result; setting one makes it plain. */
function accessor(read: (o: Lazy) => unknown, key: string): PropertyDescriptor {
  return {
    enumerable: true,
    configurable: true,
    get(this: Lazy) {
      return read(this);
    },
    set(this: Lazy, value: unknown) {
      Object.defineProperty(this, key, { value, enumerable: true, configurable: true, writable: true });
    },
  };
}

function view(o: Lazy): RenderedResult {
  const s = o[SOURCE];
  if (s.rendered === undefined) {
    s.rendered = renderToolResult(s.raw, s.opts);
    // The eager result has no `savedTo` unless the text was cut and saved.
    if (s.rendered.savedTo === undefined && Object.getOwnPropertyDescriptor(o, "savedTo")?.get !== undefined)
      Reflect.deleteProperty(o, "savedTo");
  }
  return s.rendered;
}

const TEXT = accessor((o) => view(o).text, "text");
const MEDIA = accessor((o) => view(o).media, "media");
const TRUNCATED = accessor((o) => view(o).truncated, "truncated");
const SAVED_TO = accessor((o) => view(o).savedTo, "savedTo");

/** Results whose blocks carry less than this many characters are rendered at once. */
export const RENDER_ON_READ_FROM = 32 * 1024;

/** The model's view of `raw`: rendered now when small, else on first read (renderOnRead). */
export function renderResult(raw: unknown, opts: RenderOptions): RenderedResult {
  return blockChars(raw) < RENDER_ON_READ_FROM ? renderToolResult(raw, opts) : renderOnRead(raw, opts);
}

/** Whether `r`'s view is still to be rendered (a renderOnRead result whose text was not read or set). */
export function rendersOnRead(r: object): boolean {
  return Object.getOwnPropertyDescriptor(r, "text")?.get !== undefined;
}

/** About how many characters a result's blocks carry (text, base64 data, embedded resources). */
function blockChars(raw: unknown): number {
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return 0;
  const r = raw as { content?: unknown; structuredContent?: unknown };
  // Without blocks, structuredContent's JSON is the text: not measured (that would be the work saved).
  if (!Array.isArray(r.content) || r.content.length === 0)
    return r.structuredContent === undefined ? 0 : RENDER_ON_READ_FROM;
  let n = 0;
  for (const b of r.content as unknown[]) {
    if (typeof b !== "object" || b === null) continue;
    const { text, data, resource } = b as { text?: unknown; data?: unknown; resource?: unknown };
    if (typeof text === "string") n += text.length;
    if (typeof data === "string") n += data.length;
    if (typeof resource === "object" && resource !== null) {
      const { text: t, blob } = resource as { text?: unknown; blob?: unknown };
      if (typeof t === "string") n += t.length;
      if (typeof blob === "string") n += blob.length;
    }
  }
  return n;
}

/**
 * A RenderedResult whose view fields render `raw` on first read, with the eager one's keys in its order.
 * Spreading it, JSON and structuredClone read the fields, and so render.
 */
export function renderOnRead(raw: unknown, opts: RenderOptions): RenderedResult {
  const o = {} as Lazy;
  Object.defineProperty(o, SOURCE, { value: { raw, opts } satisfies Source });
  Object.defineProperty(o, "text", TEXT);
  o.isError =
    typeof raw === "object" &&
    raw !== null &&
    !Array.isArray(raw) &&
    "isError" in raw &&
    raw.isError === true;
  Object.defineProperty(o, "media", MEDIA);
  Object.defineProperty(o, "truncated", TRUNCATED);
  Object.defineProperty(o, "savedTo", SAVED_TO);
  return o as unknown as RenderedResult;
}

/** Where a document that reads through keeps the result it reads (not enumerable). */
const THROUGH = Symbol("view of");

type Through = Record<string | symbol, unknown> & { [THROUGH]: Partial<RenderedResult> };

function throughAccessor(key: "text" | "truncated" | "savedTo"): PropertyDescriptor {
  return accessor((o) => {
    const v = (o as unknown as Through)[THROUGH][key];
    if (v === undefined && key === "savedTo") Reflect.deleteProperty(o, key);
    return v;
  }, key);
}

const THROUGH_FIELDS = {
  text: throughAccessor("text"),
  truncated: throughAccessor("truncated"),
  savedTo: throughAccessor("savedTo"),
};

/**
 * Adds `text`, `truncated` and `savedTo` to `to` (in that order) as accessors reading `from`'s, so a lazy
 * result stays lazy in a document built from it.
 */
export function withViewOf<T extends object>(
  to: T,
  from: Partial<Pick<RenderedResult, "text" | "truncated" | "savedTo">>,
): T & Pick<RenderedResult, "text" | "truncated"> & { savedTo?: string } {
  Object.defineProperty(to, THROUGH, { value: from });
  Object.defineProperties(to, THROUGH_FIELDS);
  return to as T & Pick<RenderedResult, "text" | "truncated"> & { savedTo?: string };
}
