import type { ApiError } from "../../shared/errors.js";

/** The message key of a download's network cause (the engine's `details.cause`), and its params. */
export type CauseKey = "download.cause.refused" | "download.cause.noHost" | "download.cause.timeout" | "download.cause.reset" | "download.cause.http" | "download.cause.other";

/** Where and why an unreachable download failed, from the engine's details; null for another error. */
export function downloadCause(error: ApiError): { host: string; key: CauseKey; status: string } | null {
  if (error.code !== "unavailable") return null;
  const details = (error.details ?? {}) as { host?: unknown; cause?: unknown; status?: unknown };
  const cause = typeof details.cause === "string" ? details.cause : "";
  const host = typeof details.host === "string" ? details.host : "";
  const http = /^http_(\d{3})$/.exec(cause)?.[1] ?? (typeof details.status === "number" ? String(details.status) : "");
  return { host, key: causeKey(cause, http), status: http };
}

function causeKey(cause: string, http: string): CauseKey {
  if (http) return "download.cause.http";
  if (cause === "ECONNREFUSED") return "download.cause.refused";
  if (cause === "ENOTFOUND" || cause === "EAI_AGAIN") return "download.cause.noHost";
  if (cause === "ECONNRESET" || cause === "EPIPE") return "download.cause.reset";
  if (cause === "ETIMEDOUT" || cause.endsWith("_timeout")) return "download.cause.timeout";
  return "download.cause.other";
}

/** Whether a URL is a mirror address the engine can download from (http or https, with a host). */
export function isMirrorUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return (url.protocol === "http:" || url.protocol === "https:") && url.host !== "";
}
