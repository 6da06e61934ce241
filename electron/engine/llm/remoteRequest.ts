import { ScriptoriumError } from "../../../shared/errors.js";
import type { HttpLimits } from "../io/httpClient.js";
import type { ContinuationStep } from "./generateWithContinuation.js";

/** Timeouts for a remote backend, in milliseconds. */
export interface RemoteTimeouts {
  /** Connect + response headers (a cold model load on the server counts here); default 60 000. */
  headersMs?: number;
  /** Longest silence between two streamed chunks; default 120 000. */
  idleMs?: number;
}

/** The io HTTP client's limits for a remote model server: connect and headers share `headersMs`. */
export function remoteLimits(timeouts: RemoteTimeouts = {}): HttpLimits {
  const headersMs = timeouts.headersMs ?? 60_000;
  return { connectMs: Math.min(headersMs, 30_000), headersMs, idleMs: timeouts.idleMs ?? 120_000 };
}

/** Map a network failure to `unavailable` naming the URL; ScriptoriumErrors pass through. */
export function unavailable(url: string, error: unknown): ScriptoriumError {
  if (error instanceof ScriptoriumError) return error;
  const cause = (error as { cause?: { code?: string; message?: string } } | null)?.cause;
  const detail = cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : String(error));
  return new ScriptoriumError("unavailable", `Cannot reach the model server at ${url}: ${detail}`, { url, cause: detail });
}

/** One remote generation step: text added after `prefix`, why it stopped, tokens it produced. */
export type RemoteStep = ContinuationStep;

/** Rough token count for servers that report none. */
export function approxTokens(text: string): number {
  return Math.ceil(text.length / 4);
}
