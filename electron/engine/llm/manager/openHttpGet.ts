import http from "node:http";
import https from "node:https";
import { ScriptoriumError } from "../../../../shared/errors.js";

/** Explicit limits for one GET; Node's and undici's defaults are minutes long or unlimited. */
export interface HttpGetTimeouts {
  /** TCP (+TLS) connect, ms. */
  connectMs: number;
  /** From sending the request to the status line and headers, ms. */
  headersMs: number;
  /** Longest silence on the socket once connected (between body chunks), ms. */
  idleMs: number;
}

export interface OpenedResponse {
  response: http.IncomingMessage;
  /** The URL that answered, after redirects. */
  finalUrl: string;
  /** Destroys the request (and so the body stream) with `error`. */
  destroy(error: Error): void;
}

const MAX_REDIRECTS = 5;

/** Error with a `retryable` flag the downloader's retry loop reads. */
export class TransientHttpError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "TransientHttpError";
  }
}

function abortError(signal: AbortSignal | undefined): ScriptoriumError {
  const reason = signal?.reason;
  return new ScriptoriumError("aborted", reason instanceof Error && reason.message ? reason.message : "Download cancelled.");
}

function openOnce(url: URL, headers: Record<string, string>, timeouts: HttpGetTimeouts, signal: AbortSignal | undefined): Promise<OpenedResponse> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortError(signal));
    const client = url.protocol === "https:" ? https : url.protocol === "http:" ? http : null;
    if (!client) return reject(new ScriptoriumError("bad_request", `Unsupported URL scheme ${url.protocol} in ${url.toString()}`));
    // agent:false: a fresh connection per request; a pooled socket the server already closed would
    // surface as a spurious reset mid-download.
    const req = client.request(url, { method: "GET", headers, agent: false });
    let settled = false;
    const timers: NodeJS.Timeout[] = [];
    const fail = (error: Error) => {
      if (!settled) {
        settled = true;
        reject(error);
      }
      req.destroy(error);
    };
    const onAbort = () => fail(abortError(signal));
    signal?.addEventListener("abort", onAbort, { once: true });
    const cleanup = () => {
      timers.forEach(clearTimeout);
      signal?.removeEventListener("abort", onAbort);
    };
    req.once("close", cleanup);
    timers.push(setTimeout(() => fail(new TransientHttpError(`Connect timeout after ${timeouts.connectMs} ms: ${url.host}`)), timeouts.connectMs));
    req.once("socket", (socket) => {
      socket.setTimeout(timeouts.idleMs, () => req.destroy(new TransientHttpError(`No data for ${timeouts.idleMs} ms from ${url.host}`)));
      const connected = () => {
        clearTimeout(timers[0]);
        timers.push(setTimeout(() => fail(new TransientHttpError(`No response headers within ${timeouts.headersMs} ms from ${url.host}`)), timeouts.headersMs));
      };
      if (socket.connecting) socket.once(url.protocol === "https:" ? "secureConnect" : "connect", connected);
      else connected();
    });
    req.once("response", (response) => {
      timers.forEach(clearTimeout);
      if (settled) return response.resume();
      settled = true;
      resolve({ response, finalUrl: url.toString(), destroy: (error) => req.destroy(error) });
    });
    req.once("error", (error) => {
      if (!settled) {
        settled = true;
        reject(error instanceof ScriptoriumError || error instanceof TransientHttpError ? error : new TransientHttpError(`${error.message} (${url.host})`));
      }
    });
    req.end();
  });
}

/**
 * Open a GET with explicit connect / headers / idle timeouts and an AbortSignal, following up to 5
 * redirects (model hosts redirect to CDNs). Network failures reject with {@link TransientHttpError};
 * abort rejects with ScriptoriumError("aborted"). The caller reads (or resumes) the body.
 */
export async function openHttpGet(url: string, headers: Record<string, string>, timeouts: HttpGetTimeouts, signal?: AbortSignal): Promise<OpenedResponse> {
  let current = new URL(url);
  for (let hop = 0; ; hop++) {
    const opened = await openOnce(current, headers, timeouts, signal);
    const status = opened.response.statusCode ?? 0;
    const location = opened.response.headers.location;
    if (status >= 300 && status < 400 && location) {
      opened.response.resume();
      opened.destroy(new Error("redirected"));
      if (hop >= MAX_REDIRECTS) throw new ScriptoriumError("unavailable", `Too many redirects from ${url}`);
      current = new URL(location, current);
      continue;
    }
    return opened;
  }
}
