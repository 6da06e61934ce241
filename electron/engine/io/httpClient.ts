import http from "node:http";
import https from "node:https";
import { pipeline, Readable, Transform } from "node:stream";
import zlib from "node:zlib";

/**
 * The one HTTP client (node:http/https), used by the intranet search provider, the model
 * downloader and the remote LLM providers. Every limit is explicit — Node's and undici's defaults
 * are minutes long or unlimited (reliability notes §0.10):
 *   connectMs   TCP (+TLS) connect
 *   headersMs   request sent → status line and headers (a cold model load on a server counts here)
 *   idleMs      longest silence between two body chunks (a stalled stream)
 *   totalMs     the whole exchange, so a slow trickle cannot outlive it (optional for streams)
 *   maxBytes    body cap, counted before and after decompression (optional for downloads)
 * A fresh connection per request (agent:false): a pooled socket the server already closed would
 * surface as a spurious reset mid-download.
 */
export interface HttpLimits {
  connectMs: number;
  headersMs: number;
  idleMs?: number;
  totalMs?: number;
  maxBytes?: number;
}

export type HttpFailureKind = "connect_timeout" | "headers_timeout" | "idle_timeout" | "total_timeout" | "network" | "too_large" | "aborted" | "bad_url";

/** A failed exchange; `kind` tells the retry policy whether trying again can help. */
export class HttpFailure extends Error {
  constructor(
    readonly kind: HttpFailureKind,
    message: string,
    /** The socket's error code of a network failure (ECONNREFUSED, ENOTFOUND …), for a message that names the cause. */
    readonly code?: string,
  ) {
    super(message);
    this.name = "HttpFailure";
  }
  /** Timeouts and network errors may pass; a cap, a cancel or a bad URL will not. */
  get retryable(): boolean {
    return this.kind !== "too_large" && this.kind !== "aborted" && this.kind !== "bad_url";
  }
}

export interface HttpRequestOptions {
  url: string;
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  body?: string | Uint8Array;
  limits: HttpLimits;
  signal?: AbortSignal;
  /** Redirects to follow (model hosts redirect to CDNs); default 0 — an intranet endpoint that redirects is misconfigured. */
  maxRedirects?: number;
}

export interface OpenedResponse {
  response: http.IncomingMessage;
  /** The URL that answered, after redirects. */
  finalUrl: string;
  /** Destroys the request (and so the body stream) with `error`. */
  destroy(error: Error): void;
}

function abortFailure(signal: AbortSignal | undefined): HttpFailure {
  const reason = signal?.reason;
  return new HttpFailure("aborted", reason instanceof Error && reason.message ? reason.message : "Request cancelled.");
}

function openOnce(url: URL, options: HttpRequestOptions): Promise<OpenedResponse> {
  const { limits, signal } = options;
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortFailure(signal));
    const client = url.protocol === "https:" ? https : url.protocol === "http:" ? http : null;
    if (!client) return reject(new HttpFailure("bad_url", `Unsupported URL scheme ${url.protocol} in ${url.toString()}`));
    const headers: Record<string, string> = { ...options.headers };
    if (options.body !== undefined) headers["content-length"] = String(Buffer.byteLength(options.body));
    const req = client.request(url, { method: options.method ?? "GET", headers, agent: false });
    const timers = new Set<NodeJS.Timeout>();
    let settled = false;
    const arm = (ms: number, failure: () => HttpFailure): NodeJS.Timeout => {
      const timer = setTimeout(() => fail(failure()), ms);
      timers.add(timer);
      return timer;
    };
    let answered: http.IncomingMessage | undefined;
    const fail = (error: Error) => {
      if (!settled) {
        settled = true;
        reject(error);
      }
      // Once the body streams, the reader must see our reason (a timeout), not a bare "aborted".
      answered?.destroy(error);
      req.destroy(error);
    };
    const onAbort = () => fail(abortFailure(signal));
    signal?.addEventListener("abort", onAbort, { once: true });
    req.once("close", () => {
      timers.forEach(clearTimeout);
      signal?.removeEventListener("abort", onAbort);
    });
    if (limits.totalMs !== undefined) {
      const totalMs = limits.totalMs;
      arm(totalMs, () => new HttpFailure("total_timeout", `No complete response from ${url.host} within ${totalMs} ms.`));
    }
    const connectTimer = arm(limits.connectMs, () => new HttpFailure("connect_timeout", `Could not connect to ${url.host} within ${limits.connectMs} ms.`));
    let headersTimer: NodeJS.Timeout | undefined;
    req.once("socket", (socket) => {
      if (limits.idleMs !== undefined) {
        const idleMs = limits.idleMs;
        socket.setTimeout(idleMs, () => fail(new HttpFailure("idle_timeout", `No data for ${idleMs} ms from ${url.host}.`)));
      }
      const connected = () => {
        clearTimeout(connectTimer);
        headersTimer = arm(limits.headersMs, () => new HttpFailure("headers_timeout", `No response headers within ${limits.headersMs} ms from ${url.host}.`));
      };
      if (socket.connecting) socket.once(url.protocol === "https:" ? "secureConnect" : "connect", connected);
      else connected();
    });
    req.once("response", (response) => {
      clearTimeout(connectTimer);
      clearTimeout(headersTimer);
      if (settled) return void response.resume();
      settled = true;
      answered = response;
      resolve({ response, finalUrl: url.toString(), destroy: fail });
    });
    req.once("error", (error) =>
      fail(error instanceof HttpFailure ? error : new HttpFailure("network", `${error.message} (${url.host})`, (error as NodeJS.ErrnoException).code)),
    );
    req.end(options.body);
  });
}

/**
 * Open a request and return as soon as the headers arrive; the caller reads (or pipes) the body,
 * which stays under the idle and total limits. Redirects are followed up to `maxRedirects`.
 * Every failure is an {@link HttpFailure}.
 */
export async function openHttp(options: HttpRequestOptions): Promise<OpenedResponse> {
  let current: URL;
  try {
    current = new URL(options.url);
  } catch {
    throw new HttpFailure("bad_url", `Not a URL: ${options.url}`);
  }
  const maxRedirects = options.maxRedirects ?? 0;
  const origin = current.origin;
  for (let hop = 0; ; hop++) {
    // A credential is for the host it was configured for: a redirect to another origin (a CDN, a
    // mirror) never carries it.
    const opened = await openOnce(current, current.origin === origin ? options : withoutCredentials(options));
    const status = opened.response.statusCode ?? 0;
    const location = opened.response.headers.location;
    if (maxRedirects === 0 || status < 300 || status >= 400 || !location) return opened;
    opened.response.resume();
    opened.destroy(new Error("redirected"));
    if (hop >= maxRedirects) throw new HttpFailure("network", `Too many redirects from ${options.url}`);
    current = new URL(location, current);
  }
}

function withoutCredentials(options: HttpRequestOptions): HttpRequestOptions {
  if (!options.headers) return options;
  const headers = Object.fromEntries(Object.entries(options.headers).filter(([name]) => !["authorization", "cookie"].includes(name.toLowerCase())));
  return { ...options, headers };
}

export interface HttpResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

/** One buffered exchange: gzip/deflate decoded, the body capped at `limits.maxBytes` before and after decoding. */
export async function httpRequest(options: HttpRequestOptions): Promise<HttpResponse> {
  const opened = await openHttp({ ...options, headers: { "accept-encoding": "gzip, deflate", ...options.headers } });
  const { response } = opened;
  const maxBytes = options.limits.maxBytes ?? Number.POSITIVE_INFINITY;
  const declared = Number(response.headers["content-length"]);
  if (Number.isFinite(declared) && declared > maxBytes) {
    const error = new HttpFailure("too_large", `Response of ${declared} bytes exceeds the ${maxBytes}-byte limit.`);
    opened.destroy(error);
    throw error;
  }
  const encoding = String(response.headers["content-encoding"] ?? "identity").toLowerCase();
  const decoder = encoding === "gzip" ? zlib.createGunzip() : encoding === "deflate" ? zlib.createInflate() : null;
  const chunks: Buffer[] = [];
  try {
    // pipeline, not pipe: a cut connection or a bad gzip stream must fail the read, not stall it.
    const stages = decoder ? [response, byteCap(maxBytes), decoder, byteCap(maxBytes)] : [response, byteCap(maxBytes)];
    const body = (pipeline as (...streams: unknown[]) => Readable)(...stages, () => undefined);
    for await (const chunk of body) chunks.push(chunk as Buffer);
    if (!response.complete) throw new HttpFailure("network", "Connection cut mid-response.");
  } catch (error) {
    const failure =
      error instanceof HttpFailure ? error
      : (error as NodeJS.ErrnoException).code?.startsWith("Z_") ? new HttpFailure("network", `Bad ${encoding} body: ${(error as Error).message}`)
      : new HttpFailure("network", `Connection cut mid-response: ${(error as Error).message}`);
    opened.destroy(failure);
    throw failure;
  }
  return { status: response.statusCode ?? 0, headers: response.headers, text: Buffer.concat(chunks).toString("utf8") };
}

/** A pass-through that fails with `too_large` past `maxBytes`. */
function byteCap(maxBytes: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      seen += chunk.length;
      if (seen > maxBytes) return callback(new HttpFailure("too_large", `Response exceeds the ${maxBytes}-byte limit.`));
      callback(null, chunk);
    },
  });
}

/**
 * A `fetch`-compatible function over {@link openHttp}, for SDKs that take a custom fetch
 * (@langchain/ollama) and for streamed completions. The body is a web stream under the same
 * idle/total/byte limits; `signal` (and any signal in `init`) cancels the request.
 */
export function limitedFetch(limits: HttpLimits, signal?: AbortSignal): typeof fetch {
  return async (input, init) => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.toString() : input.url;
    const signals = [signal, init?.signal ?? undefined].filter((s): s is AbortSignal => s !== undefined);
    const headers: Record<string, string> = {};
    new Headers(init?.headers).forEach((value, key) => (headers[key] = value));
    const body = typeof init?.body === "string" || init?.body instanceof Uint8Array ? init.body : init?.body == null ? undefined : String(init.body);
    const opened = await openHttp({
      url,
      method: (init?.method ?? "GET").toUpperCase() as "GET" | "POST",
      headers,
      ...(body !== undefined ? { body } : {}),
      limits,
      ...(signals.length > 0 ? { signal: signals.length === 1 ? signals[0] : AbortSignal.any(signals) } : {}),
    });
    const { response } = opened;
    const responseHeaders = new Headers();
    for (const [key, value] of Object.entries(response.headers)) {
      if (value !== undefined) responseHeaders.set(key, Array.isArray(value) ? value.join(", ") : value);
    }
    const status = response.statusCode ?? 0;
    const nullBody = status === 204 || status === 304 || (init?.method ?? "GET").toUpperCase() === "HEAD";
    const stream = nullBody
      ? null
      : (Readable.toWeb(pipeline(response, byteCap(limits.maxBytes ?? Number.POSITIVE_INFINITY), () => undefined)) as ReadableStream<Uint8Array>);
    if (nullBody) response.resume();
    return new Response(stream, { status, statusText: response.statusMessage ?? "", headers: responseHeaders });
  };
}
