import { describeError } from "../../app/ErrorBanner.js";
import type { Translate } from "../../i18n/translate.js";
import { toApiErrorLike } from "../../store/toApiErrorLike.js";
import type { PaperKey, PaperTranslate } from "./messages.js";

const BIB_REASONS = ["not_reference", "unreadable", "empty", "missing", "too_large", "no_title", "not_uploadable"] as const;
const META_FIELDS = ["title", "authors", "year", "doi", "arxiv"] as const;

/** The base name of a path (either separator). */
const baseName = (p: string) => p.split(/[\\/]/).pop() ?? p;

/**
 * A paper-library error in the UI language: a reference file's problem (its `reason`), else the
 * shared sentence for its code. The engine's English message is for logs and the CLI.
 */
export function paperErrorText(t: PaperTranslate, shared: Translate, error: unknown): string {
  const api = toApiErrorLike(error);
  const details = (api.details ?? {}) as { reason?: unknown; file?: unknown; source?: unknown; citation_key?: unknown };
  const reason = BIB_REASONS.find((r) => r === details.reason);
  if (reason) {
    const file = typeof details.file === "string" ? details.file : typeof details.source === "string" ? details.source : "";
    return t(`paper.bib.err.${reason}` as PaperKey, { f: baseName(file), k: String(details.citation_key ?? "") });
  }
  return describeError(shared, api);
}

/** A refused metadata correction: the field the engine named and a sentence for it, or null for another error. */
export function metadataFieldError(t: PaperTranslate, error: unknown): { field: (typeof META_FIELDS)[number]; text: string } | null {
  const details = (toApiErrorLike(error).details ?? {}) as { field?: unknown; value?: unknown };
  const field = META_FIELDS.find((f) => f === details.field);
  if (!field) return null;
  const value = Array.isArray(details.value) ? details.value.join("; ") : String(details.value ?? "");
  return { field, text: t(`paper.meta.err.${field}` as PaperKey, { v: value, max: new Date().getFullYear() + 1 }) };
}
