// What went wrong with a model request, read from the error the AI SDK reports: a status and the provider's
// own message, or the socket-level cause (undici and Node codes) found down the `cause` chain. Pure; the
// retry policy and the error message both work from this value, never from the error's text.
import { printable } from "../../text/printable.js";
import { isContextOverflow, overflowFigures } from "./overflow-words.js";

export type FailureKind =
  /** No TCP/TLS connection within modelConnectTimeoutMs. */
  | "connect-timeout"
  /** Connected, but no response headers within modelFirstByteTimeoutMs. */
  | "first-byte-timeout"
  /** The response stopped sending for modelIdleTimeoutMs. */
  | "idle-timeout"
  /** Nothing listens at the address. */
  | "refused"
  /** The host name does not resolve. */
  | "unresolved"
  /** The connection was reset or closed before the response was complete. */
  | "cut"
  /** The provider answered with an HTTP error status. */
  | "http"
  /** The provider said the request is longer than the model's context window. */
  | "context-overflow"
  | "other";

export interface ProviderFailure {
  kind: FailureKind;
  status?: number;
  /** The provider's own words (from the error body), made printable and capped. */
  providerMessage?: string;
  /** Response headers (lower-case names), for retry-after and rate-limit resets. */
  headers?: Record<string, string>;
  /** For "context-overflow": the request's tokens and the model's limit, when the provider said them. */
  figures?: { requested: number; limit: number };
  /** The low-level cause (`ECONNRESET`, `other side closed`), for the message. */
  detail?: string;
}

const CODE_KINDS: Record<string, FailureKind> = {
  UND_ERR_CONNECT_TIMEOUT: "connect-timeout",
  UND_ERR_HEADERS_TIMEOUT: "first-byte-timeout",
  UND_ERR_BODY_TIMEOUT: "idle-timeout",
  ECONNREFUSED: "refused",
  ENOTFOUND: "unresolved",
  EAI_AGAIN: "unresolved",
  ECONNRESET: "cut",
  EPIPE: "cut",
  ETIMEDOUT: "connect-timeout",
  UND_ERR_SOCKET: "cut",
  UND_ERR_CLOSED: "cut",
};

interface ErrorLike {
  name?: unknown;
  message?: unknown;
  code?: unknown;
  cause?: unknown;
  lastError?: unknown;
  statusCode?: unknown;
  responseBody?: unknown;
  responseHeaders?: unknown;
}

/** Every error in the chain: the error, its `lastError` (a RetryError), its causes. */
function chain(e: unknown): ErrorLike[] {
  const out: ErrorLike[] = [];
  const seen = new Set<unknown>();
  let current: unknown = e;
  while (current !== null && typeof current === "object" && !seen.has(current) && out.length < 10) {
    seen.add(current);
    const c = current as ErrorLike;
    out.push(c);
    current = c.lastError ?? c.cause;
  }
  return out;
}

export function classifyFailure(e: unknown): ProviderFailure {
  const errors = chain(e);
  for (const c of errors) {
    const kind = typeof c.code === "string" ? CODE_KINDS[c.code] : undefined;
    if (kind !== undefined) return { kind, detail: text(c.message) ?? (c.code as string) };
  }
  const api = errors.find((c) => typeof c.statusCode === "number" && c.statusCode >= 400);
  if (api !== undefined) {
    const status = api.statusCode as number;
    const body = typeof api.responseBody === "string" ? api.responseBody : undefined;
    const providerMessage = messageOf(body) ?? text(api.message);
    const headers = headersOf(api.responseHeaders);
    const said = `${body ?? ""}\n${text(api.message) ?? ""}`;
    const overflow = isContextOverflow(said);
    const figures = overflow ? overflowFigures(said) : undefined;
    return {
      ...(figures !== undefined && { figures }),
      kind: overflow ? "context-overflow" : "http",
      status,
      ...(providerMessage !== undefined && { providerMessage: printable(providerMessage, 600) }),
      ...(headers !== undefined && { headers }),
    };
  }
  // A stream the server ended mid-answer ("terminated" with no code), or a parse failure of what it sent.
  const terminated = errors.find((c) => c.name === "TypeError" && c.message === "terminated");
  if (terminated !== undefined) return { kind: "cut", detail: "the connection closed mid-answer" };
  const last = errors.at(-1);
  const detail = text(last?.message);
  return { kind: "other", ...(detail !== undefined && { detail: printable(detail, 600) }) };
}

/** The provider's message in its error body: OpenAI/Anthropic/Gemini `error.message`, others `message`/`detail`/`error`. */
export function messageOf(body: string | undefined): string | undefined {
  if (body === undefined || body.trim() === "") return undefined;
  let v: unknown;
  try {
    v = JSON.parse(body);
  } catch {
    return printable(body.trim(), 600);
  }
  const o = (Array.isArray(v) ? v[0] : v) as Record<string, unknown> | undefined;
  if (o === undefined || o === null || typeof o !== "object") return printable(body.trim(), 600);
  const err = o.error;
  if (typeof err === "string") return err;
  if (err !== null && typeof err === "object") {
    const m = (err as Record<string, unknown>).message;
    const type = (err as Record<string, unknown>).type ?? (err as Record<string, unknown>).status;
    if (typeof m === "string") return typeof type === "string" && type !== "" ? `${type}: ${m}` : m;
  }
  for (const k of ["message", "detail"]) if (typeof o[k] === "string") return o[k];
  return printable(body.trim(), 600);
}

function headersOf(h: unknown): Record<string, string> | undefined {
  if (h === null || typeof h !== "object") return undefined;
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(h)) if (typeof v === "string") out[k.toLowerCase()] = v;
  return out;
}

function text(v: unknown): string | undefined {
  return typeof v === "string" && v.trim() !== "" ? v : undefined;
}
