import type { ServerResponse } from "node:http";
import { HTTP_STATUS, toApiError } from "../../shared/errors.js";
import type { ApiError } from "../../shared/errors.js";

/** Write a JSON body with `status`; API responses are never cached (they carry private data). */
export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    "Content-Type": "application/json; charset=utf-8",
    "Content-Length": Buffer.byteLength(text),
    "Cache-Control": "no-store",
    "X-Content-Type-Options": "nosniff",
  });
  res.end(text);
}

/**
 * Write `{error: {code, message, details?}}` with the status the contract assigns to the code.
 * `status` overrides it only where HTTP has a more precise word (413 for an oversized body).
 */
export function sendError(res: ServerResponse, error: unknown, status?: number): void {
  const apiError: ApiError = toApiError(error);
  // Unknown errors are bugs: the client learns the code, the log keeps the stack.
  if (apiError.code === "internal") console.error("[server] internal error:", error);
  if (res.headersSent) {
    res.destroy();
    return;
  }
  sendJson(res, status ?? HTTP_STATUS[apiError.code], { error: apiError });
}
