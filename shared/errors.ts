import { z } from "zod";

/** Every error that crosses an adapter boundary (IPC, HTTP, CLI) has one of these codes. */
export const ERROR_CODES = [
  "bad_request", // malformed payload: fails its zod schema
  "unauthorized", // missing or wrong access token
  "not_found", // unknown session, version, model, provider …
  "conflict", // action not allowed in the current state (e.g. wrong action at a pause)
  "model_missing", // no model configured / file missing
  "model_invalid", // file is not a loadable GGUF (corrupt, truncated, wrong magic)
  "unavailable", // a configured backend or endpoint cannot be reached
  "disk_full", // a write failed for lack of space (ENOSPC, EDQUOT, SQLITE_FULL); what was saved before is intact
  "aborted", // cancelled by the user
  "internal", // a bug: never expected, always logged
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const ApiErrorSchema = z.object({
  code: z.enum(ERROR_CODES),
  message: z.string(),
  details: z.unknown().optional(),
});
export type ApiError = z.infer<typeof ApiErrorSchema>;

/** HTTP status for each code; the CLI exits non-zero for all of them. */
export const HTTP_STATUS: Record<ErrorCode, number> = {
  bad_request: 400,
  unauthorized: 401,
  not_found: 404,
  conflict: 409,
  model_missing: 409,
  model_invalid: 422,
  unavailable: 503,
  disk_full: 507,
  aborted: 499,
  internal: 500,
};

/** The one error class thrown inside the engine for expected failures; serialises to ApiError. */
export class ScriptoriumError extends Error {
  readonly code: ErrorCode;
  readonly details: unknown;
  constructor(code: ErrorCode, message: string, details?: unknown) {
    super(message);
    this.name = "ScriptoriumError";
    this.code = code;
    this.details = details;
  }
  toJSON(): ApiError {
    return this.details === undefined
      ? { code: this.code, message: this.message }
      : { code: this.code, message: this.message, details: this.details };
  }
}

/** Turn anything thrown into a serialisable ApiError; unknown errors become `internal`. */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ScriptoriumError) return error.toJSON();
  // Out of space from the file system or SQLite, whichever layer met it first.
  const code = (error as { code?: unknown } | null)?.code;
  if (code === "ENOSPC" || code === "EDQUOT" || code === "SQLITE_FULL") {
    return { code: "disk_full", message: "No space left on the disk; nothing saved before was lost. Free some space and try again." };
  }
  if (error instanceof z.ZodError) {
    return { code: "bad_request", message: formatZodError(error), details: error.issues };
  }
  if (error instanceof Error && error.name === "AbortError") return { code: "aborted", message: "Cancelled." };
  const message = error instanceof Error ? error.message : String(error);
  return { code: "internal", message };
}

/** One line naming every failing path, e.g. `action: Invalid option; approved_material_ids: Expected array`. */
export function formatZodError(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((issue) => `${issue.path.length ? issue.path.join(".") : "(payload)"}: ${issue.message}`)
    .join("; ");
}
