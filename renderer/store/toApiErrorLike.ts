import type { ApiError } from "../../shared/errors.js";
import { ApiErrorSchema } from "../../shared/errors.js";

/**
 * Whatever a transport throws, as an `ApiError` for the banner. Transports throw errors carrying
 * `{code, message}` (directly or under `.error` / `.apiError`); anything else is `internal`.
 */
export function toApiErrorLike(error: unknown): ApiError {
  for (const candidate of [error, (error as { error?: unknown })?.error, (error as { apiError?: unknown })?.apiError]) {
    const parsed = ApiErrorSchema.safeParse(candidate);
    if (parsed.success) return parsed.data;
  }
  const message = error instanceof Error ? error.message : String(error);
  return { code: "internal", message };
}
