// web_fetch: GETs an http(s) URL and returns it as readable text — HTML converted to markdown, text and JSON
// as they are. It asks through the gate (the URL is in the arguments the user sees). Redirects are followed
// by hand, a few at most, and every target is checked again, so a redirect cannot lead to another scheme.
// The body read is bounded, and the text is capped like every tool output (§7).
import { createRequire } from "node:module";
import type * as Nhm from "node-html-markdown";
import type { ToolEntry, ToolResult } from "../types.js";
import { defineBuiltin, errorText, fail, ok, type BuiltinOptions } from "./common.js";

export const MAX_REDIRECTS = 5;
export const MAX_BODY_BYTES = 5 * 1024 * 1024;
export const FETCH_TIMEOUT_MS = 30_000;

export function webFetchTool(opts: BuiltinOptions): ToolEntry {
  return defineBuiltin(
    {
      name: "web_fetch",
      description:
        "Fetches a web page or file over http(s) and returns its content as text (HTML converted to " +
        "markdown). Use it for documentation and references the user points to. prompt says what to look " +
        "for; the page follows it in the result. Long pages are cut.",
      schema: {
        type: "object",
        properties: {
          url: { type: "string", description: "An http:// or https:// URL" },
          prompt: { type: "string", description: "What you want to learn from the page" },
        },
        required: ["url"],
      },
      readOnly: false,
      subject: (a) => (typeof a.url === "string" ? { kind: "fetch", url: a.url } : undefined),
      async run(args, ctx) {
        const url = args.string("url");
        const prompt = args.optString("prompt");
        return fetchReadable(url, {
          ...(ctx.signal !== undefined && { signal: ctx.signal }),
          ...(prompt !== undefined && { prompt }),
        });
      },
    },
    opts,
  );
}

/** Pure: why this URL may not be fetched, or undefined when it may. */
export function urlProblem(raw: string): string | undefined {
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    return `"${raw}" is not a valid URL; give an absolute http:// or https:// URL`;
  }
  if (u.protocol !== "http:" && u.protocol !== "https:") {
    return `only http:// and https:// URLs can be fetched, not ${u.protocol}`;
  }
  return undefined;
}

export async function fetchReadable(
  start: string,
  o: { signal?: AbortSignal; prompt?: string; timeoutMs?: number },
): Promise<ToolResult> {
  const first = urlProblem(start);
  if (first !== undefined) return fail(`web_fetch: ${first}.`);
  const timeout = AbortSignal.timeout(o.timeoutMs ?? FETCH_TIMEOUT_MS);
  const signal = o.signal !== undefined ? AbortSignal.any([o.signal, timeout]) : timeout;
  let url = new URL(start).toString();
  const hops: string[] = [];
  let res: Response;
  try {
    for (;;) {
      res = await fetch(url, {
        redirect: "manual",
        signal,
        headers: { accept: "text/html, text/markdown, text/plain, application/json;q=0.9, */*;q=0.5" },
      });
      if (res.status < 300 || res.status >= 400 || res.status === 304) break;
      const location = res.headers.get("location");
      await res.body?.cancel();
      if (location === null) return fail(`web_fetch: ${url} answered ${res.status} without a Location.`);
      const next = new URL(location, url).toString();
      const problem = urlProblem(next);
      if (problem !== undefined) return fail(`web_fetch: ${url} redirects to ${next}, refused: ${problem}.`);
      hops.push(next);
      if (hops.length > MAX_REDIRECTS) {
        return fail(`web_fetch: more than ${MAX_REDIRECTS} redirects from ${start} (last: ${next}).`);
      }
      url = next;
    }
  } catch (e) {
    if (o.signal?.aborted === true) return fail("web_fetch: cancelled by the user.");
    if (timeout.aborted)
      return fail(`web_fetch: ${url} did not answer within ${(o.timeoutMs ?? FETCH_TIMEOUT_MS) / 1000} s.`);
    return fail(`web_fetch: cannot fetch ${url}: ${causeText(e)}.`);
  }
  const type = (res.headers.get("content-type") ?? "").toLowerCase();
  let body: { text: string; cut: boolean };
  try {
    body = await readBounded(res, MAX_BODY_BYTES);
  } catch (e) {
    return fail(`web_fetch: reading ${url} failed: ${causeText(e)}.`);
  }
  const head = [
    `URL: ${url}${hops.length > 0 ? ` (redirected from ${start})` : ""}`,
    `Status: ${res.status}${res.statusText !== "" ? ` ${res.statusText}` : ""}`,
    ...(type !== "" ? [`Content-Type: ${type}`] : []),
    ...(o.prompt !== undefined ? [`Looking for: ${o.prompt}`] : []),
  ];
  if (!isText(type, body.text)) {
    return fail(
      `${head.join("\n")}\n\nweb_fetch reads text only; this is binary content (${type || "unknown type"}).`,
    );
  }
  const content =
    type.includes("html") || /^\s*<(!doctype html|html)/i.test(body.text)
      ? htmlToMarkdown(body.text)
      : body.text;
  const cut = body.cut ? `\n\n[the body was cut at ${MAX_BODY_BYTES} bytes]` : "";
  const text = `${head.join("\n")}\n\n${content.trim()}${cut}`;
  return res.ok ? ok(text) : fail(text);
}

export function htmlToMarkdown(html: string): string {
  // Scripts, styles and the like carry no reading matter.
  const clean = html.replace(/<(script|style|noscript|template|svg)\b[\s\S]*?<\/\1\s*>/gi, "");
  return converter().translate(clean, { keepDataImages: false, maxConsecutiveNewlines: 2 });
}

let nhm: typeof Nhm.NodeHtmlMarkdown | undefined;

/**
 * The HTML converter, loaded at the first page read: it is a tree of CommonJS packages that took longer to
 * load than anything else registering the built-in tools, which `mcp search` and every session do.
 */
function converter(): typeof Nhm.NodeHtmlMarkdown {
  nhm ??= (createRequire(import.meta.url)("node-html-markdown") as typeof Nhm).NodeHtmlMarkdown;
  return nhm;
}

function isText(type: string, sample: string): boolean {
  if (type.startsWith("text/") || /json|xml|javascript|yaml|markdown|html/.test(type)) return true;
  if (type !== "" && !type.startsWith("application/octet-stream")) return false;
  return !sample.slice(0, 8192).includes("\u0000");
}

async function readBounded(res: Response, max: number): Promise<{ text: string; cut: boolean }> {
  if (res.body === null) return { text: "", cut: false };
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let cut = false;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (size + value.length > max) {
      chunks.push(value.subarray(0, max - size));
      cut = true;
      await reader.cancel();
      break;
    }
    chunks.push(value);
    size += value.length;
  }
  return { text: new TextDecoder().decode(Buffer.concat(chunks)), cut };
}

/** fetch wraps the reason (ECONNREFUSED, ENOTFOUND) in `cause`. */
function causeText(e: unknown): string {
  const cause = (e as { cause?: unknown } | null)?.cause;
  if (cause !== undefined && cause !== null) {
    const code = (cause as { code?: unknown }).code;
    return typeof code === "string" ? `${code} (${errorText(cause)})` : errorText(cause);
  }
  return errorText(e);
}
