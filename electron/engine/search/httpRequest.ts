import http from "node:http";
import https from "node:https";
import zlib from "node:zlib";

/** Explicit limits for one request: never rely on library defaults (minutes, or unlimited). */
export interface HttpRequestOptions {
  url: string;
  method: "GET" | "POST";
  headers: Record<string, string>;
  body?: string;
  /** TCP (+TLS) connect, ms. */
  connectMs: number;
  /** Request sent → status line and headers received, ms. */
  headersMs: number;
  /** Whole exchange including the body, ms; a slow trickle cannot outlive it. */
  totalMs: number;
  /** Abort beyond this many body bytes, counted after decompression too. */
  maxResponseBytes: number;
  signal?: AbortSignal;
}

export interface HttpResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

export type HttpFailureKind = "connect_timeout" | "headers_timeout" | "total_timeout" | "network" | "too_large" | "aborted";

/** A failed exchange; `kind` tells the retry policy whether trying again can help. */
export class HttpFailure extends Error {
  constructor(
    readonly kind: HttpFailureKind,
    message: string,
  ) {
    super(message);
    this.name = "HttpFailure";
  }
}

/**
 * One HTTP exchange with node:http(s), bounded in time and size. Redirects are not followed: an
 * intranet search endpoint that redirects is misconfigured, and following would widen egress.
 */
export function httpRequest(options: HttpRequestOptions): Promise<HttpResponse> {
  return new Promise((resolve, reject) => {
    const url = new URL(options.url);
    const client = url.protocol === "https:" ? https : url.protocol === "http:" ? http : null;
    if (!client) return reject(new HttpFailure("network", `Unsupported URL scheme ${url.protocol}`));
    if (options.signal?.aborted) return reject(new HttpFailure("aborted", "Search cancelled."));
    const headers: Record<string, string> = { "accept-encoding": "gzip, deflate", ...options.headers };
    if (options.body !== undefined) headers["content-length"] = String(Buffer.byteLength(options.body));
    const req = client.request(url, { method: options.method, headers, agent: false });
    const timers: NodeJS.Timeout[] = [];
    let settled = false;
    const fail = (error: HttpFailure) => {
      if (settled) return;
      settled = true;
      cleanup();
      reject(error);
      req.destroy(error);
    };
    const onAbort = () => fail(new HttpFailure("aborted", "Search cancelled."));
    const cleanup = () => {
      timers.forEach(clearTimeout);
      options.signal?.removeEventListener("abort", onAbort);
    };
    options.signal?.addEventListener("abort", onAbort, { once: true });
    timers.push(setTimeout(() => fail(new HttpFailure("total_timeout", `No complete response within ${options.totalMs} ms.`)), options.totalMs));
    const connectTimer = setTimeout(() => fail(new HttpFailure("connect_timeout", `Could not connect to ${url.host} within ${options.connectMs} ms.`)), options.connectMs);
    timers.push(connectTimer);
    req.once("socket", (socket) => {
      const connected = () => {
        clearTimeout(connectTimer);
        timers.push(setTimeout(() => fail(new HttpFailure("headers_timeout", `No response headers within ${options.headersMs} ms.`)), options.headersMs));
      };
      if (socket.connecting) socket.once(url.protocol === "https:" ? "secureConnect" : "connect", connected);
      else connected();
    });
    req.once("error", (error) => fail(error instanceof HttpFailure ? error : new HttpFailure("network", `${error.message}`)));
    req.once("response", (response) => {
      timers.forEach(clearTimeout);
      timers.length = 0;
      timers.push(setTimeout(() => fail(new HttpFailure("total_timeout", `No complete response within ${options.totalMs} ms.`)), options.totalMs));
      const declared = Number(response.headers["content-length"]);
      if (Number.isFinite(declared) && declared > options.maxResponseBytes) {
        return fail(new HttpFailure("too_large", `Response of ${declared} bytes exceeds the ${options.maxResponseBytes}-byte limit.`));
      }
      const encoding = String(response.headers["content-encoding"] ?? "identity").toLowerCase();
      const decoder = encoding === "gzip" ? zlib.createGunzip() : encoding === "deflate" ? zlib.createInflate() : null;
      const chunks: Buffer[] = [];
      let raw = 0;
      let decoded = 0;
      const collect = (chunk: Buffer) => {
        decoded += chunk.length;
        if (decoded > options.maxResponseBytes) return fail(new HttpFailure("too_large", `Response exceeds the ${options.maxResponseBytes}-byte limit.`));
        chunks.push(chunk);
      };
      response.on("data", (chunk: Buffer) => {
        raw += chunk.length;
        if (raw > options.maxResponseBytes) return fail(new HttpFailure("too_large", `Response exceeds the ${options.maxResponseBytes}-byte limit.`));
        if (decoder) decoder.write(chunk);
        else collect(chunk);
      });
      const done = () => {
        if (settled) return;
        settled = true;
        cleanup();
        resolve({ status: response.statusCode ?? 0, headers: response.headers, text: Buffer.concat(chunks).toString("utf8") });
      };
      decoder?.on("data", collect);
      decoder?.once("error", (error) => fail(new HttpFailure("network", `Bad ${encoding} body: ${error.message}`)));
      decoder?.once("end", done);
      response.once("end", () => {
        if (!response.complete) return fail(new HttpFailure("network", "Connection closed before the response was complete."));
        if (decoder) decoder.end();
        else done();
      });
      response.once("aborted", () => fail(new HttpFailure("network", "Connection cut mid-response.")));
      response.once("error", (error) => fail(new HttpFailure("network", `Connection cut mid-response: ${error.message}`)));
      response.once("close", () => {
        if (!response.complete) fail(new HttpFailure("network", "Connection cut mid-response."));
      });
    });
    req.end(options.body);
  });
}
