import { ScriptoriumError } from "../../../shared/errors.js";
import type { ImportReasonCode } from "../../../shared/knowledge.js";
import { isNoSpaceError } from "./atomicWrite.js";

const DETAIL_REASONS: ReadonlySet<string> = new Set<ImportReasonCode>(["too_large", "encrypted", "corrupt", "empty", "unreadable", "not_found", "ocr_failed", "unsupported_type"]);

/**
 * The known reason a file failed to import, for the UI to translate (`importReport.reason.<code>`):
 * a full disk, a missing or unreadable file, or the `details.reason` a reader put on its error.
 */
export function importReasonCode(error: unknown): { code?: ImportReasonCode } {
  if (isNoSpaceError(error)) return { code: "disk_full" };
  const errno = (error as { code?: unknown } | null)?.code;
  if (errno === "ENOENT") return { code: "not_found" };
  if (errno === "EACCES" || errno === "EPERM" || errno === "EISDIR" || errno === "EIO") return { code: "unreadable" };
  if (error instanceof ScriptoriumError) {
    const reason = (error.details as { reason?: unknown } | undefined)?.reason;
    if (typeof reason === "string" && DETAIL_REASONS.has(reason)) return { code: reason as ImportReasonCode };
    if (error.code === "disk_full") return { code: "disk_full" };
    if (/\bOCR\b/.test(error.message)) return { code: "ocr_failed" };
  }
  return {};
}
